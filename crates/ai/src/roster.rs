//! The roster's common parts: the players a level builds from the searches. Which search and
//! knowledge each level puts at a game's board is the game's own choice, made in its kit
//! ([`crate::Kit::level_player`]) from the arena's figures; a game without one gets [`generic`].

use trigonal_core::Game;

use crate::knowledge::{Knowledge, NoKnowledge};
use crate::mcts::MctsParams;
use crate::player::{MctsPlayer, Player};
use crate::{Budget, Level};

/// The player a level puts at the board of a game with no knowledge of its own: MCTS, `budget`
/// a move (what [`crate::Kit::level_player`] gives by default).
pub fn generic<G: Game>(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<G>> {
    mcts(NoKnowledge, params(level), budget, seed)
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

/// The temperatures ([`crate::Kit::temperature`]) of a game whose levels more time alone does
/// not keep apart: easy draws its move at 2, medium at 1; hard and max play their best.
pub fn drawn_below_hard(level: Level) -> f64 {
    match level {
        Level::Easy => 2.0,
        Level::Medium => 1.0,
        Level::Random | Level::Hard | Level::Max => 0.0,
    }
}

/// The search's parameters as a level uses them: two threads from `hard` up.
pub fn params(level: Level) -> MctsParams {
    MctsParams {
        threads: level.threads(),
        ..MctsParams::default()
    }
}
