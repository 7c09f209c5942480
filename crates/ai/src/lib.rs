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
//!   default; the per-game modules use the engines' public API (evaluations, playout policies),
//!   never their internals;
//! - [`player`]: players kept from move to move; [`roster`]: which search and knowledge each
//!   level puts at each game's board; [`agent`]: the agents named `random`, `uct:MS`,
//!   `ai:LEVEL[:MS]`; [`arena`]: matches between agents with scores and intervals.
//!
//! The searches play through the `Game` trait only and do no I/O: callers run them on a thread
//! of their choosing, and they block for their budget.

pub mod agent;
pub mod alphabeta;
pub mod arena;
pub mod cutoffs;
pub mod knowledge;
pub mod mcts;
pub mod player;
pub mod roster;
pub mod solve;
pub mod uct;

#[cfg(test)]
mod toy;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use trigonal_core::{DynGame, Game};

pub use agent::{dyn_player, Agent, AgentError, DynPlayer};
pub use player::Player;
pub use roster::level_player;
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

    /// The level's rating in the rating pool `pool` (`trigonal_ratings::pool`), on the players'
    /// scale, where it has been measured ([`LEVEL_RATINGS`]).
    pub fn rating(self, pool: &str) -> Option<u32> {
        let i = Level::ALL.iter().position(|&l| l == self)?;
        LEVEL_RATINGS
            .iter()
            .find(|(p, _)| *p == pool)
            .map(|(_, ratings)| ratings[i])
    }

    /// Threads a level's search may use (where the search is parallel).
    pub fn threads(self) -> usize {
        match self {
            Level::Random | Level::Easy | Level::Medium => 1,
            Level::Hard | Level::Max => 2,
        }
    }
}

/// Each level's rating per rating pool, in the order of [`Level::ALL`], measured once on this
/// project's 2-core machine by `scripts/level-ratings GAME GAMES PLAYERS SEED`: each level plays
/// the next weaker one (seats rotating; with three or four players, against copies of it in
/// every other seat), and the chain of rating differences is anchored with `random` at 600 (a
/// new player starts at 1500). A difference is taken in the pool's own model: Elo's for two
/// players, Weng-Lin's for three and four, whose scale is about twice as wide for the same share
/// of wins (the script's header says how). With ten games a pair, one standard error of a step
/// is about 120–160 in every pool; a level that won every game is at least as much stronger as
/// the step says (its share taken as half a game short of all).
///
/// - `triangoli`, 2026-11-24: `scripts/level-ratings triangoli 10 2 1`, then 30 more games of
///   hard–medium and 10 more of max–hard at seed 2 (`trigonal arena triangoli --agents
///   ai:hard,ai:medium --games 30 --seed 2`, likewise `ai:max,ai:hard --games 10`). easy–random
///   10–0 (at least +512), medium–easy 7–3 (+147), hard–medium 25.5–14.5 of 40 (+98), max–hard
///   11–9 of 20 (+35): more time helps Triangoli's MCTS little past hard. Against plain UCT at
///   0.1 s a move, easy scored 9–1 (+382: `uct:100` about 730).
/// - `triangle-game`, 2026-11-25: `scripts/level-ratings triangle-game 10 3 1`, the stronger
///   level against two of the weaker. easy–random 10 of 10 (at least +1147), medium–easy 3.5 of
///   10 (+18), hard–medium 4 of 10 (+71), max–hard 1.5 of 10 (−200): in these ten games max
///   did worse than hard (were they equal, a result this low would come about one time in ten;
///   max's trees come near their 3 M nodes within a move). Easy against two `uct:100` 8.3 of 10
///   (+688: `uct:100` about 1060).
/// - `triangular`, 2026-11-25: `scripts/level-ratings triangular 10 2 1`. easy–random 10–0
///   (at least +512), medium–easy 9–1 (+382), hard–medium 7–3 (+147), max–hard 9–1 (+382). Easy
///   beat `uct:100` 10–0 (`uct:100` at most 600).
/// - `four-triangles-2`, 2026-11-25: `scripts/level-ratings four-triangles 10 2 1` (alpha-beta).
///   easy–random 10–0 (at least +512), medium–easy 7–3 (+147), hard–medium 9–1 (+382), max–hard
///   6–4 (+70). Easy beat `uct:100` 10–0 (`uct:100` at most 600).
/// - `four-triangles-3`, 2026-11-25: `scripts/level-ratings four-triangles 10 3 1`, the stronger
///   level against two of the weaker. easy–random 10 of 10 (at least +1147), medium–easy 3 of 10
///   (−35), hard–medium 2 of 10 (−143), max–hard 3 of 10 (−35): past easy, more time did not
///   make the levels stronger in these games (ten games a step cannot tell ±150). Easy against
///   two `uct:100` 9 of 10 (+888: `uct:100` about 860).
/// - `four-triangles-4`, 2026-11-25: `scripts/level-ratings four-triangles 10 4 1`, the
///   stronger level against three of the weaker. easy–random 10 of 10 (at least +1191),
///   medium–easy 4 of 10 (+143), hard–medium 2 of 10 (−47), max–hard 4 of 10 (+143; its ten
///   games took 37 minutes). Easy against three `uct:100` 9 of 10 (+933: `uct:100` about 860).
pub const LEVEL_RATINGS: &[(&str, [u32; 5])] = &[
    ("triangoli", [600, 1112, 1259, 1357, 1392]),
    ("triangle-game", [600, 1747, 1765, 1836, 1636]),
    ("triangular", [600, 1112, 1494, 1641, 2023]),
    ("four-triangles-2", [600, 1112, 1259, 1641, 1711]),
    ("four-triangles-3", [600, 1747, 1712, 1569, 1534]),
    ("four-triangles-4", [600, 1791, 1934, 1887, 2030]),
];

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
        }
    }

    /// The same thought with the move mapped.
    pub fn map<N>(self, f: impl FnOnce(M) -> N) -> Thought<N> {
        Thought {
            best: f(self.best),
            shares: self.shares,
            score: self.score,
            proven: self.proven,
            detail: self.detail,
        }
    }
}

/// The move `level` chooses in `position`, for the seat to move; `None` when the game is over.
/// Blocks for the level's time a move.
pub fn choose<G: Game>(position: &G, level: Level, seed: u64) -> Option<G::Move> {
    position.to_move()?;
    let mut player = Agent::Ai { level, ms: None }.player::<G>(seed);
    Some(player.think(position).best)
}

/// [`choose`] for a position of a game picked at run time: the chosen move's canonical text.
/// Blocks for the level's time a move.
pub fn choose_move(position: &dyn DynGame, level: Level, seed: u64) -> Option<String> {
    let mut player = dyn_player(position.id(), Agent::Ai { level, ms: None }, seed).ok()?;
    player.think(position).map(|t| t.best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;
    use trigonal_core::Options;

    #[test]
    fn levels_parse_and_print() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert!("grandmaster".parse::<Level>().is_err());
    }

    /// Every measured pool rates every level, `random` at the anchor (that each is a rating
    /// pool the server knows is tested there); a pool not measured has none.
    #[test]
    fn level_ratings_are_anchored_and_per_pool() {
        for (pool, _) in LEVEL_RATINGS {
            assert_eq!(Level::Random.rating(pool), Some(600));
            for level in &Level::ALL[1..] {
                assert!(
                    level.rating(pool).is_some_and(|r| r > 600),
                    "{level} in {pool}"
                );
            }
        }
        assert_eq!(Level::Hard.rating("no-such-pool"), None);
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
