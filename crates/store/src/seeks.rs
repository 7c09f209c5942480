//! Seeks: a game someone asks to play with whoever comes, filled seat by seat by the people who
//! accept it, and started — its game stored — by the acceptance that fills its last seat, in the
//! same transaction, so that however many accept at once on however many processes, a seek
//! becomes one game. A seek lapses unless its seeker's process renews it ([`SEEK_TTL`]); a
//! filled one is kept a short while ([`FILLED_KEPT`]) so that its players' pages hear it started.
//!
//! What both backends decide alike is here, once, as functions of the seek they read: whether an
//! acceptance takes a seat, and whether it fills the seek ([`accept`]), whether the seeker may
//! start it before it is full ([`may_start`]), what leaving it does ([`leaving`]), and the
//! times a filled or renewed seek is kept to ([`fill`], [`renewed_until`]).

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

/// What a seat taken in a seek does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acceptance {
    /// Seats are left after it: the seek waits for more.
    Waits,
    /// It is the last seat: the seek's game starts.
    Fills,
}

/// Why a seat in a seek is refused: [`Taken`]'s refusals of a seek that is listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// It became a game, or every seat is taken ([`Taken::Full`]).
    Full,
    /// The account has a seat in it already ([`Taken::Already`]).
    Already,
}

impl From<Refused> for Taken {
    fn from(refused: Refused) -> Taken {
        match refused {
            Refused::Full => Taken::Full,
            Refused::Already => Taken::Already,
        }
    }
}

/// Whether `account` may take a seat in `seek`, and what the seat does; the refusal otherwise,
/// checked in this order: full (it became a game, or every seat is taken), already in.
pub fn accept(seek: &SeekRow, account: &str) -> Result<Acceptance, Refused> {
    if seek.game_id.is_some() || seek.seats.len() >= seek.players {
        return Err(Refused::Full);
    }
    if seek.seats.iter().any(|s| s.account == account) {
        return Err(Refused::Already);
    }
    Ok(if seek.seats.len() + 1 < seek.players {
        Acceptance::Waits
    } else {
        Acceptance::Fills
    })
}

/// Whether `seeker` may start `seek` before every seat is taken: it is still open, and theirs.
pub fn may_start(seek: &SeekRow, seeker: &str) -> bool {
    seek.game_id.is_none() && seek.seeker() == seeker
}

/// What `account` leaving `seek` (`None`: no such seek listed, or it lapsed) does: the seeker
/// cancels it, one who accepted it frees their seat; [`Left::NotIn`] for anyone else, and
/// [`Left::Gone`] when it is not listed or became a game.
pub fn leaving(seek: Option<&SeekRow>, account: &str) -> Left {
    match seek {
        None => Left::Gone,
        Some(seek) if seek.game_id.is_some() => Left::Gone,
        Some(seek) if seek.seeker() == account => Left::Cancelled,
        Some(seek) if seek.seats.iter().any(|s| s.account == account) => Left::Left,
        Some(_) => Left::NotIn,
    }
}

/// Marks `seek` filled at `now` by game `game`: it became that game, and is listed for
/// [`FILLED_KEPT`] more.
pub fn fill(seek: &mut SeekRow, game: &str, now: i64) {
    seek.game_id = Some(game.to_string());
    seek.expires = now + crate::ms(FILLED_KEPT);
}

/// When a seek renewed at `now` lapses: [`SEEK_TTL`] later.
pub fn renewed_until(now: i64) -> i64 {
    now + crate::ms(SEEK_TTL)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(account: &str) -> SeekSeat {
        SeekSeat {
            account: account.into(),
            name: account.to_uppercase(),
            rating: 1500,
        }
    }

    /// A seek of `players` seats, its seats taken by `accounts` (the seeker first).
    fn seek(players: usize, accounts: &[&str]) -> SeekRow {
        SeekRow {
            id: "s".into(),
            game: "triangoli".into(),
            players,
            variant: None,
            clock: None,
            rated: false,
            range: None,
            quick: false,
            created: 1000,
            expires: 31_000,
            seats: accounts.iter().copied().map(seat).collect(),
            game_id: None,
        }
    }

    #[test]
    fn an_acceptance_is_refused_in_the_order_full_already() {
        // Every seat taken, by someone else or by the one accepting: full first.
        assert_eq!(accept(&seek(2, &["a", "b"]), "c"), Err(Refused::Full));
        assert_eq!(accept(&seek(2, &["a", "b"]), "a"), Err(Refused::Full));
        // It became a game (its seeker started it before it was full).
        let mut started = seek(3, &["a"]);
        started.game_id = Some("g".into());
        assert_eq!(accept(&started, "b"), Err(Refused::Full));
        assert_eq!(accept(&started, "a"), Err(Refused::Full));
        // In it already: the seeker, or one who accepted.
        assert_eq!(accept(&seek(3, &["a", "b"]), "a"), Err(Refused::Already));
        assert_eq!(accept(&seek(3, &["a", "b"]), "b"), Err(Refused::Already));
        assert_eq!(Taken::from(Refused::Full), Taken::Full);
        assert_eq!(Taken::from(Refused::Already), Taken::Already);
    }

    #[test]
    fn an_acceptance_waits_for_more_or_fills_the_last_seat() {
        assert_eq!(accept(&seek(3, &["a"]), "b"), Ok(Acceptance::Waits));
        assert_eq!(accept(&seek(4, &["a", "b"]), "c"), Ok(Acceptance::Waits));
        assert_eq!(accept(&seek(3, &["a", "b"]), "c"), Ok(Acceptance::Fills));
        assert_eq!(accept(&seek(2, &["a"]), "b"), Ok(Acceptance::Fills));
    }

    #[test]
    fn only_the_seeker_starts_an_open_seek() {
        assert!(may_start(&seek(3, &["a", "b"]), "a"));
        assert!(!may_start(&seek(3, &["a", "b"]), "b"));
        assert!(!may_start(&seek(3, &["a", "b"]), "c"));
        let mut started = seek(3, &["a"]);
        started.game_id = Some("g".into());
        assert!(!may_start(&started, "a"));
    }

    #[test]
    fn the_seeker_cancels_one_who_accepted_leaves_anyone_else_is_not_in() {
        assert_eq!(leaving(None, "a"), Left::Gone);
        let mut started = seek(2, &["a", "b"]);
        started.game_id = Some("g".into());
        assert_eq!(leaving(Some(&started), "a"), Left::Gone);
        assert_eq!(leaving(Some(&started), "b"), Left::Gone);
        let open = seek(3, &["a", "b"]);
        assert_eq!(leaving(Some(&open), "a"), Left::Cancelled);
        assert_eq!(leaving(Some(&open), "b"), Left::Left);
        assert_eq!(leaving(Some(&open), "c"), Left::NotIn);
    }

    #[test]
    fn a_filled_seek_is_kept_a_minute_and_a_renewed_one_thirty_seconds() {
        let mut s = seek(2, &["a", "b"]);
        fill(&mut s, "g", 5000);
        assert_eq!(s.game_id.as_deref(), Some("g"));
        assert_eq!(s.expires, 65_000);
        assert_eq!(renewed_until(5000), 35_000);
    }
}
