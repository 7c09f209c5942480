//! Where Trigonal's games live: the [`Store`] interface, and its two implementations —
//! [`SqliteStore`] (one file, the embedded default) and [`PgStore`] (PostgreSQL, shared by many
//! server and worker processes). [`open`] picks one from a path or a `postgres://` URL.
//!
//! The store is the truth about every game, and it keeps the same promises on both: a change is
//! committed before its caller hears `Done` (and so before any move is acknowledged); every
//! change names the game's `version` it was planned on and is refused as [`Committed::Stale`] if
//! the game has changed since, so of two changes planned on one state exactly one wins; the key
//! `(game, ply)` of the moves makes a second move at a ply impossible; seat tokens are stored only
//! as digests ([`TokenDigest`]). A computer move that is due is a job row written in the same
//! commit as the change that made it due, claimed by one process at a time with a lease.
//! Every committed change is announced ([`StoreEvent`]) to every process using the store.
//!
//! [`backup`] copies a store while it serves (SQLite: online backup API; PostgreSQL: `pg_dump`),
//! and [`restore`] puts a backup into an empty store.
//!
//! It knows nothing of HTTP, of any game's rules or of the computer's search: moves are canonical
//! text, levels are names, and what is legal is decided before a change reaches it.

/// The columns of an account's row, in [`AccountRow`]'s order, of `accounts a`: both dialects.
macro_rules! account_columns {
    () => {
        "a.id, a.name, a.password_hash, a.created, a.bot_token IS NOT NULL, a.moderator, \
         a.muted_until, a.closed, a.totp_on"
    };
}

#[macro_use]
mod migrations;
mod backup;
mod interface;
mod learning;
mod mail;
mod postgres;
mod safety;
mod seeks;
mod sqlite;
mod token;
mod tournaments;

use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub use backup::{backup, restore, BackupReport};
pub use interface::{
    Accounts, Analyses, Games, Jobs, Learning, Mail, Presence, Push, Ratings, Safety, Seeks, Store,
    Tournaments,
};
pub use learning::{AttemptRow, Attempted, LessonDone, PuzzleRow};
pub use mail::{MailRow, MailTo, PushRow, Sent};
pub use postgres::PgStore;
pub use safety::{
    deleted_key, held_name, may_report, may_reset, needs_touch, Action, BlockRow, ModAction,
    ModLogRow, Moderated, ReportReason, ReportRow, ReportStatus, ResetRow, TotpRow, TOUCH_EVERY,
};
use seeks::computer_first;
pub use seeks::{Left, SeekRow, SeekSeat, Starter, Taken, FILLED_KEPT, SEEK_TTL};
pub use sqlite::SqliteStore;
pub use token::{random_id, TokenDigest};
pub use tournaments::{Entered, EntrantRow, RoundTable, Seating, Status, TournamentRow, Withdrawn};

/// A failure of the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database cannot be reached (down, restarting, or the network is cut). Worth trying
    /// again later; nothing was changed.
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// The database refused a statement.
    #[error("database error: {0}")]
    Database(String),
    /// The database was written by a newer Trigonal, whose schema this one does not know.
    #[error("the database {place} has schema version {found}, newer than this Trigonal knows ({known}); use a newer trigonal")]
    TooNew {
        /// The file or URL.
        place: String,
        /// Its schema version.
        found: i64,
        /// The newest version this build knows.
        known: usize,
    },
    /// A stored value this build cannot read.
    #[error("stored data is damaged: {0}")]
    Damaged(String),
    /// `--db` names something that is neither a file nor a PostgreSQL URL.
    #[error("{0}")]
    BadLocation(String),
    /// A backup or a restore that cannot be made, and why (`trigonal backup`, `trigonal
    /// restore`).
    #[error("{0}")]
    Backup(String),
    /// The database thread is gone or dropped the request.
    #[error("database thread failed: {0}")]
    Task(String),
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Database(e.to_string())
    }
}

/// What sits in a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person the creator knows; the creator got the token.
    Human,
    /// Waiting for anyone to join from the lobby; a `Human` seat once someone joins.
    Open,
    /// The computer.
    Ai,
    /// A seat of an uploaded record: nobody plays it.
    Record,
}

impl SeatKind {
    /// The name used in the database and the API.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Open => "open",
            SeatKind::Ai => "ai",
            SeatKind::Record => "record",
        }
    }
}

