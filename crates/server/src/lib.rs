//! Trigonal's server: the HTTP and WebSocket service behind `trigonal serve`, and the computer
//! seats behind `trigonal worker`.
//!
//! The store (`trigonal-store`: a SQLite file, or PostgreSQL shared by many processes) is the
//! truth: a change is committed before it is acknowledged. Each process keeps the games it serves
//! in memory (rebuilt from their moves through the game registry), changes them only through the
//! change path ([`change`]), hears of changes made by other processes from the store's events
//! ([`feed`]) and pushes every change to its WebSocket watchers; computer moves are jobs in the
//! store that any process with a computer claims ([`computer`]). It knows no game's rules: it
//! reaches games through `trigonal-games` and `DynGame`, moves as canonical text, positions as
//! scenes. The API it implements is `docs/api.md`.

mod accounts;
mod analysis;
mod api;
mod bots;
mod change;
mod computer;
mod error;
mod feed;
mod flags;
mod games;
mod limit;
mod listen;
mod live;
mod presence;
mod view;
mod web;

use std::future::Future;
use std::io::IsTerminal;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::Notify;
use trigonal_store::{Store, StoreError};

pub use api::{router, BODY_LIMIT};
pub use error::ApiError;
pub use listen::Limits;

/// Where to listen, where the games are, and how much computing to do.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (`127.0.0.1:8080`; port 0 picks a free one).
    pub addr: SocketAddr,
    /// The store: a SQLite file (created if missing) or a `postgres://` URL.
    pub db: String,
    /// Games (created or uploaded) one address may start a minute, in bursts of as many; 0 for
    /// no limit.
    pub games_per_minute: u32,
    /// Computer searches this process runs at once; 0: it plays no computer seat (worker
    /// processes do).
    pub computer: usize,
    /// Time limits and the most connections at once.
    pub limits: Limits,
}

impl Config {
    /// The default of [`Config::games_per_minute`].
    pub const GAMES_PER_MINUTE: u32 = 30;
}

/// Every core, the default number of computer searches at once.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or migrated.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Listening failed.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// The cause.
        source: std::io::Error,
    },
    /// The runtime could not start.
    #[error("the server stopped: {0}")]
    Io(#[from] std::io::Error),
}

/// What every handler works with: the store (the truth), the games in memory, the limit on new
/// games, and the bell that wakes this process's computer.
#[derive(Clone)]
pub struct AppState {
    store: Arc<dyn Store>,
    hub: live::Hub,
    creation_limit: Option<limit::CreationLimit>,
    computer_due: Arc<Notify>,
    /// The bell that wakes this process's analyst.
    analysis_due: Arc<Notify>,
    /// Who has which game open, through this process.
    presence: Arc<presence::Presence>,
    /// Sign-in attempts, per address and per name.
    sign_in_limit: accounts::SignInLimit,
    /// How long a request's body may take to arrive.
    body_timeout: Duration,
    /// How long a bot may take over a move in a game without clocks.
    bot_patience: Duration,
}

impl AppState {
    /// A state over `store`, letting each address start `games_per_minute` games a minute (0:
    /// no limit).
    pub fn new(store: Arc<dyn Store>, games_per_minute: u32) -> AppState {
        AppState {
            presence: Arc::new(presence::Presence::new(Arc::clone(&store))),
            store,
            hub: live::Hub::default(),
            creation_limit: limit::CreationLimit::per_minute(games_per_minute),
            computer_due: Arc::new(Notify::new()),
            analysis_due: Arc::new(Notify::new()),
            sign_in_limit: accounts::SignInLimit::default(),
            body_timeout: Limits::default().body,
            bot_patience: Limits::default().bot_patience,
        }
    }

