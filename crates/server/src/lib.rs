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

// A function of the server reads in one sitting: over 150 lines (clippy.toml) is two functions.
#![warn(clippy::too_many_lines)]

mod accounts;
mod accounts_api;
mod analysis;
mod api;
mod blocks;
mod body;
mod bots;
mod change;
mod commands;
mod computer;
mod director;
mod edge;
mod error;
mod feed;
mod flags;
mod game_socket;
mod games;
mod games_api;
mod health;
mod hub;
mod leaving;
mod lesson_api;
mod lessons;
mod limit;
mod listen;
mod live;
mod lobby;
mod mail;
mod mail_api;
mod meta;
mod mod_api;
mod moderation;
mod names;
mod observe;
mod openapi;
mod origin;
mod outbound;
mod pairing;
mod players;
mod presence;
mod proxy;
mod push;
mod push_api;
mod puzzle_api;
mod puzzles;
mod reset;
mod seek_api;
mod seeks;
mod sessions;
mod site_api;
mod socket;
mod state;
mod totp;
mod tournament_api;
mod tournament_rows;
mod tournaments;
mod trust_api;
mod typed;
mod view;
mod web;
mod wire;
mod words;

use std::future::Future;
use std::io::IsTerminal;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use trigonal_store::StoreError;

pub use api::router;
pub use body::BODY_LIMIT;
pub use error::{ApiError, Reason, CODES as ERROR_CODES};
pub use listen::Limits;
pub use mail::MailConfig;
pub use names::RefusedNames;
pub use openapi::document as openapi;

pub use origin::{Origin, Origins};
pub use proxy::TrustedProxies;
pub use state::AppState;
pub use wire::{follow, Followed};

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
    /// The reverse proxies whose forwarding headers are believed.
    pub trust_proxy: TrustedProxies,
    /// Where `/metrics` is served: `None` on [`Config::addr`] with everything else; otherwise
    /// on this address alone (with `/healthz` and `/readyz`), and not on the public one.
    pub metrics_addr: Option<SocketAddr>,
    /// Where mail goes out; `None`: this server sends none.
    pub mail: Option<MailConfig>,
    /// Web Push: who sends (the site's address or a mailto), and whether a browser's push
    /// service may be reached over plain HTTP (a local one, in tests).
    pub push: PushConfig,
    /// The origins whose pages may change anything here (the site's own, and those allowed).
    pub origins: Origins,
    /// The words refused in new names (`--refused-names`; the built-in list by default).
    pub refused_names: RefusedNames,
}

/// How this server sends Web Push notices.
#[derive(Clone, Debug)]
pub struct PushConfig {
    /// Who sends, as push services are told (VAPID's subject): `https://…` or `mailto:…`.
    pub contact: String,
    /// Whether push endpoints may be on a private network or this machine, over `http://` or
    /// `https://` (else only `https://` on public hosts: [`outbound`]).
    pub over_http: bool,
}

impl Default for PushConfig {
    fn default() -> PushConfig {
        PushConfig {
            contact: "mailto:trigonal@localhost".to_string(),
            over_http: false,
        }
    }
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
    /// The mail settings cannot be used.
    #[error("{0}")]
    Mail(String),
    /// Web Push cannot be sent from here (its HTTP client would not start).
    #[error("web push: {0}")]
    Push(String),
}

