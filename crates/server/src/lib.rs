//! Trigonal's server: the HTTP and WebSocket service behind `trigonal serve`.
//!
//! It stores every game in SQLite (the truth: a move is committed before it is acknowledged),
//! keeps the positions of games in play in memory (rebuilt from their moves through the game
//! registry), pushes every change of a game to its players and spectators over a WebSocket, plays
//! computer seats in the background on blocking threads, and serves the browser front end
//! embedded from `web/`. It knows no game's rules: it reaches games through `trigonal-games` and
//! `DynGame`, moves as canonical text, positions as scenes. The API it implements is
//! `docs/api.md`.

mod ai;
mod api;
mod error;
mod games;
mod limit;
mod live;
mod store;
mod token;
mod view;
mod web;

use std::future::Future;
use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use tokio::net::TcpListener;

pub use api::{router, BODY_LIMIT};
pub use error::ApiError;
pub use store::{Store, StoreError};

/// Where to listen and where to store.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (`127.0.0.1:8080`; port 0 picks a free one).
    pub addr: SocketAddr,
    /// The SQLite database file, created if missing.
    pub db: PathBuf,
    /// Games (created or uploaded) one address may start a minute, in bursts of as many; 0 for
    /// no limit.
    pub games_per_minute: u32,
}

impl Config {
    /// The default of [`Config::games_per_minute`].
    pub const GAMES_PER_MINUTE: u32 = 30;
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
    /// Serving failed.
    #[error("the server stopped: {0}")]
    Io(#[from] std::io::Error),
    /// Games waiting for the computer could not be resumed.
    #[error("resuming computer moves: {0}")]
    Resume(#[from] ApiError),
}

/// What every handler works with: the store (the truth), the games in memory, the runner of
/// computer moves, and the limit on new games.
#[derive(Clone)]
pub struct AppState {
    store: Store,
    hub: live::Hub,
    ai: ai::AiRunner,
    creation_limit: Option<limit::CreationLimit>,
}

impl AppState {
    /// A state over `store`, running at most `parallel_searches` computer searches at once, and
    /// letting each address start `games_per_minute` games a minute (0: no limit).
    pub fn new(store: Store, parallel_searches: usize, games_per_minute: u32) -> AppState {
        AppState {
            store,
            hub: live::Hub::default(),
            ai: ai::AiRunner::new(parallel_searches),
            creation_limit: limit::CreationLimit::per_minute(games_per_minute),
        }
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
}

impl Server {
    /// Opens the database (running its migrations) and binds the address.
    pub async fn bind(config: &Config) -> Result<Server, ServeError> {
        let db = config.db.clone();
        let store = tokio::task::spawn_blocking(move || Store::open(&db))
            .await
            .map_err(|e| StoreError::Task(e.to_string()))??;
        let listener =
            TcpListener::bind(config.addr)
                .await
                .map_err(|source| ServeError::Listen {
                    addr: config.addr,
                    source,
                })?;
        let parallel = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(Server {
            listener,
            state: AppState::new(store, parallel, config.games_per_minute),
        })
    }

    /// The address actually bound (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Resumes the computer's moves in stored games, then serves until `shutdown` completes.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        let resumed = ai::resume(&self.state).await?;
        if resumed > 0 {
            tracing::info!(
                games = resumed,
                "resumed games where the computer is to move"
            );
        }
        let hub = self.state.hub.clone();
        let creation_limit = self.state.creation_limit.clone();
        let sweeper = tokio::spawn(async move {
            let mut every = tokio::time::interval(SWEEP);
            loop {
                every.tick().await;
                if let Some(limit) = &creation_limit {
                    limit.forget_idle();
                }
                let dropped = hub.evict_idle(IDLE.as_millis() as i64);
                if dropped > 0 {
                    tracing::debug!(dropped, kept = hub.len(), "idle games dropped from memory");
                }
            }
        });
        let _stop_sweeper = AbortOnDrop(sweeper);
        // With each peer's address, which the limit on new games is kept by.
        let app = router(self.state).into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, app)
            .with_graceful_shutdown(shutdown)
            .await?;
        Ok(())
    }
}

/// `trigonal serve`: logs to standard error (filter with `RUST_LOG`), serves `config` until
/// Ctrl-C.
pub fn serve_blocking(config: Config) -> Result<(), ServeError> {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,tower_http=warn".into()),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let result = runtime.block_on(async {
        let server = Server::bind(&config).await?;
        let addr = server.local_addr();
        tracing::info!(db = %config.db.display(), "Trigonal is at http://{addr}/");
        server.run(stop_signal()).await
    });
    // A computer still thinking is not waited for: its move was not acknowledged, and it is
    // computed again at the next start.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
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
