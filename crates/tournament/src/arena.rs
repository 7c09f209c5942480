//! Arenas: for a stretch of time, players who are free are seated at once with others who are
//! free, ranked by points (then rating) and taken in that order, a table at a time; two who just
//! played each other are not seated together again while someone else is free to take one's
//! place. Tables have two, three or four seats, as the tournament says.
//!
//! Points, in whole points: at a table of n, each player gets 2 for every player placed below
//! them and 1 for every other player placed level with them — so a two-player game gives 2 for a
//! win, 1 each for a draw, 0 for a loss; a table of four gives 6, 4, 2 and 0. A player who won
//! (placed alone at the top) their last two games is on a streak: their points are doubled until
//! a game they do not win.

use crate::Entrant;

/// A free player as the arena sees them: who, their points so far, and whom they sat with last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Free {
    /// The player.
    pub entrant: Entrant,
    /// Their points so far.
    pub points: u32,
    /// The others at their last table.
    pub last: Vec<String>,
}

/// Seats the `free` players at tables of `size`, the best-ranked first; those left over (fewer
/// than a table) wait. Each table lists its players in seat order.
pub fn seat(free: &[Free], size: usize) -> Vec<Vec<String>> {
    assert!((2..=4).contains(&size), "tables of two to four");
    let mut order: Vec<&Free> = free.iter().collect();
    order.sort_by(|a, b| {
        (b.points, b.entrant.rating)
            .cmp(&(a.points, a.entrant.rating))
            .then_with(|| a.entrant.id.cmp(&b.entrant.id))
    });
    let mut tables = Vec::new();
    while order.len() >= size {
        let mut table = vec![order.remove(0)];
        while table.len() < size {
            // The next-ranked who did not just sit with anyone at this table; else the next.
            let fresh = order.iter().position(|f| {
                table
                    .iter()
                    .all(|t| !t.last.contains(&f.entrant.id) && !f.last.contains(&t.entrant.id))
            });
            table.push(order.remove(fresh.unwrap_or(0)));
        }
        tables.push(table.iter().map(|f| f.entrant.id.clone()).collect());
    }
    tables
}

/// A finished table as one player saw it: their place (1 the best; players placed level share
/// it) and the places of everyone at the table, themselves included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    /// Their place.
    pub place: u8,
    /// Every place at the table.
    pub places: Vec<u8>,
}

impl Finish {
    /// Whether they won it alone.
    fn won(&self) -> bool {
        self.place == 1 && self.places.iter().filter(|&&p| p == 1).count() == 1
    }

    /// Its points before any streak: 2 for each player placed below, 1 for each other player
    /// level.
    pub fn points(&self) -> u32 {
        let below = self.places.iter().filter(|&&p| p > self.place).count() as u32;
        let level = self.places.iter().filter(|&&p| p == self.place).count() as u32 - 1;
        2 * below + level
    }
}

/// A player's points from their tables in order, streaks counted, and whether they are on a
/// streak now.
pub fn score(finishes: &[Finish]) -> (u32, bool) {
    let mut points = 0;
    let mut wins_in_a_row = 0;
    for f in finishes {
        let on_fire = wins_in_a_row >= 2;
        points += f.points() * if on_fire { 2 } else { 1 };
        wins_in_a_row = if f.won() { wins_in_a_row + 1 } else { 0 };
    }
    (points, wins_in_a_row >= 2)
}