impl FromStr for SeatKind {
    type Err = StoreError;
    fn from_str(s: &str) -> Result<SeatKind, StoreError> {
        [
            SeatKind::Human,
            SeatKind::Open,
            SeatKind::Ai,
            SeatKind::Record,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
        .ok_or_else(|| StoreError::Damaged(format!("unknown seat kind {s:?}")))
    }
}

/// One seat of a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// What sits there.
    pub kind: SeatKind,
    /// The computer's level by name, for `Ai` seats.
    pub level: Option<String>,
    /// The digest of the secret of the person in the seat (`Human` seats).
    pub token_digest: Option<TokenDigest>,
    /// The account the seat belongs to, when its player was signed in.
    pub owner: Option<String>,
    /// More digests of secrets that play the seat: the tokens its owner's browsers were given
    /// (see [`Change::Key`]).
    pub keys: Vec<TokenDigest>,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// Canonical notation.
    pub text: String,
    /// The seat that played it.
    pub seat: u8,
    /// When, in unix milliseconds.
    pub at: i64,
}

/// A stored game with its seats and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id in URLs.
    pub id: String,
    /// The registry id (`triangoli`, …).
    pub game: String,
    /// The variant, where the game has them.
    pub variant: Option<String>,
    /// The number of players.
    pub players: usize,
    /// The seats in order.
    pub seats: Vec<SeatRow>,
    /// The moves in order.
    pub moves: Vec<MoveRow>,
    /// The seat to move after the moves, `None` when over.
    pub to_move: Option<u8>,
    /// Counts the changes committed to the game since it was stored (0 for a new game).
    pub version: i64,
    /// Created, unix milliseconds.
    pub created: i64,
    /// Last changed, unix milliseconds.
    pub updated: i64,
    /// What is around the board: names, resignations, offers, how the game ended.
    pub table: Table,
    /// The latest chat messages (at most [`CHAT_KEPT`]), oldest first.
    pub chat: Vec<ChatRow>,
    /// The seats whose players have the game open now (see [`Store::set_presence`]), in order.
    pub present: Vec<u8>,
    /// When the time of the seat to move runs out (unix milliseconds), in a game with a clock
    /// running: any process finds it with [`Store::due_deadlines`].
    pub deadline: Option<i64>,
}

/// How many of a game's latest chat messages a load returns.
pub const CHAT_KEPT: usize = 200;

/// What is around a game's board besides its moves and seats, stored as one JSON value with the
/// game and replaced whole by each change: the store does not look inside.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Table {
    /// Each seat's name, if its player gave one.
    pub names: Vec<Option<String>>,
    /// Each seat's resignation (a resigned seat of a 3–4 player game is played by the computer).
    pub resigned: Vec<bool>,
    /// How the game ended, when not by its rules (a resignation, a draw agreed).
    pub ending: Option<Ending>,
    /// The seat offering a draw.
    pub draw_offer: Option<u8>,
    /// A take-back waiting for the consent of the people whose moves it removes.
    pub takeback: Option<TakeBackRequest>,
    /// The rematch of this game.
    pub rematch: Option<String>,
    /// The game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// The seat of the person who created the game (who may turn chat off).
    pub creator: Option<u8>,
    /// Whether the creator turned chat off.
    pub chat_off: bool,
    /// The clocks, in a game with a time control.
    pub clock: Option<trigonal_clock::Clock>,
    /// Each seat whose time ran out (in a 3–4 player game the computer plays it on).
    pub out_of_time: Vec<bool>,
    /// Whether the game is rated: every seat a signed-in player's, their ratings settled when
    /// it ends.
    pub rated: bool,
    /// Each seat played by a bot (through the bot API).
    pub bots: Vec<bool>,
    /// The tournament whose table this game is.
    pub tournament: Option<String>,
    /// Each seat's account's name now, where the seat belongs to an account: the name beside
    /// which a player is reported (a rename changes it, in every game).
    pub accounts: Vec<Option<String>>,
    /// Each seat whose account was deleted: shown as a deleted player's, its name gone.
    pub deleted: Vec<bool>,
}

/// An ending that is not the rules'.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Ending {
    /// Why: `resignation`, `agreement`.
    pub reason: String,
    /// The seats that won.
    pub winners: Vec<u8>,
}

/// A take-back asked for by `by`, from ply `from`, waiting for `waiting` to consent.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TakeBackRequest {
    /// The asker.
    pub by: u8,
    /// The first ply it takes back.
    pub from: usize,
    /// Everyone whose consent it needs.
    pub waiting: Vec<u8>,
    /// Those of them who gave it.
    pub accepted: Vec<u8>,
}

