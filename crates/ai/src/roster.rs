//! The level roster: which search, with which game knowledge, a level puts at each game's board.
//! Each choice is the one that did best in the arena (the figures are beside each function and
//! in docs/ai.md). The searches and the knowledge know nothing of levels;
//! this file is the one place that joins them.

use std::any::Any;

use trigonal_core::Game;
use trigonal_four_triangles::FourTriangles;
use trigonal_triangle_game::TriangleGame;
use trigonal_triangoli::Triangoli;
use trigonal_triangular::Triangular;

use crate::knowledge::four_triangles::FourTrianglesKnowledge;
use crate::knowledge::triangle_game::TriangleGameKnowledge;
use crate::knowledge::triangoli::TriangoliKnowledge;
use crate::knowledge::triangular::TriangularKnowledge;
use crate::knowledge::{Knowledge, NoKnowledge};
use crate::mcts::MctsParams;
use crate::player::{AlphaBetaPlayer, ByPlayers, Endgame, MctsPlayer, Player};
use crate::{Budget, Level};

/// The player a level puts in a game, with `budget` a move: the game's own knowledge and search
/// where it has them, generic MCTS otherwise.
pub fn level_player<G: Game>(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<G>> {
    let typed: Box<dyn Any> = match G::ID {
        Triangoli::ID => Box::new(triangoli(level, budget, seed)),
        Triangular::ID => Box::new(triangular(level, budget, seed)),
        TriangleGame::ID => Box::new(triangle_game(level, budget, seed)),
        FourTriangles::ID => Box::new(four_triangles(level, budget, seed)),
        _ => return mcts(NoKnowledge, params(level), budget, seed),
    };
    *typed
        .downcast::<Box<dyn Player<G>>>()
        .expect("the game with that id is G")
}

/// MCTS with `knowledge` and `params`, `budget` a move.
pub fn mcts<G: Game, K: Knowledge<G>>(
    knowledge: K,
    params: MctsParams,
    budget: Budget,
    seed: u64,
) -> Box<dyn Player<G>> {
    Box::new(MctsPlayer::new(knowledge, params, budget, seed))
}

/// The search's parameters as a level uses them: two threads from `hard` up.
fn params(level: Level) -> MctsParams {
    MctsParams {
        threads: level.threads(),
        ..MctsParams::default()
    }
}

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
pub fn triangoli(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<Triangoli>> {
    let knowledge = TriangoliKnowledge::default();
    let params = MctsParams {
        exploration: 0.2,
        ..params(level)
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

/// Triangular: MCTS with its knowledge. (Alpha-beta with the knowledge's evaluation beat plain
/// UCT 29 to 1 in 30 games at 100 ms a move, but lost 2 to 38 to this MCTS.)
pub fn triangular(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<Triangular>> {
    mcts(TriangularKnowledge::default(), params(level), budget, seed)
}

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
pub fn triangle_game(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<TriangleGame>> {
    let params = MctsParams {
        exploration: 0.05,
        first_play: Some(0.1),
        ..params(level)
    };
    mcts(TriangleGameKnowledge::default(), params, budget, seed)
}

/// Four Triangles: alpha-beta with its knowledge for two players (29 to 11 against this MCTS in
/// 40 games at 100 ms a move), MCTS with it for three and four.
pub fn four_triangles(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<FourTriangles>> {
    Box::new(ByPlayers::new(
        move |players| -> Box<dyn Player<FourTriangles>> {
            if players == 2 {
                Box::new(AlphaBetaPlayer::new(FourTrianglesKnowledge, budget))
            } else {
                mcts(FourTrianglesKnowledge, params(level), budget, seed)
            }
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_search_plans_a_whole_triangle_game_turn() {
        let mut player = triangle_game(Level::Medium, Budget::Iterations(4_000), 7);
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
