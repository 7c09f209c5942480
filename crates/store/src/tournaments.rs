//! Tournaments as the store keeps them: the tournament, who entered it (people, and computer
//! levels), and the tables of each round, each a game (a bye none). The store does not pair or
//! score: it keeps what the server decided, and makes two promises — an entry is checked
//! against the tournament's state and size in the transaction that makes it, and a round's
//! tables (with their games) are stored together or not at all, once: a second process storing
//! the same round finds it stored and stores nothing.
//!
//! What both backends decide alike is here, once, as functions of what they read: whether an
//! entry is taken and what it writes ([`entry`]), what withdrawing writes ([`withdrawal`]),
//! whether a round may be seated ([`may_seat`]), and which time a status change stamps
//! ([`stamp`]). The backends read, call, and write what they are told.

use crate::GameRow;

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Taking entrants until it starts.
    Waiting,
    /// Being played.
    Running,
    /// Over: its standings are final.
    Finished,
    /// Never played (too few came).
    Cancelled,
}

impl Status {
    /// The word stored (and shown).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Running => "running",
            Status::Finished => "finished",
            Status::Cancelled => "cancelled",
        }
    }

    /// The status `word` names.
    pub fn parse(word: &str) -> Option<Status> {
        Some(match word {
            "waiting" => Status::Waiting,
            "running" => Status::Running,
            "finished" => Status::Finished,
            "cancelled" => Status::Cancelled,
            _ => return None,
        })
    }

    /// Whether it is over (finished or cancelled).
    pub fn over(self) -> bool {
        matches!(self, Status::Finished | Status::Cancelled)
    }
}

/// A stored tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    /// Its id in URLs.
    pub id: String,
    /// Its name.
    pub name: String,
    /// `swiss` or `arena`; the store does not read it.
    pub system: String,
    /// The account that made it.
    pub creator: String,
    /// Its name.
    pub creator_name: String,
    /// The registry id of its game.
    pub game: String,
    /// Seats at each table.
    pub players: usize,
    /// The variant, where the game has them.
    pub variant: Option<String>,
    /// The clock, as JSON the store does not read.
    pub clock: Option<String>,
    /// Whether its games are rated.
    pub rated: bool,
    /// A Swiss tournament's number of rounds.
    pub rounds: Option<u32>,
    /// An arena's length in minutes.
    pub minutes: Option<u32>,
    /// The most entrants it takes.
    pub capacity: usize,
    /// When it starts, unix milliseconds.
    pub starts: i64,
    /// Where it is.
    pub status: Status,
    /// Made, unix milliseconds.
    pub created: i64,
    /// When it started.
    pub started: Option<i64>,
    /// When it finished or was cancelled.
    pub ended: Option<i64>,
    /// Who entered, in the order they came.
    pub entrants: Vec<EntrantRow>,
    /// Its tables by round and number (empty in a list).
    pub tables: Vec<RoundTable>,
}

/// One who entered a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    /// An account's id, or `computer:<level>`.
    pub id: String,
    /// The name shown.
    pub name: String,
    /// Their rating in the tournament's pool when they entered.
    pub rating: i32,
    /// A computer entrant's level.
    pub level: Option<String>,
    /// Whether they withdrew (after the start: kept in the standings, not paired).
    pub withdrawn: bool,
    /// When they entered.
    pub joined: i64,
}

/// A table of a round: who sits at it, its game, and, once over, their places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundTable {
    /// Its round (an arena's pairing wave), from 1.
    pub round: u32,
    /// Its number in the round, from 1.
    pub n: u32,
    /// Its game; none for a bye.
    pub game_id: Option<String>,
    /// The entrants by seat (a bye: the one who has it).
    pub seated: Vec<String>,
    /// Each seat's place (1 the best, ties sharing), once over.
    pub places: Option<Vec<u8>>,
    /// When it was seated.
    pub started: i64,
}

/// What entering a tournament did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entered {
    /// They are in (again, after withdrawing, where that is allowed).
    Joined,
    /// They were in already.
    Already,
    /// It started, and takes nobody late.
    Started,
    /// It is over.
    Over,
    /// It has all the entrants it takes.
    Full,
    /// No such tournament.
    Gone,
}

/// What withdrawing did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Withdrawn {
    /// Out: before the start, gone from it; after, kept in the standings and not paired.
    Out,
    /// They were not in it (or had withdrawn already).
    NotIn,
    /// It is over.
    Over,
    /// No such tournament.
    Gone,
}

/// A table to seat, with the game it plays (none for a bye).
pub type Seating = (RoundTable, Option<GameRow>);

/// What an entry that is taken writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A new entrant: their row is added.
    New,
    /// One who withdrew comes back: their row is marked in again.
    Back,
}

/// Whether an entry into a tournament is taken, and what it writes; the refusal otherwise. The
/// tournament is in `status` (`None`: there is none) and takes entrants after its start only
/// when `late`; `withdrawn` is the entrant's row (`None`: they never entered, `Some(true)`: they
/// withdrew); `count` entrants are in (not withdrawn), of the `capacity` it takes. Checked in
/// this order: gone, over, started, already in, full.
pub fn entry(
    status: Option<Status>,
    late: bool,
    withdrawn: Option<bool>,
    count: i64,
    capacity: i64,
) -> Result<Entry, Entered> {
    let Some(status) = status else {
        return Err(Entered::Gone);
    };
    if status.over() {
        return Err(Entered::Over);
    }
    if status == Status::Running && !late {
        return Err(Entered::Started);
    }
    match withdrawn {
        Some(false) => Err(Entered::Already),
        _ if count >= capacity => Err(Entered::Full),
        Some(true) => Ok(Entry::Back),
        None => Ok(Entry::New),
    }
}

