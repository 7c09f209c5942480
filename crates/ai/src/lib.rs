//! Trigonal's computer opponents.
//!
//! Search that works for any [`Game`] and any number of players, and the strength [`Level`]s the
//! command line and the server offer. It plays through the `Game` trait only: it must not know any
//! game's rules, and it does no I/O (callers run it on a thread of their choosing; it blocks for
//! its time budget).

pub mod uct;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use trigonal_core::{DynGame, Game};
use trigonal_games::{visit, Visitor};

pub use uct::{uct_move, Budget};

/// How strong a computer player is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Uniformly random legal moves.
    Random,
    /// A short search.
    Easy,
    /// A medium search.
    Medium,
    /// A strong search that answers within 2 s on the project's machine.
    Hard,
    /// The strongest search, with a longer budget.
    Max,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Max,
    ];

    /// The level's thinking time per move (none for `random`).
    pub fn budget(self) -> Duration {
        match self {
            Level::Random => Duration::ZERO,
            Level::Easy => Duration::from_millis(50),
            Level::Medium => Duration::from_millis(300),
            Level::Hard => Duration::from_millis(1500),
            Level::Max => Duration::from_millis(5000),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
        })
    }
}

/// Text that names no level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}; the levels are random, easy, medium, hard, max")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.to_string() == s)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// The move `level` chooses in `position`, for the seat to move; `None` when the game is over.
pub fn choose<G: Game>(position: &G, level: Level, seed: u64) -> Option<G::Move> {
    position.to_move()?;
    let mut rng = SmallRng::seed_from_u64(seed);
    match level {
        Level::Random => {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            Some(moves[rng.gen_range(0..moves.len())])
        }
        _ => Some(uct_move(position, Budget::Time(level.budget()), &mut rng)),
    }
}

/// [`choose`] for a position of a game picked at run time: the chosen move's canonical text.
/// Blocks for the level's time budget.
pub fn choose_move(position: &dyn DynGame, level: Level, seed: u64) -> Option<String> {
    struct Choose<'a>(&'a dyn DynGame, Level, u64);
    impl Visitor for Choose<'_> {
        type Output = Option<String>;
        fn visit<G: Game>(self) -> Option<String> {
            let position = self.0.as_any().downcast_ref::<G>()?;
            choose(position, self.1, self.2).map(|m| m.to_string())
        }
    }
    visit(position.id(), Choose(position, level, seed)).ok()?
}

#[cfg(test)]
mod tests {
    use super::*;
    use trigonal_core::Options;

    #[test]
    fn levels_parse_and_print() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert!("grandmaster".parse::<Level>().is_err());
    }

    #[test]
    fn every_game_gets_a_legal_move_through_the_dynamic_face() {
        for info in trigonal_games::GAMES {
            let game = trigonal_games::new_game(info.id, &Options::default()).unwrap();
            let mv = choose_move(game.as_ref(), Level::Random, 1).unwrap();
            assert!(game.legal_moves().contains(&mv));
        }
    }

    #[test]
    fn uct_is_reproducible_under_a_seed() {
        let start = trigonal_triangoli::Triangoli::start();
        let a = uct_move(
            &start,
            Budget::Iterations(300),
            &mut SmallRng::seed_from_u64(3),
        );
        let b = uct_move(
            &start,
            Budget::Iterations(300),
            &mut SmallRng::seed_from_u64(3),
        );
        assert_eq!(a, b);
    }
}