/// One chat message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRow {
    /// The sender's seat.
    pub seat: u8,
    /// The text.
    pub text: String,
    /// When, unix milliseconds.
    pub at: i64,
}

/// A player's account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// Its id (random, never shown).
    pub id: String,
    /// The name as chosen.
    pub name: String,
    /// The password's Argon2id hash (a PHC string: algorithm, parameters, salt, hash).
    pub password_hash: String,
    /// Created, unix milliseconds.
    pub created: i64,
    /// Whether the account is a bot's (it plays through the bot API, with an API token).
    pub bot: bool,
    /// Whether the account is a moderator's (`trigonal admin moderator`).
    pub moderator: bool,
    /// Until when a moderator muted its chat (unix milliseconds), if they did.
    pub muted_until: Option<i64>,
    /// Whether a moderator closed the account: it cannot sign in.
    pub closed: bool,
    /// Whether two-step sign-in (TOTP) is on.
    pub totp: bool,
}

impl AccountRow {
    /// A new account's row: no role, nothing on it.
    pub fn new(id: String, name: String, password_hash: String, created: i64, bot: bool) -> Self {
        AccountRow {
            id,
            name,
            password_hash,
            created,
            bot,
            moderator: false,
            muted_until: None,
            closed: false,
            totp: false,
        }
    }
}

/// A signed-in session: only the digest of its secret is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRow {
    /// The digest of the cookie's secret.
    pub digest: TokenDigest,
    /// The account.
    pub account: String,
    /// Created, unix milliseconds.
    pub created: i64,
    /// Ends, unix milliseconds.
    pub expires: i64,
    /// Its id in the API (`DELETE /api/me/sessions/{id}`): not its secret, nor the digest.
    pub id: String,
    /// The browser and system it was started from, in a few words (`Firefox on Linux`).
    pub agent: String,
    /// When it was last used (within [`TOUCH_EVERY`]), unix milliseconds.
    pub last_seen: i64,
}

/// A game's analysis as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRow {
    /// Positions to analyse.
    pub total: usize,
    /// Positions analysed.
    pub done: usize,
    /// The entries so far, as JSON (an array).
    pub entries: String,
}

/// A line of the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The game's id in URLs.
    pub id: String,
    /// The registry id.
    pub game: String,
    /// The variant.
    pub variant: Option<String>,
    /// The number of players.
    pub players: usize,
    /// Moves played.
    pub ply: usize,
    /// Whether the game is over.
    pub over: bool,
    /// Seats open for anyone to join.
    pub open_seats: Vec<u8>,
    /// The time control.
    pub clock: Option<trigonal_clock::Control>,
    /// Whether the game is rated.
    pub rated: bool,
    /// The seat of the person who created the game, and the name they gave.
    pub creator: Option<Creator>,
    /// The seats that belong to accounts, with the account's id, in seat order.
    pub owners: Vec<(u8, String)>,
    /// Created, unix milliseconds.
    pub created: i64,
}

/// The creator of a game: their seat, and the name they gave.
pub type Creator = (u8, Option<String>);

impl Summary {
    /// The account the creator's seat belongs to, if any.
    pub fn creator_account(&self) -> Option<&str> {
        let (seat, _) = self.creator.as_ref()?;
        self.owners
            .iter()
            .find(|(s, _)| s == seat)
            .map(|(_, a)| a.as_str())
    }
}

/// What a lobby line shows of a game's stored table (JSON): its time control, whether it is
/// rated, and its creator's seat and name. A table this build cannot read shows nothing.
fn lobby_facts(table: &str) -> (Option<trigonal_clock::Control>, bool, Option<Creator>) {
    let Ok(table) = serde_json::from_str::<Table>(table) else {
        return (None, false, None);
    };
    let creator = table.creator.map(|seat| {
        let name = table.names.get(usize::from(seat)).cloned().flatten();
        (seat, name)
    });
    (table.clock.map(|c| c.control), table.rated, creator)
}

/// `seat:account` pairs, as the lobby's query gives them, in seat order.
fn owners_of<'a>(pairs: impl Iterator<Item = &'a str>) -> Vec<(u8, String)> {
    let mut owners: Vec<(u8, String)> = pairs
        .filter_map(|pair| {
            let (seat, account) = pair.split_once(':')?;
            Some((seat.parse().ok()?, account.to_string()))
        })
        .collect();
    owners.sort();
    owners
}

