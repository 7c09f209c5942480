//! The state every handler works with ([`AppState`]): the store, the games in memory, the
//! limits, the bells that wake this process's background work, and the settings taken from the
//! command line. Start-up (building it from a [`crate::Config`] and starting the work) is
//! `lib.rs`'s; what each concern does with it is in its own module.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;
use trigonal_store::Store;

use crate::listen::Limits;
use crate::names::RefusedNames;
use crate::origin::Origins;
use crate::proxy::TrustedProxies;
use crate::{accounts, director, health, hub, limit, lobby, mail, presence, push, reset};

/// What every handler works with: the store (the truth), the games in memory, the limit on new
/// games, and the bell that wakes this process's computer.
#[derive(Clone)]
pub struct AppState {
    pub(crate) store: Arc<dyn Store>,
    pub(crate) hub: hub::Hub,
    pub(crate) creation_limit: Option<limit::AddressLimit>,
    /// Puzzle attempts, per address.
    pub(crate) attempt_limit: limit::AddressLimit,
    /// Password resets asked for, per address.
    pub(crate) reset_limit: limit::AddressLimit,
    /// The words refused in new names.
    pub(crate) refused_names: RefusedNames,
    pub(crate) computer_due: Arc<Notify>,
    /// The bell that wakes this process's analyst.
    pub(crate) analysis_due: Arc<Notify>,
    /// Who has which game open, through this process.
    pub(crate) presence: Arc<presence::Presence>,
    /// This process's lobby sockets.
    pub(crate) lobby: Arc<lobby::Lobby>,
    /// This process's tournament director and the bell of changed tournaments.
    pub(crate) director: Arc<director::Director>,
    /// The SMTP transport, if this server sends mail.
    pub(crate) mailer: Option<Arc<mail::Mailer>>,
    /// The bell that wakes this process's mail sender.
    pub(crate) mail_due: Arc<Notify>,
    /// The Web Push sender, once the site's key is read.
    pub(crate) pusher: Option<Arc<push::Pusher>>,
    /// Sign-in attempts, per address and per name.
    pub(crate) sign_in_limit: accounts::SignInLimit,
    /// How long a request's body may take to arrive.
    pub(crate) body_timeout: Duration,
    /// How long a bot may take over a move in a game without clocks.
    pub(crate) bot_patience: Duration,
    /// How long a seek waits before the computer is offered for its free seats.
    pub(crate) computer_offer: Duration,
    /// How much a quick seek's window widens each way, a second.
    pub(crate) quick_widening: i32,
    /// The computer's time on each position of an analysis.
    pub(crate) analysis_budget: Duration,
    /// How long a message to a WebSocket may take to leave.
    pub(crate) send_patience: Duration,
    /// The reverse proxies whose headers say who the client is.
    pub(crate) proxies: TrustedProxies,
    /// Whether a shutdown has begun, and the streams that must end with it.
    pub(crate) lifecycle: health::Lifecycle,
    /// Whether `/metrics` is served with the API (else on a private address of its own).
    pub(crate) metrics_public: bool,
    /// The origins whose pages may change anything here.
    pub(crate) origins: Origins,
}

impl AppState {
    /// A state over `store`, letting each address start `games_per_minute` games a minute (0:
    /// no limit).
    pub fn new(store: Arc<dyn Store>, games_per_minute: u32) -> AppState {
        AppState {
            presence: Arc::new(presence::Presence::new(Arc::clone(&store))),
            lobby: Arc::default(),
            director: Arc::default(),
            mailer: None,
            pusher: None,
            mail_due: Arc::new(Notify::new()),
            store,
            hub: hub::Hub::default(),
            creation_limit: limit::AddressLimit::per_minute(games_per_minute),
            attempt_limit: limit::AddressLimit::new(
                limit::ATTEMPTS_PER_MINUTE,
                "attempts",
                "puzzle attempts",
            )
            .expect("a limit above 0"),
            reset_limit: limit::AddressLimit::new(
                reset::RESETS_PER_MINUTE,
                "resets",
                "password resets",
            )
            .expect("a limit above 0"),
            refused_names: RefusedNames::default(),
            computer_due: Arc::new(Notify::new()),
            analysis_due: Arc::new(Notify::new()),
            sign_in_limit: accounts::SignInLimit::default(),
            body_timeout: Limits::default().body,
            bot_patience: Limits::default().bot_patience,
            computer_offer: Limits::default().computer_offer,
            quick_widening: Limits::default().quick_widening,
            analysis_budget: Limits::default().analysis_budget,
            send_patience: Limits::default().send,
            proxies: TrustedProxies::default(),
            lifecycle: health::Lifecycle::default(),
            metrics_public: true,
            origins: Origins::default(),
        }
    }
}
