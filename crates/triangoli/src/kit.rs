//! Triangoli's kit: its description, the computer's players, its level ratings, its exact
//! solver, its lessons and its puzzles.

use trigonal_ai::mcts::MctsParams;
use trigonal_ai::player::{Endgame, MctsPlayer, Player};
use trigonal_ai::solve::{Exact, Solver};
use trigonal_ai::{roster, Budget, Kit, Level};
use trigonal_core::Lesson;

use crate::knowledge::TriangoliKnowledge;
use crate::Triangoli;

/// The exact solver settles positions with at most this many empty triangles quickly enough for
/// a hint or an analysis (a second or so on one thread).
pub const QUICK_EMPTIES: u32 = 12;

impl Kit for Triangoli {
    const SUMMARY: &'static str = "Pawns walk the lines of a hexagon of 24 triangles, dropping and swapping cylinders; majorities in six sectors score.";
    const PLAYERS: (usize, usize) = (2, 2);

    /// Triangoli: MCTS with its knowledge, and the exact solver from 12 empty triangles on, where
    /// it finds a move keeping the result in time (see [`Endgame`]). (Alpha-beta with a static
    /// evaluation lost to plain UCT here.)
    ///
    /// At `max` a leaf is expanded after 4 playouts rather than 1: expanding at once, its two trees
    /// reached `MctsParams::max_nodes` within its 6 s and stopped growing (4.4–5.2 M nodes at plies
    /// 7–9 of `trigonal random triangoli --seed 3`, against 1.0–1.3 M so). In 20 games against hard
    /// (`trigonal arena triangoli --agents ai:max,ai:hard --games 20 --seed 5`, 2026-11-26) it won
    /// 13 to 7 expanding at once and 14 to 6 after 4: no loss for a quarter of the memory.
    ///
    /// UCB1's constant is 0.2 rather than √2: with √2 and twenty to forty children a node, the
    /// search spread its playouts so evenly that the move played had 5–13 % of them at 14 empty
    /// triangles, and in some drawn positions the one it played lost. Judged by perfect play on the
    /// 20 positions of `trigonal accuracy triangoli --empties 14 --seed 7` (2026-11-26), it kept the
    /// value in 15 with √2 (0.5: 15; 0.2: 17 in each of three runs, the last that command itself).
    /// Over whole games (`trigonal arena triangoli`, 40 games of seed 11 and 80 of seed 12 at 100
    /// ms a move, the two otherwise alike) 0.2 scored 71 of 120 against √2 (59 %).
    fn level_player(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<Triangoli>> {
        let knowledge = TriangoliKnowledge::default();
        let params = MctsParams {
            exploration: 0.2,
            ..roster::params(level)
        };
        let params = match level {
            Level::Max => MctsParams {
                expand_after: 4,
                ..params
            },
            _ => params,
        };
        Box::new(
            MctsPlayer::new(knowledge, params, budget, seed)
                .with_endgame(Endgame::new(knowledge, 12, 20).with_threads(level.threads())),
        )
    }

    /// Measured 2026-11-24: `scripts/level-ratings triangoli 10 2 1`, then 30 more games of
    /// hard–medium and 10 more of max–hard at seed 2 (`trigonal arena triangoli --agents
    /// ai:hard,ai:medium --games 30 --seed 2`, likewise `ai:max,ai:hard --games 10`). easy–random
    /// 10–0 (at least +512), medium–easy 7–3 (+147), hard–medium 25.5–14.5 of 40 (+98), max–hard
    /// 11–9 of 20 (+35): more time helps Triangoli's MCTS little past hard. Against plain UCT at
    /// 0.1 s a move, easy scored 9–1 (+382: `uct:100` about 730).
    fn level_ratings(_players: usize) -> Option<[u32; 5]> {
        Some([600, 1112, 1259, 1357, 1392])
    }

    fn solver() -> Option<Box<dyn Solver>> {
        Some(Box::new(solver()))
    }

    fn lessons() -> Vec<Lesson<Triangoli>> {
        crate::lessons::lessons()
    }

    /// 300 puzzles proven exact (`trigonal puzzles generate triangoli --count 320 --threads 1
    /// --patience 10`, seed 1, the first 300; 2026-11-28): 214 where one move alone holds the
    /// draw, 86 where one move alone wins; 12.8 legal moves each on average.
    fn puzzles() -> &'static str {
        include_str!("../puzzles.jsonl")
    }
}

/// Triangoli's exact solver, typed.
pub fn solver() -> Exact<Triangoli, TriangoliKnowledge> {
    Exact::new(
        TriangoliKnowledge::default(),
        QUICK_EMPTIES,
        "empty triangles",
    )
}
