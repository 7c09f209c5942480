//! Pairings and standings of tournaments, apart from where they are kept and how they are shown:
//! [`swiss`] rounds for two-player games (no two players meet twice, first seats balanced, a bye
//! for an odd number, standings broken by Buchholz and Sonneborn–Berger) and [`arena`]s (players
//! paired as they become free, by rank; points with a streak bonus; tables of two to four with
//! placing points). Players are opaque ids with a rating; results are places at a table. This
//! crate knows no game's rules, no store and no clock: the server feeds it what happened and
//! stores what it says.

pub mod arena;
pub mod swiss;

/// A player of a tournament: an opaque id (an account's) and their rating when they joined,
/// which orders players of equal score.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entrant {
    /// The id.
    pub id: String,
    /// The rating, rounded.
    pub rating: i32,
}

impl Entrant {
    /// The entrant `id` rated `rating`.
    pub fn new(id: impl Into<String>, rating: i32) -> Entrant {
        Entrant {
            id: id.into(),
            rating,
        }
    }
}