/// What a change does to a game. Whether it is allowed was decided by the caller against the
/// game as of `version`; the store only makes sure that is still the game's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Appends `mv` as the move at `ply` (the game has `ply` moves).
    Move {
        /// The ply of the move: the number of moves before it.
        ply: usize,
        /// The move.
        mv: MoveRow,
    },
    /// Deletes the moves from ply `from` on.
    TakeBack {
        /// The first ply deleted.
        from: usize,
    },
    /// The open seat `seat` becomes a human seat with the token of `digest`, belonging to the
    /// account `owner` if given.
    Join {
        /// The seat.
        seat: u8,
        /// Its new token's digest.
        digest: TokenDigest,
        /// The joining player's account.
        owner: Option<String>,
    },
    /// One more token plays seat `seat` (its owner's, in another browser).
    Key {
        /// The seat.
        seat: u8,
        /// The token's digest.
        digest: TokenDigest,
    },
    /// The seat `seat`, which belongs to nobody, comes to belong to the account `owner`.
    Own {
        /// The seat.
        seat: u8,
        /// The account.
        owner: String,
    },
    /// The human seat `seat` kept for a player who has no token yet (a rematch's) gets the token
    /// of `digest`.
    Claim {
        /// The seat.
        seat: u8,
        /// Its token's digest.
        digest: TokenDigest,
    },
    /// Only the table changes.
    Table,
    /// The computer plays `seat` from now on, at `level` (the person there keeps the token).
    HandOver {
        /// The seat.
        seat: u8,
        /// The computer's level.
        level: String,
    },
    /// A chat message.
    Say(ChatRow),
    /// Stores `game` (with its computer job when `computer_due`) as this game's rematch.
    Rematch {
        /// The new game.
        game: Box<GameRow>,
        /// Whether a computer seat is to move first in it.
        computer_due: bool,
    },
}

/// A change to commit, and the state it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commit {
    /// The game.
    pub game: String,
    /// The version the change was planned on; the change is refused if the game is not at it.
    pub version: i64,
    /// The change.
    pub change: Change,
    /// The seat to move afterwards (`None`: over).
    pub to_move: Option<u8>,
    /// The game's table afterwards.
    pub table: Table,
    /// The game's deadline afterwards (see [`GameRow::deadline`]).
    pub deadline: Option<i64>,
    /// Whether a computer seat is to move afterwards: a job for it is kept in the same commit.
    pub computer_due: bool,
    /// For a computer's move: the process that made it (its claim owner). That process keeps
    /// the computer's search, so the game's next computer move is offered to it first.
    pub by: Option<String>,
    /// When, unix milliseconds.
    pub at: i64,
    /// For a change that ends a rated game: the ratings to settle, in the same commit.
    pub rate: Option<RatedResult>,
}

/// The result of a rated game, for its players' ratings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedResult {
    /// The pool, as the game's kit names it (`triangoli`, `four-triangles-3`).
    pub pool: String,
    /// Each seat's account, in seat order.
    pub accounts: Vec<String>,
    /// Each seat's place (1 first, ties sharing).
    pub places: Vec<usize>,
}

/// What a rated game did to one player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRating {
    /// The account.
    pub account: String,
    /// The game's pool.
    pub pool: String,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
}

/// The rating history's row before the one of (`account`, `pool`, `game_id`), in the order the
/// history is read ([`Ratings::rating_history`]): the rating a game started from. Both dialects.
const RATING_BEFORE: &str = "SELECT h.account, h.pool, h.rating,
        (SELECT p.rating FROM rating_history p
         WHERE p.account = h.account AND p.pool = h.pool
           AND (p.at < h.at OR (p.at = h.at AND p.game_id < h.game_id))
         ORDER BY p.at DESC, p.game_id DESC LIMIT 1)
     FROM rating_history h WHERE h.game_id = $1 ORDER BY h.account";

/// A player's rating in a pool, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The pool.
    pub pool: String,
    /// The rating.
    pub rating: trigonal_ratings::Rating,
}

/// How long a due computer move waits for the process that made the game's last computer move
/// (which keeps its search tree) before any other may claim it.
pub const AFFINITY: Duration = Duration::from_millis(300);

