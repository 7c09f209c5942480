//! Triangular's kit: its description, the computer's players, its level ratings, its lessons
//! and its puzzles.

use trigonal_ai::player::Player;
use trigonal_ai::{roster, Budget, Kit, Level};
use trigonal_core::Lesson;

use crate::knowledge::TriangularKnowledge;
use crate::Triangular;

impl Kit for Triangular {
    const SUMMARY: &'static str = "Pieces are laid edge to edge around a red one; three of your own at the corners of a triangle score its edge, two with the red one win at once.";
    const PLAYERS: (usize, usize) = (2, 2);

    /// Triangular: MCTS with its knowledge. (Alpha-beta with the knowledge's evaluation beat plain
    /// UCT 29 to 1 in 30 games at 100 ms a move, but lost 2 to 38 to this MCTS.)
    fn level_player(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<Triangular>> {
        roster::mcts(
            TriangularKnowledge::default(),
            roster::params(level),
            budget,
            seed,
        )
    }

    /// Measured 2026-11-25: `scripts/level-ratings triangular 10 2 1`. easy–random 10–0
    /// (at least +512), medium–easy 9–1 (+382), hard–medium 7–3 (+147), max–hard 9–1 (+382). Easy
    /// beat `uct:100` 10–0 (`uct:100` at most 600).
    fn level_ratings(_players: usize) -> Option<[u32; 5]> {
        Some([600, 1112, 1494, 1641, 2023])
    }

    /// Eight lessons, from placing a piece to the end of the game (written in `lessons.rs`).
    fn lessons() -> Vec<Lesson<Triangular>> {
        crate::lessons::lessons()
    }

    /// 300 puzzles by search (`trigonal puzzles generate triangular --count 300 --seed 2
    /// --playouts 10000 --agents ai:easy:5,ai:medium:10`, 2026-11-28): 203 moves proven to win,
    /// 97 far above every other; 20.1 legal moves each on average.
    fn puzzles() -> &'static str {
        include_str!("../puzzles.jsonl")
    }
}