    /// Starts the background work every process does: following the store's events and
    /// dropping idle games from memory; and, with `computer` > 0, playing computer seats with
    /// that many searches at once. The work stops when the returned guard is dropped.
    fn start_background(&self, computer: usize) -> Vec<AbortOnDrop> {
        let mut tasks = vec![
            AbortOnDrop(tokio::spawn(feed::run(self.clone()))),
            AbortOnDrop(tokio::spawn(Arc::clone(&self.presence).run())),
            AbortOnDrop(tokio::spawn(flags::run(self.clone()))),
        ];
        if computer > 0 {
            tasks.push(AbortOnDrop(tokio::spawn(analysis::run(self.clone()))));
            tasks.push(AbortOnDrop(tokio::spawn(computer::run(
                self.clone(),
                computer,
            ))));
        }
        let (hub, creation_limit) = (self.hub.clone(), self.creation_limit.clone());
        let sign_in_limit = self.sign_in_limit.clone();
        tasks.push(AbortOnDrop(tokio::spawn(async move {
            let mut every = tokio::time::interval(SWEEP);
            loop {
                every.tick().await;
                if let Some(limit) = &creation_limit {
                    limit.forget_idle();
                }
                sign_in_limit.forget_idle();
                let dropped = hub.evict_idle(IDLE.as_millis() as i64);
                if dropped > 0 {
                    tracing::debug!(dropped, kept = hub.len(), "idle games dropped from memory");
                }
            }
        })));
        tasks
    }
}

/// How often idle games are dropped from memory, and after how long without a change.
const SWEEP: Duration = Duration::from_secs(60);
const IDLE: Duration = Duration::from_secs(600);

/// Aborts a task when dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// A server bound to its address, with its database open, not yet serving.
pub struct Server {
    listener: TcpListener,
    state: AppState,
    computer: usize,
    limits: Limits,
}

impl Server {
    /// Opens the store (running its migrations) and binds the address.
    pub async fn bind(config: &Config) -> Result<Server, ServeError> {
        let store = trigonal_store::open(&config.db).await?;
        let listener =
            TcpListener::bind(config.addr)
                .await
                .map_err(|source| ServeError::Listen {
                    addr: config.addr,
                    source,
                })?;
        let mut state = AppState::new(store, config.games_per_minute);
        state.body_timeout = config.limits.body;
        state.bot_patience = config.limits.bot_patience;
        Ok(Server {
            listener,
            state,
            computer: config.computer,
            limits: config.limits.clone(),
        })
    }

    /// The address actually bound (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Serves until `shutdown` completes (then lets requests in flight finish, for at most
    /// the grace period); plays computer seats meanwhile if configured to.
    pub async fn run(self, shutdown: impl Future<Output = ()>) -> Result<(), ServeError> {
        let _background = self.state.start_background(self.computer);
        listen::serve(self.listener, router(self.state), &self.limits, shutdown).await;
        Ok(())
    }
}

/// Logs to standard error (filter with `RUST_LOG`).
fn init_logging() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,tower_http=warn".into()),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}

/// Runs `work` on a new runtime; a computer still thinking at the end is not waited for: its
/// move was not acknowledged, and its job is claimed again (by this process's next start, or by
/// another once the lease runs out).
fn block_on<T>(work: impl Future<Output = T>) -> Result<T, std::io::Error> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let result = runtime.block_on(work);
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(result)
}

/// `trigonal ratings --recompute`: every rating computed again from the stored results of the
/// rated games of `db`, in the order they were settled; how many games.
pub fn recompute_ratings_blocking(db: &str) -> Result<usize, ServeError> {
    block_on(async {
        let store = trigonal_store::open(db).await?;
        Ok(store.recompute_ratings().await?)
    })?
}

/// `trigonal serve`: serves `config` until Ctrl-C or SIGTERM.
pub fn serve_blocking(config: Config) -> Result<(), ServeError> {
    init_logging();
    block_on(async {
        let server = Server::bind(&config).await?;
        let addr = server.local_addr();
        tracing::info!(
            store = server.state.store.kind(),
            computer = config.computer,
            "Trigonal is at http://{addr}/"
        );
        server.run(stop_signal()).await
    })?
}

/// `trigonal worker`: plays the computer seats of the games in `db`, `threads` searches at once,
/// until Ctrl-C or SIGTERM. Serves nothing.
pub fn work_blocking(db: &str, threads: usize) -> Result<(), ServeError> {
    init_logging();
    block_on(async {
        let store = trigonal_store::open(db).await?;
        let state = AppState::new(store, 0);
        tracing::info!(
            store = state.store.kind(),
            threads,
            "Trigonal worker started"
        );
        let _background = state.start_background(threads.max(1));
        stop_signal().await;
        Ok(())
    })?
}

/// Completes on Ctrl-C, or on SIGTERM where there is one.
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut term) => {
                term.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
    tracing::info!("shutting down");
}