/// What withdrawing writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Withdrawal {
    /// Before the start: the entrant's row goes.
    Remove,
    /// After it: the row stays, marked withdrawn (kept in the standings, not paired).
    Mark,
}

/// Whether one may withdraw from a tournament in `status` (`None`: there is none), and what it
/// writes to their row (no row to write: they were not in, [`Withdrawn::NotIn`]); the refusal
/// otherwise: gone, or over.
pub fn withdrawal(status: Option<Status>) -> Result<Withdrawal, Withdrawn> {
    match status {
        None => Err(Withdrawn::Gone),
        Some(s) if s.over() => Err(Withdrawn::Over),
        Some(Status::Waiting) => Ok(Withdrawal::Remove),
        Some(_) => Ok(Withdrawal::Mark),
    }
}

/// Whether a round may be seated in a tournament in `status` (`None`: there is none): the round
/// that `starts` it is seated while it waits, any other while it runs, and each once (`stored`:
/// the round was stored already).
pub fn may_seat(status: Option<Status>, starts: bool, stored: bool) -> bool {
    let want = if starts {
        Status::Waiting
    } else {
        Status::Running
    };
    status == Some(want) && !stored
}

/// The time a status change records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stamp {
    /// When it started.
    Started,
    /// When it ended.
    Ended,
}

/// Which time a change of status to `to` records: a start (to running) its `started`, any
/// other (finished, cancelled) its `ended`.
pub fn stamp(to: Status) -> Stamp {
    if to == Status::Running {
        Stamp::Started
    } else {
        Stamp::Ended
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_refused_in_the_order_gone_over_started_already_full() {
        // No tournament: gone, whatever else.
        assert_eq!(entry(None, true, Some(false), 9, 1), Err(Entered::Gone));
        // Over outranks everything after it.
        for over in [Status::Finished, Status::Cancelled] {
            assert_eq!(
                entry(Some(over), true, Some(false), 9, 1),
                Err(Entered::Over)
            );
        }
        // Running takes nobody unless late entries are allowed.
        assert_eq!(
            entry(Some(Status::Running), false, Some(false), 9, 1),
            Err(Entered::Started)
        );
        // In already (not withdrawn): already, even when full.
        assert_eq!(
            entry(Some(Status::Waiting), false, Some(false), 9, 1),
            Err(Entered::Already)
        );
        assert_eq!(
            entry(Some(Status::Running), true, Some(false), 9, 1),
            Err(Entered::Already)
        );
        // Full: the count reached the capacity (or passed it), new or coming back.
        assert_eq!(
            entry(Some(Status::Waiting), false, None, 4, 4),
            Err(Entered::Full)
        );
        assert_eq!(
            entry(Some(Status::Waiting), false, Some(true), 5, 4),
            Err(Entered::Full)
        );
    }

    #[test]
    fn an_entry_taken_adds_a_row_or_marks_one_back_in() {
        assert_eq!(
            entry(Some(Status::Waiting), false, None, 3, 4),
            Ok(Entry::New)
        );
        assert_eq!(
            entry(Some(Status::Waiting), true, None, 0, 4),
            Ok(Entry::New)
        );
        assert_eq!(
            entry(Some(Status::Waiting), false, Some(true), 3, 4),
            Ok(Entry::Back)
        );
        // Late, after the start.
        assert_eq!(
            entry(Some(Status::Running), true, None, 3, 4),
            Ok(Entry::New)
        );
        assert_eq!(
            entry(Some(Status::Running), true, Some(true), 3, 4),
            Ok(Entry::Back)
        );
    }

    #[test]
    fn withdrawing_removes_before_the_start_and_marks_after() {
        assert_eq!(withdrawal(None), Err(Withdrawn::Gone));
        assert_eq!(withdrawal(Some(Status::Finished)), Err(Withdrawn::Over));
        assert_eq!(withdrawal(Some(Status::Cancelled)), Err(Withdrawn::Over));
        assert_eq!(withdrawal(Some(Status::Waiting)), Ok(Withdrawal::Remove));
        assert_eq!(withdrawal(Some(Status::Running)), Ok(Withdrawal::Mark));
    }

    #[test]
    fn the_first_round_is_seated_while_waiting_the_others_while_running_each_once() {
        assert!(may_seat(Some(Status::Waiting), true, false));
        assert!(may_seat(Some(Status::Running), false, false));
        // Stored already.
        assert!(!may_seat(Some(Status::Waiting), true, true));
        assert!(!may_seat(Some(Status::Running), false, true));
        // The wrong status for the round.
        assert!(!may_seat(Some(Status::Running), true, false));
        assert!(!may_seat(Some(Status::Waiting), false, false));
        for over in [Status::Finished, Status::Cancelled] {
            assert!(!may_seat(Some(over), true, false));
            assert!(!may_seat(Some(over), false, false));
        }
        assert!(!may_seat(None, true, false));
        assert!(!may_seat(None, false, false));
    }

    #[test]
    fn a_start_stamps_started_and_any_other_change_ended() {
        assert_eq!(stamp(Status::Running), Stamp::Started);
        assert_eq!(stamp(Status::Finished), Stamp::Ended);
        assert_eq!(stamp(Status::Cancelled), Stamp::Ended);
        assert_eq!(stamp(Status::Waiting), Stamp::Ended);
    }
}
