//! Tournaments as the store keeps them: the tournament, who entered it (people, and computer
//! levels), and the tables of each round, each a game (a bye none). The store does not pair or
//! score: it keeps what the server decided, and makes two promises — an entry is checked
//! against the tournament's state and size in the transaction that makes it, and a round's
//! tables (with their games) are stored together or not at all, once: a second process storing
//! the same round finds it stored and stores nothing.

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
