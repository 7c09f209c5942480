//! The toy's kit: its description, and every default — the computer plays it with MCTS that
//! knows nothing of it, its rated games share one pool named after it, no level is rated in it
//! and it has no exact solver. Its two lessons and two puzzles show a kit's at their smallest.

use trigonal_ai::Kit;
use trigonal_core::Lesson;

use crate::Toy;

impl Kit for Toy {
    const SUMMARY: &'static str =
        "A test game: take a point and those right of it; whoever takes the last point wins.";
    const PLAYERS: (usize, usize) = (2, 2);

    fn lessons() -> Vec<Lesson<Toy>> {
        crate::lessons::lessons()
    }

    /// Two puzzles worked out by hand: the start's one winning move (take row d whole, leaving
    /// rows whose sizes' exclusive or is zero), and a line of three moves, the reply between
    /// them played by the other seat.
    fn puzzles() -> &'static str {
        include_str!("../puzzles.jsonl")
    }
}