impl AppState {
    /// Starts the background work every process does: following the store's events and
    /// dropping idle games from memory; and, with `computer` > 0, playing computer seats with
    /// that many searches at once. The work stops when the returned guard is dropped.
    fn start_background(&self, computer: usize) -> Vec<AbortOnDrop> {
        observe::handle();
        let mut tasks = vec![
            AbortOnDrop(tokio::spawn(feed::run(self.clone()))),
            AbortOnDrop(tokio::spawn(Arc::clone(&self.presence).run())),
            AbortOnDrop(tokio::spawn(lobby::Lobby::run(self.clone()))),
            AbortOnDrop(tokio::spawn(director::run(self.clone()))),
            AbortOnDrop(tokio::spawn(mail::run(self.clone()))),
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
        let attempt_limit = self.attempt_limit.clone();
        let reset_limit = self.reset_limit.clone();
        tasks.push(AbortOnDrop(tokio::spawn(async move {
            let mut every = tokio::time::interval(SWEEP);
            loop {
                every.tick().await;
                if let Some(limit) = &creation_limit {
                    limit.forget_idle();
                }
                sign_in_limit.forget_idle();
                attempt_limit.forget_idle();
                reset_limit.forget_idle();
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
    /// The private listener of `/metrics`, when it has its own address.
    metrics: Option<TcpListener>,
    state: AppState,
    computer: usize,
    limits: Limits,
}

impl Server {
    /// Opens the store (running its migrations) and binds the address.
    pub async fn bind(config: &Config) -> Result<Server, ServeError> {
        let store = trigonal_store::open(&config.db).await?;
        puzzles::load_sets(&*store).await?;
        let listener = bind(config.addr).await?;
        let metrics = match config.metrics_addr {
            Some(addr) => Some(bind(addr).await?),
            None => None,
        };
        let mut state = AppState::new(store, config.games_per_minute);
        state.body_timeout = config.limits.body;
        state.bot_patience = config.limits.bot_patience;
        state.computer_offer = config.limits.computer_offer;
        state.quick_widening = config.limits.quick_widening;
        state.analysis_budget = config.limits.analysis_budget;
        state.pusher = Some(Arc::new(
            push::Pusher::new(config.push.contact.clone(), config.push.over_http)
                .map_err(ServeError::Push)?,
        ));
        if let Some(mail) = &config.mail {
            state.mailer = Some(Arc::new(mail::Mailer::new(mail).map_err(ServeError::Mail)?));
        }
        state.send_patience = config.limits.send;
        state.proxies = config.trust_proxy.clone();
        state.origins = config.origins.clone();
        state.refused_names = config.refused_names.clone();
        state.metrics_public = metrics.is_none();
        Ok(Server {
            listener,
            metrics,
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

    /// The address `/metrics` is served on alone, if it has its own.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().and_then(|l| l.local_addr().ok())
    }

    /// Serves until `shutdown` completes; plays computer seats meanwhile if configured to. Then,
    /// in this order: `/readyz` answers 503, the listener closes (a balancer's new connections
    /// go elsewhere), every WebSocket is closed with code 1012 and every bot stream ends (their
    /// clients reconnect elsewhere), and requests in flight finish — all within the grace
    /// period, after which what is left is cut.
    pub async fn run(self, shutdown: impl Future<Output = ()>) -> Result<(), ServeError> {
        let state = self.state;
        let _background = state.start_background(self.computer);
        let _metrics = self.metrics.map(|listener| {
            let app = api::private_router(state.clone());
            let limits = self.limits.clone();
            AbortOnDrop(tokio::spawn(async move {
                listen::serve(listener, app, &limits, std::future::pending(), || {}).await;
            }))
        });
        let lifecycle = state.lifecycle.clone();
        let signal = async {
            shutdown.await;
            lifecycle.begin_shutdown();
        };
        let streams = state.lifecycle.clone();
        let closed = state.lifecycle.clone();
        listen::serve(
            self.listener,
            router(state),
            &self.limits,
            signal,
            move || {
                tracing::info!("not ready, not listening: ending WebSockets and streams");
                closed.end_streams();
            },
        )
        .await;
        let open = streams.streams_ended(self.limits.grace).await;
        if open > 0 {
            tracing::warn!(
                open,
                "streams still open at the end of the grace period were cut"
            );
        }
        Ok(())
    }
}

async fn bind(addr: SocketAddr) -> Result<TcpListener, ServeError> {
    TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Listen { addr, source })
}

/// How log lines are written to standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// For people: one line an event, the request's fields (its id among them) before it.
    #[default]
    Text,
    /// For log collectors: one JSON object a line, with the fields of every span it is in.
    Json,
}

impl std::str::FromStr for LogFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<LogFormat, String> {
        match s {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            _ => Err("the log format is text or json".into()),
        }
    }
}

/// Logs to standard error in `format` (filter with `RUST_LOG`).
fn init_logging(format: LogFormat) {
    // Targets and levels (`info,trigonal_server=debug`), which is all the operator's guide
    // promises: the full filter language would bring a regular-expression engine into the build.
    let filter = std::env::var("RUST_LOG")
        .ok()
        .and_then(|s| s.parse::<Targets>().ok())
        .unwrap_or_else(|| "info,tower_http=warn".parse().expect("a valid filter"));
    // Every level through the writer's own filter, so that the targets' filter alone decides.
    let builder = tracing_subscriber::fmt()
        .with_max_level(tracing::level_filters::LevelFilter::TRACE)
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => builder
            .with_ansi(std::io::stderr().is_terminal())
            .finish()
            .with(filter)
            .try_init(),
        LogFormat::Json => builder
            .json()
            .with_current_span(false)
            .with_span_list(true)
            .finish()
            .with(filter)
            .try_init(),
    };
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

/// `trigonal admin moderator NAME`: makes the account `name` of the store `db` a moderator, or
/// (`on` false, `--revoke`) no longer one. Servers running on that store read the role with each
/// request's session, so it counts at once. `false` when there is no such account.
pub fn set_moderator_blocking(db: &str, name: &str, on: bool) -> Result<bool, ServeError> {
    block_on(async {
        let store = trigonal_store::open(db).await?;
        Ok(store.set_moderator(&accounts::name_key(name), on).await?)
    })?
}

/// `trigonal ratings --recompute`: every rating computed again from the stored results of the
/// rated games of `db`, in the order they were settled; how many games.
pub fn recompute_ratings_blocking(db: &str) -> Result<usize, ServeError> {
    block_on(async {
        let store = trigonal_store::open(db).await?;
        Ok(store.recompute_ratings().await?)
    })?
}

/// `trigonal serve`: serves `config` until Ctrl-C or SIGTERM, logging in `log`.
pub fn serve_blocking(config: Config, log: LogFormat) -> Result<(), ServeError> {
    init_logging(log);
    block_on(async {
        // Listening for SIGTERM before the address is told: a stop sent as soon as a client
        // knows it is a graceful one, not the signal's default (an abrupt end, status 143).
        let stop = stop_signal();
        let server = Server::bind(&config).await?;
        let addr = server.local_addr();
        tracing::info!(
            store = server.state.store.kind(),
            computer = config.computer,
            "Trigonal is at http://{addr}/"
        );
        if let Some(metrics) = server.metrics_addr() {
            tracing::info!("metrics at http://{metrics}/metrics");
        }
        server.run(stop).await
    })?
}

/// `trigonal worker`: plays the computer seats of the games in `db`, `threads` searches at once,
/// until Ctrl-C or SIGTERM, logging in `log`. Serves nothing but, given `metrics_addr`,
/// `/metrics`, `/healthz` and `/readyz` there.
pub fn work_blocking(
    db: &str,
    threads: usize,
    metrics_addr: Option<SocketAddr>,
    log: LogFormat,
    analysis_budget: Duration,
) -> Result<(), ServeError> {
    init_logging(log);
    block_on(async {
        let stop = stop_signal();
        let store = trigonal_store::open(db).await?;
        let mut state = AppState::new(store, 0);
        state.analysis_budget = analysis_budget;
        let metrics = match metrics_addr {
            Some(addr) => Some(bind(addr).await?),
            None => None,
        };
        tracing::info!(
            store = state.store.kind(),
            threads,
            "Trigonal worker started"
        );
        let _background = state.start_background(threads.max(1));
        if let Some(listener) = metrics {
            tracing::info!("metrics at http://{}/metrics", listener.local_addr()?);
            let app = api::private_router(state.clone());
            let lifecycle = state.lifecycle.clone();
            let signal = async {
                stop.await;
                lifecycle.begin_shutdown();
            };
            listen::serve(listener, app, &Limits::default(), signal, || {}).await;
        } else {
            stop.await;
        }
        Ok(())
    })?
}

/// Completes on Ctrl-C, or on SIGTERM where there is one. The handlers are installed when it is
/// called, not when it is first awaited (inside a runtime).
fn stop_signal() -> impl Future<Output = ()> {
    #[cfg(unix)]
    let (interrupt, term) = {
        use tokio::signal::unix::{signal, SignalKind};
        (
            signal(SignalKind::interrupt()).ok(),
            signal(SignalKind::terminate()).ok(),
        )
    };
    async move {
        #[cfg(unix)]
        {
            let received = |s: Option<tokio::signal::unix::Signal>| async move {
                match s {
                    Some(mut s) => drop(s.recv().await),
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                () = received(interrupt) => {}
                () = received(term) => {}
            }
        }
        #[cfg(not(unix))]
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("shutting down");
    }
}
