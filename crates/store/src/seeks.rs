//! Seeks: a game someone asks to play with whoever comes, filled seat by seat by the people who
//! accept it, and started — its game stored — by the acceptance that fills its last seat, in the
//! same transaction, so that however many accept at once on however many processes, a seek
//! becomes one game. A seek lapses unless its seeker's process renews it ([`SEEK_TTL`]); a
//! filled one is kept a short while ([`FILLED_KEPT`]) so that its players' pages hear it started.

use std::time::Duration;

use crate::GameRow;

/// How long a seek lasts unless its seeker's process renews it (processes renew every third).
pub const SEEK_TTL: Duration = Duration::from_secs(30);

/// How long a filled seek is still listed, with its game, for its players to be sent there.
pub const FILLED_KEPT: Duration = Duration::from_secs(60);

/// A stored seek.
#[derive(Clone, Debug, PartialEq)]
pub struct SeekRow {
    /// Its id in URLs.
    pub id: String,
    /// The registry id of the game sought.
    pub game: String,
    /// The number of players.
    pub players: usize,
    /// The variant, where the game has them.
    pub variant: Option<String>,
    /// The clock, as JSON the store does not read; `None`: no clock.
    pub clock: Option<String>,
    /// Whether the game will be rated.
    pub rated: bool,
    /// The ratings admitted, both ends included; `None`: anyone (or, for a quick seek, a
    /// window around its seeker's rating that the server widens as it waits).
    pub range: Option<(i32, i32)>,
    /// Whether quick pairing made it.
    pub quick: bool,
    /// Created, unix milliseconds.
    pub created: i64,
    /// When it lapses unless renewed (once filled: when it stops being listed).
    pub expires: i64,
    /// The people with a seat in it, in the order they came: the seeker first.
    pub seats: Vec<SeekSeat>,
    /// The game it became, once full.
    pub game_id: Option<String>,
}

impl SeekRow {
    /// The seeker's account.
    pub fn seeker(&self) -> &str {
        &self.seats[0].account
    }
}

/// A person with a seat in a seek.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekSeat {
    /// Their account.
    pub account: String,
    /// Their account's name.
    pub name: String,
    /// Their rating in the game's pool when they came.
    pub rating: i32,
}

/// What accepting a seek did.
#[derive(Clone, Debug, PartialEq)]
pub enum Taken {
    /// A seat was taken; the seek waits for more.
    Joined(SeekRow),
    /// The last seat was taken: the game is stored, its id in the seek's `game_id`.
    Started(SeekRow, Box<GameRow>),
    /// No such seek, or it lapsed.
    Gone,
    /// Every seat was taken already.
    Full,
    /// The account has a seat in it already.
    Already,
}

/// What leaving a seek did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// The seeker left: the seek is gone.
    Cancelled,
    /// A person who had accepted left: their seat is free again.
    Left,
    /// The account has no seat in it.
    NotIn,
    /// No such open seek (it lapsed, or it filled).
    Gone,
}

/// Builds the game a seek becomes, from the seek with every seat taken.
pub type Starter = Box<dyn FnOnce(&SeekRow) -> GameRow + Send>;

/// Whether the first to move in `game` is the computer (its move is due as it is stored).
pub(crate) fn computer_first(game: &GameRow) -> bool {
    game.to_move
        .and_then(|s| game.seats.get(usize::from(s)))
        .is_some_and(|s| s.kind == crate::SeatKind::Ai)
}
