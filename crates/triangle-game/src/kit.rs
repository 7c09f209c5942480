//! The Triangle Game's kit: its description, the computer's players, its level ratings, its
//! lessons and its puzzles.

use trigonal_ai::mcts::MctsParams;
use trigonal_ai::player::Player;
use trigonal_ai::{roster, Budget, Kit, Level};
use trigonal_core::Lesson;

use crate::knowledge::TriangleGameKnowledge;
use crate::TriangleGame;

impl Kit for TriangleGame {
    const SUMMARY: &'static str = "Three players place and slide stones on a Sierpinski gasket; Power Triangles give extra slides or pickups, and two points in your home territory end the game.";
    const PLAYERS: (usize, usize) = (3, 3);

    /// The Triangle Game: MCTS with its knowledge, one search planning a whole turn, exploring
    /// little (UCB1's constant 0.05 rather than √2): the playouts' greedy choices make a move's mean
    /// a fair guide already. Against two `mast:100` (`trigonal arena triangle-game --players 3
    /// --agents ai:hard:100,mast:100,mast:100 --games 30 --seed S`, seeds 1 and 2, 2026-11-26),
    /// `ai:hard:100` took 37.8 of 60 points with 0.1 (39.3 with 0.05, 32.3 with 0.25, 30.2 with
    /// √2), the playouts' `greedy` at 0.8; with √2 and 0.5 as before, 10.7 of 30 (seed 1). On
    /// seeds 4 to 7, 120 games each: 60.7 % with 0.05 and a `greedy` of 0.9, 52.9 % with 0.1 and 0.8.
    ///
    /// With first-play urgency 0.1 (a place has a hundred or so children, so without it the search
    /// barely looked past the mover's own turn at 100 ms; the children are tried by the score they
    /// raise): 67.4 % on seeds 4 to 7 (0.05: 60.3 %, 0.2: 63.2 %) and 70.3 % on fresh seeds 8 to 11,
    /// where the search without it took 57.4 % (2026-11-26; 120 games each); 67.9 % over seeds 4 to 19
    /// (480 games).
    fn level_player(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<TriangleGame>> {
        let params = MctsParams {
            exploration: 0.05,
            first_play: Some(0.1),
            ..roster::params(level)
        };
        roster::mcts(TriangleGameKnowledge::default(), params, budget, seed)
    }

    /// Easy draws its move at 2 and medium at 1 ([`trigonal_ai::player::Sampled`]); hard and max
    /// play their best. Fifteen times the thinking buys the search only about 1.45× the fair
    /// share here (`ai:hard:300` against two `hint:20`, 180 games, 2026-11-29), so time alone
    /// kept easy, medium and hard within ten games' noise of each other (2026-11-25). With the
    /// drawing, at a tenth of the levels' times and 200 games a step (see `level_ratings`),
    /// medium took 2.01× the fair share against two easy and hard 1.36× against two medium.
    fn temperature(level: Level) -> f64 {
        roster::drawn_below_hard(level)
    }

    /// Measured 2026-11-29: `SCALE=0.1 scripts/level-ratings triangle-game 200 3 1`, every level
    /// at a tenth of its time (easy 10 ms … max 600 ms), the stronger level against two of the
    /// weaker, 200 games a step, seats rotating (95 % intervals): easy–random 165.8 of 200
    /// (2.49× the fair share, +678, +556 to +802), medium–easy 134.0 (2.01×, +393, +302 to
    /// +487), hard–medium 90.8 (1.36×, +130, +57 to +207), max–hard 77.0 (1.16×, +55, −14 to
    /// +129). Ratings ± 95 %: easy 1278 ± 123, medium 1671 ± 154, hard 1801 ± 171, max
    /// 1856 ± 186. Not checked at the full times yet.
    fn level_ratings(_players: usize) -> Option<[u32; 5]> {
        Some([600, 1278, 1671, 1801, 1856])
    }

    fn lessons() -> Vec<Lesson<TriangleGame>> {
        crate::lessons::lessons()
    }

    /// 300 puzzles by search (`trigonal puzzles generate triangle-game --playouts 8000 --agents
    /// ai:easy:5,ai:medium:10`, seeds 1 and 2; 2026-11-28): 76 actions proven to win, 224 far
    /// above every other; 27.6 legal actions each on average.
    fn puzzles() -> &'static str {
        include_str!("../puzzles.jsonl")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trigonal_core::Game;

    #[test]
    fn one_search_plans_a_whole_triangle_game_turn() {
        let mut player = TriangleGame::level_player(Level::Medium, Budget::Iterations(4_000), 7);
        let mut g = TriangleGame::start();
        let seat = g.to_move();
        let mut searches = 0;
        let mut moves = 0;
        while g.to_move() == seat {
            let thought = player.think(&g);
            if !thought.detail.starts_with("planned") {
                searches += 1;
            }
            player.advance(thought.best);
            g.play(thought.best);
            moves += 1;
        }
        assert!(moves >= 2, "a turn of several moves ({moves})");
        assert_eq!(searches, 1, "{moves} moves from one search");
        // The next seat's turn is searched afresh.
        let thought = player.think(&g);
        assert!(!thought.detail.starts_with("planned"), "{}", thought.detail);
    }
}
