//! Four Triangles' kit: its description and variants, the computer's players, its rating pools
//! (one per number of players) and their level ratings, its lessons and its puzzles.

use trigonal_ai::player::{AlphaBetaPlayer, ByPlayers, Player};
use trigonal_ai::{roster, Budget, Kit, Level};
use trigonal_core::{Game, Lesson};

use crate::knowledge::FourTrianglesKnowledge;
use crate::FourTriangles;

impl Kit for FourTriangles {
    const SUMMARY: &'static str = "Singles, doubles and triples warp between four triangles, capture, split and turn the triangles; hold the four middle points or a triangle's middle and median points, or be the last one left.";
    const PLAYERS: (usize, usize) = (2, 4);
    const VARIANTS: &'static [&'static str] = &["full", "simple"];

    fn lessons() -> Vec<Lesson<FourTriangles>> {
        crate::lessons::lessons()
    }

    /// 300 puzzles by search from three-player games of the full version (`trigonal puzzles
    /// generate four-triangles --players 3 --count 310 --playouts 4000 --agents
    /// ai:easy:5,ai:medium:10`, seed 1, the first 300; 2026-11-28): 189 moves proven to win, 111
    /// far above every other; 73 legal moves each on average. Two-player positions are judged by
    /// MCTS without knowledge (the level plays alpha-beta), which found none in 150 s.
    fn puzzles() -> &'static str {
        include_str!("../puzzles.jsonl")
    }

    /// Four Triangles: alpha-beta with its knowledge for two players (29 to 11 against this MCTS in
    /// 40 games at 100 ms a move), MCTS with it for three and four.
    fn level_player(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<FourTriangles>> {
        Box::new(ByPlayers::new(
            move |players| -> Box<dyn Player<FourTriangles>> {
                if players == 2 {
                    Box::new(AlphaBetaPlayer::new(FourTrianglesKnowledge, budget))
                } else {
                    roster::mcts(FourTrianglesKnowledge, roster::params(level), budget, seed)
                }
            },
        ))
    }

    /// With three and four players (MCTS), easy draws its move at 2 and medium at 1
    /// ([`trigonal_ai::player::Sampled`]); hard and max play their best. Measured with ten games a
    /// step (2026-11-25), time alone did not keep the levels apart there (see `level_ratings`).
    /// Alpha-beta, with two players, reports no root moves to draw from: its levels differ by
    /// time only, and its ratings climbed so.
    fn temperature(level: Level) -> f64 {
        roster::drawn_below_hard(level)
    }

    /// A pool per number of players (`four-triangles-3`): two players duel, three or four
    /// gang up and leave, and a rating earned in one says little of the others.
    fn pool(players: usize) -> String {
        format!("{}-{players}", Self::ID)
    }

    /// Measured (`trigonal-ai`'s kit says how):
    /// - 2 players, 2026-11-25: `scripts/level-ratings four-triangles 10 2 1` (alpha-beta).
    ///   easy–random 10–0 (at least +512), medium–easy 7–3 (+147), hard–medium 9–1 (+382), max–hard
    ///   6–4 (+70). Easy beat `uct:100` 10–0 (`uct:100` at most 600).
    /// - 3 players, 2026-11-29, with easy and medium drawing their moves: `SCALE=0.1
    ///   scripts/level-ratings four-triangles 200 3 1` (every level at a tenth of its time, the
    ///   stronger level against two of the weaker, seats rotating; 95 % intervals): easy–random
    ///   144.3 of 200 (2.16× the fair share, +471, +373 to +572), medium–easy 116.3 (1.74×, +277,
    ///   +195 to +362), hard–medium 179.0 (2.69×, +870, +717 to +1024), and max–hard with 80
    ///   games (`… 80 3 1 max-hard`) 38.0 of 80 (1.42×, +153, +38 to +278). Ratings ± 95 %:
    ///   easy 1071 ± 99, medium 1348 ± 130, hard 2217 ± 201, max 2370 ± 234. Not checked at the
    ///   full times yet.
    /// - 3 players before, 2026-11-25: `scripts/level-ratings four-triangles 10 3 1`, the stronger
    ///   level against two of the weaker. easy–random 10 of 10 (at least +1147), medium–easy 3 of 10
    ///   (−35), hard–medium 2 of 10 (−143), max–hard 3 of 10 (−35): past easy, more time did not
    ///   make the levels stronger in these games (ten games a step cannot tell ±150). Easy against
    ///   two `uct:100` 9 of 10 (+888: `uct:100` about 860).
    /// - 4 players, 2026-11-25: `scripts/level-ratings four-triangles 10 4 1`, the
    ///   stronger level against three of the weaker. easy–random 10 of 10 (at least +1191),
    ///   medium–easy 4 of 10 (+143), hard–medium 2 of 10 (−47), max–hard 4 of 10 (+143; its ten
    ///   games took 37 minutes). Easy against three `uct:100` 9 of 10 (+933: `uct:100` about 860).
    ///   Measured before easy and medium drew their moves: to be measured again.
    fn level_ratings(players: usize) -> Option<[u32; 5]> {
        match players {
            2 => Some([600, 1112, 1259, 1641, 1711]),
            3 => Some([600, 1071, 1348, 2217, 2370]),
            4 => Some([600, 1791, 1934, 1887, 2030]),
            _ => None,
        }
    }
}
