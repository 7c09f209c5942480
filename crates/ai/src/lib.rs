//! Trigonal's computer opponents.
//!
//! Search for any [`Game`] and any number of players, the strength [`Level`]s the command line
//! and the server offer, the agents of the arena, and the arena itself:
//! - [`uct`]: plain UCT, the fixed baseline (uniform random playouts, no knowledge);
//! - [`mcts`]: MCTS with per-seat rewards, knowledge, a solver, tree reuse and root parallelism;
//! - [`alphabeta`]: alpha-beta for two players, with iterative deepening, a transposition table
//!   and move ordering ([`cutoffs`]: killer moves and history), and an exact mode that solves
//!   endgames;
//! - [`knowledge`]: what the searches may know about a game beyond its rules, with a generic
//!   default; [`solve`]: exact results of two-player positions, for games whose knowledge
//!   counts final margins;
//! - [`kit`]: what a game hands Trigonal beyond its rules — its knowledge, the player each level
//!   puts at its board, its rating pools, its solver — each with a default for any game;
//! - [`player`]: players kept from move to move; [`roster`]: the players a level builds;
//!   [`agent`]: the agents named `random`, `uct:MS`, `hint[:MS]`, `ai:LEVEL[:MS]`; [`arena`]: matches
//!   between agents with scores and intervals.
//!
//! The searches play through the `Game` trait only and do no I/O: callers run them on a thread
//! of their choosing, and they block for their budget. This crate knows no game: each game's
//! crate implements [`Knowledge`](knowledge::Knowledge) and [`Kit`] beside its rules, and its own
//! tests use toy games small enough to know every answer by hand.

pub mod agent;
pub mod alphabeta;
pub mod arena;
pub mod cutoffs;
pub mod kit;
pub mod knowledge;
pub mod mcts;
pub mod player;
pub mod puzzle;
pub mod roster;
pub mod solve;
pub mod uct;

#[cfg(test)]
mod toy;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use trigonal_core::Game;

pub use agent::{typed_player, Agent, AgentError, DynPlayer};
pub use kit::Kit;
pub use player::Player;
pub use uct::{baseline_move, uct_move, Baseline, Budget};

/// How strong a computer player is. Every level answers within its time a move
/// ([`Level::budget`]) and searches on up to [`Level::threads`] threads, with the search that
/// did best in the arena for each game, as [`roster`] lists them.
///
/// Alpha-beta runs on one thread; MCTS runs a tree per thread.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Uniformly random legal moves; no thinking time.
    Random,
    /// 0.1 s a move on one thread.
    Easy,
    /// 0.5 s a move on one thread.
    Medium,
    /// 1.5 s a move on two threads (answers within 2 s).
    Hard,
    /// 6 s a move on two threads.
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
            Level::Easy => Duration::from_millis(100),
            Level::Medium => Duration::from_millis(500),
            Level::Hard => Duration::from_millis(1500),
            Level::Max => Duration::from_millis(6000),
        }
    }

    /// Threads a level's search may use (where the search is parallel).
    pub fn threads(self) -> usize {
        match self {
            Level::Random | Level::Easy | Level::Medium => 1,
            Level::Hard | Level::Max => 2,
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

/// What a player found when it chose a move.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought<M> {
    /// The move chosen.
    pub best: M,
    /// The expected share of the win of each seat, as the search sees it.
    pub shares: Vec<f64>,
    /// Alpha-beta's value from the view of the seat to move (a final margin when proven by the
    /// exact solver); `None` for other searches.
    pub score: Option<i32>,
    /// Whether the value is proven (by a solver) rather than estimated.
    pub proven: bool,
    /// How the search went, for people.
    pub detail: String,
    /// Each move the search tried at the root, as it saw it (MCTS; empty for other searches).
    pub moves: Vec<MoveStat<M>>,
}

/// One move of the root as a search saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStat<M> {
    /// The move.
    pub mv: M,
    /// Playouts through it.
    pub visits: u64,
    /// The mover's expected share of the win after it: proven where `proven`, else the mean of
    /// its playouts.
    pub share: f64,
    /// Whether `share` is proven by the search's solver.
    pub proven: bool,
}

impl<M> Thought<M> {
    /// A move chosen without any estimate (equal shares).
    pub fn unknown<G: Game<Move = M>>(best: M, position: &G, detail: &str) -> Thought<M> {
        let n = position.players();
        Thought {
            best,
            shares: vec![1.0 / n as f64; n],
            score: None,
            proven: false,
            detail: detail.to_string(),
            moves: Vec::new(),
        }
    }

    /// The same thought with the moves mapped.
    pub fn map<N>(self, f: impl Fn(M) -> N) -> Thought<N> {
        Thought {
            best: f(self.best),
            shares: self.shares,
            score: self.score,
            proven: self.proven,
            detail: self.detail,
            moves: self
                .moves
                .into_iter()
                .map(|m| MoveStat {
                    mv: f(m.mv),
                    visits: m.visits,
                    share: m.share,
                    proven: m.proven,
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_print() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert!("grandmaster".parse::<Level>().is_err());
    }
}
