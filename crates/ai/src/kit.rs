//! A game's kit: what a game hands Trigonal beyond its rules. Its rules engine is the type itself
//! (a [`Game`]); the kit adds how the lobby describes it, the player each computer level puts at
//! its board, how its rated games are pooled and what each level is rated there, and its exact
//! solver where it has one. Every item but the description has a default that knows nothing of
//! the game, so a new game needs only its rules and three lines to be played, rated and
//! opposed by the computer.
//!
//! Each game's crate implements it (`kit.rs`); the registry (`trigonal-games`) lists the kits,
//! and everything above it — server, command line, arena — asks the kit, never a game by name.

use trigonal_core::{Lesson, Present};

use crate::player::Player;
use crate::solve::Solver;
use crate::{roster, Budget, Level};

/// What a game hands Trigonal beyond its rules; see the module documentation.
pub trait Kit: Present {
    /// One line about the game, for the lobby and the command line's help.
    const SUMMARY: &'static str;

    /// The fewest and the most players.
    const PLAYERS: (usize, usize);

    /// The variants, the default first; empty (the default) where the game has none.
    const VARIANTS: &'static [&'static str] = &[];

    /// The player `level` puts at this game's board, thinking for `budget` a move, its random
    /// choices seeded by `seed`. By default MCTS with no knowledge of the game
    /// ([`roster::generic`]).
    fn level_player(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<Self>> {
        roster::generic(level, budget, seed)
    }

    /// How far `level`'s move strays, as an opponent, from what its search found best: 0 (the
    /// default, every level) plays the best; above 0, a move drawn among those searched
    /// ([`crate::player::Sampled`]: at 2 in proportion to the square root of its visits, at 1 to
    /// its visits). A game where more time alone does not make a level stronger than the one
    /// below keeps its levels apart so, with the arena's figures beside the choice.
    fn temperature(level: Level) -> f64 {
        let _ = level;
        0.0
    }

    /// The rating pool of a game of `players` players: by default the game's id, one pool
    /// whatever the number of players. A game whose play changes with the number of players
    /// pools them apart (`four-triangles-3`).
    fn pool(players: usize) -> String {
        let _ = players;
        Self::ID.to_string()
    }

    /// Each level's rating in the pool of `players`-player games, in the order of
    /// [`Level::ALL`], where it has been measured; `None` by default.
    ///
    /// Measured on the project's 2-core machine by `scripts/level-ratings GAME GAMES PLAYERS
    /// SEED`: each level plays the next weaker one (seats rotating; with three or four players,
    /// against copies of it in every other seat), and the chain of rating differences is anchored
    /// with `random` at 600 (a new player starts at 1500). A difference is taken in the pool's own
    /// model: Elo's for two players, Weng-Lin's for three and four, whose scale is about twice as
    /// wide for the same share of wins (the script's header says how). With ten games a pair, one
    /// standard error of a step is about 120–160; a level that won every game is at least as much
    /// stronger as the step says (its share taken as half a game short of all).
    fn level_ratings(players: usize) -> Option<[u32; 5]> {
        let _ = players;
        None
    }

    /// The game's exact solver, where solving is quick enough to offer; `None` by default.
    fn solver() -> Option<Box<dyn Solver>> {
        None
    }

    /// The game's lessons, in the order they are taken ([`Lesson`]); none by default. Each
    /// lesson's words (title, and each step's explanation, goal and hint) are kept by the front
    /// end in every language.
    fn lessons() -> Vec<Lesson<Self>> {
        Vec::new()
    }

    /// The game's starter set of puzzles: the text of a set file, one
    /// [`crate::puzzle::Puzzle`] a JSON line as `trigonal puzzles generate` writes them (a kit
    /// ships its file with `include_str!`); empty by default.
    fn puzzles() -> &'static str {
        ""
    }
}