/// How long a due computer move without a clock to beat (or with a later deadline) may wait
/// behind moves whose clocks run out sooner. Due moves are claimed earliest deadline first, a
/// move's deadline being its seat's flag fall, or this long after it became due, whichever
/// comes first: a computer short of time is not kept waiting behind one with minutes to spare
/// (its clock runs while it waits), and a move without a clock still comes in its turn.
pub const PATIENCE: Duration = Duration::from_secs(30);

impl Commit {
    /// The number of moves after the change is committed, given `ply`, the number before.
    pub fn ply_after(&self, ply: usize) -> usize {
        match &self.change {
            Change::Move { ply, .. } => ply + 1,
            Change::TakeBack { from } => *from,
            _ => ply,
        }
    }
}

/// How a commit ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Committed {
    /// Committed; the game is now at `version`.
    Done {
        /// The game's new version.
        version: i64,
    },
    /// Nothing changed: the game is no longer at the version the change was planned on (or the
    /// ply was taken, or the seat joined, meanwhile). Reload and decide again.
    Stale,
}

/// A computer move claimed by one process: the game is at `ply`, a computer seat to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The game.
    pub game: String,
    /// The ply the move is due at.
    pub ply: usize,
}

/// What every process using a store hears of changes made by any of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreEvent {
    /// A change to game `game` was committed; it has `ply` moves now.
    Changed {
        /// The game.
        game: String,
        /// Its moves now.
        ply: usize,
    },
    /// Who has game `game` open changed: read [`Store::present`] again.
    Presence {
        /// The game.
        game: String,
    },
    /// A computer move became due somewhere: claim it.
    JobsDue,
    /// A seek was made, taken, left, filled or lapsed: read [`Seeks::list_seeks`] again.
    Seeks,
    /// Tournament `id` changed (an entry, a round, a result, its status): read it again.
    Tournament {
        /// The tournament.
        id: String,
    },
    /// The events may have missed some (the connection was lost and is back): re-read what
    /// is watched.
    Resync,
}

/// How long a process's record of who has a game open lasts unless renewed (processes renew
/// every [`PRESENCE_TTL`] / 3).
pub const PRESENCE_TTL: Duration = Duration::from_secs(30);

/// How many events a process may fall behind before it must resync.
pub const EVENTS: usize = 4096;

/// Opens the store `location` names: a `postgres://` or `postgresql://` URL (PostgreSQL), or a
/// file path (SQLite, created if missing). Runs the migrations the database lacks.
pub async fn open(location: &str) -> Result<Arc<dyn Store>, StoreError> {
    if location.starts_with("postgres://") || location.starts_with("postgresql://") {
        return Ok(Arc::new(PgStore::open(location).await?));
    }
    if let Some((scheme, _)) = location.split_once("://") {
        return Err(StoreError::BadLocation(format!(
            "--db {location:?}: unknown scheme {scheme:?}; give a SQLite file path or a postgres:// URL"
        )));
    }
    let path = std::path::PathBuf::from(location);
    let store = tokio::task::spawn_blocking(move || SqliteStore::open(&path))
        .await
        .map_err(|e| StoreError::Task(e.to_string()))??;
    Ok(Arc::new(store))
}

/// The current time in unix milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// `d` in milliseconds, as stored.
fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// For tests of this crate and the crates above it: stores of both kinds, fresh for each test.
/// PostgreSQL databases are made on the server the environment variable `TRIGONAL_TEST_PG`
/// names (`bash scripts/test` starts one). Compiled only for tests: the `testing` feature, which
/// the crates' test builds turn on, never a build of the product.
#[cfg(any(test, feature = "testing"))]
pub mod testing {
    /// A fresh store location of `kind`: `"sqlite"` (a file in a temporary folder, removed with
    /// this) or `"postgresql"` (a new, empty database).
    pub struct Place {
        /// What `--db` takes: the file path or the URL.
        pub db: String,
        /// The temporary folder of a SQLite file.
        pub dir: Option<tempfile::TempDir>,
    }

    impl Place {
        /// A fresh place for a store of `kind`.
        pub async fn new(kind: &str) -> Place {
            match kind {
                "sqlite" => {
                    let dir = tempfile::tempdir().expect("a temporary folder");
                    Place {
                        db: dir.path().join("trigonal.db").display().to_string(),
                        dir: Some(dir),
                    }
                }
                "postgresql" => Place {
                    db: migrated_pg().await,
                    dir: None,
                },
                other => panic!("no store of kind {other:?}"),
            }
        }
    }

    /// A second handle on the store at `place`, opened first as `first`: on PostgreSQL another
    /// pool, as another process would have; on SQLite the same one (a file is served by one
    /// process).
    pub async fn second(
        kind: &str,
        first: &std::sync::Arc<dyn crate::Store>,
        place: &Place,
    ) -> std::sync::Arc<dyn crate::Store> {
        if kind == "sqlite" {
            std::sync::Arc::clone(first)
        } else {
            crate::open(&place.db).await.expect("a second handle")
        }
    }

    /// Runs an async test function of one argument, the store's kind, once on SQLite and once on
    /// PostgreSQL (as `NAME::sqlite` and `NAME::postgresql`).
    #[macro_export]
    macro_rules! on_both {
        ($name:ident) => {
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$name("sqlite").await;
                }
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgresql() {
                    super::$name("postgresql").await;
                }
            }
        };
    }

    /// The test server's URL. Panics, saying how to get one, when `TRIGONAL_TEST_PG` is not
    /// set: the PostgreSQL tests are part of the suite, not optional.
    fn test_pg() -> String {
        std::env::var("TRIGONAL_TEST_PG").unwrap_or_else(|_| {
            panic!(
                "TRIGONAL_TEST_PG is not set: run the tests with `bash scripts/test`, which starts \
                 a throwaway PostgreSQL, or point it at one (postgres://user@host:port/db)"
            )
        })
    }

    /// A connection to the database at `url`, its connection driven in the background.
    async fn connect(url: &str) -> tokio_postgres::Client {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("cannot reach the test PostgreSQL at {url}: {e}"));
        tokio::spawn(connection);
        client
    }

    /// The URL of database `name` on the server at `base`.
    fn url_of(base: &str, name: &str) -> String {
        let (prefix, _) = base.rsplit_once('/').expect("a URL with a database name");
        format!("{prefix}/{name}")
    }

    /// The URL of a new, empty database on the test server.
    pub async fn fresh_pg() -> String {
        let base = test_pg();
        let name = format!("t_{}", crate::random_id().to_lowercase().replace('-', "_"));
        connect(&base)
            .await
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("a test database is created");
        url_of(&base, &name)
    }

    /// The URL of a new database on the test server with the whole schema in it, as a store
    /// opened on an empty one would leave it: a copy of a template migrated once for this schema
    /// (by the first test to need it, while the others wait on a lock) — one copy a test rather
    /// than every migration again.
    pub async fn migrated_pg() -> String {
        use std::hash::{Hash, Hasher};
        let base = test_pg();
        let client = connect(&base).await;
        // The template's name says which schema it holds: a change to any step makes another.
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        crate::postgres::schema::MIGRATIONS.hash(&mut hasher);
        let template = format!("tpl_{:016x}", hasher.finish());
        const TEMPLATE_LOCK: i64 = 0x7470_6c5f_6c6f_636b;
        client
            .execute("SELECT pg_advisory_lock($1)", &[&TEMPLATE_LOCK])
            .await
            .expect("the template's lock");
        let made = client
            .query_opt("SELECT 1 FROM pg_database WHERE datname = $1", &[&template])
            .await
            .expect("the databases are listed")
            .is_some();
        if !made {
            // Made under another name and renamed once whole, so that a test killed while
            // making it leaves no half-made template behind.
            let making = format!("{template}_making");
            for statement in [
                format!("DROP DATABASE IF EXISTS {making}"),
                format!("CREATE DATABASE {making}"),
            ] {
                client
                    .batch_execute(&statement)
                    .await
                    .expect("the template is created");
            }
            let url = url_of(&base, &making);
            let mut on_it = connect(&url).await;
            crate::postgres::migrate(&mut on_it, &url)
                .await
                .expect("the template is migrated");
            drop(on_it);
            // Its connection ends in the background: wait until nobody is connected to it.
            while client
                .query_opt(
                    "SELECT 1 FROM pg_stat_activity WHERE datname = $1",
                    &[&making],
                )
                .await
                .expect("the connections are listed")
                .is_some()
            {
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            }
            client
                .batch_execute(&format!("ALTER DATABASE {making} RENAME TO {template}"))
                .await
                .expect("the template is named");
        }
        let name = format!("t_{}", crate::random_id().to_lowercase().replace('-', "_"));
        let created = client
            .batch_execute(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
            .await;
        client
            .execute("SELECT pg_advisory_unlock($1)", &[&TEMPLATE_LOCK])
            .await
            .expect("the template's lock is let go");
        created.expect("a test database is copied from the template");
        url_of(&base, &name)
    }
}
