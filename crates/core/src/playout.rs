//! Uniform random playouts.

use rand::Rng;

use crate::game::Game;
use crate::seat::Outcome;

/// Plays random legal moves, chosen by [`Game::playout_choice`] (uniform unless the game says
/// otherwise), from `position` until the game is over and returns the outcome. `moves` is a scratch buffer, so that repeated playouts allocate nothing.
pub fn random_playout<G: Game, R: Rng>(
    position: &mut G,
    rng: &mut R,
    moves: &mut Vec<G::Move>,
) -> Outcome {
    loop {
        if let Some(outcome) = position.outcome() {
            return outcome;
        }
        position.legal_moves(moves);
        debug_assert!(
            !moves.is_empty(),
            "a game that is not over has a legal move"
        );
        let mv = moves[position.playout_choice(moves, rng.gen())];
        position.play(mv);
    }
}

/// A whole uniformly random game from `position`: the moves played, in order.
pub fn random_game<G: Game, R: Rng>(mut position: G, rng: &mut R) -> Vec<G::Move> {
    let mut moves = Vec::new();
    let mut played = Vec::new();
    while position.to_move().is_some() {
        position.legal_moves(&mut moves);
        let mv = moves[rng.gen_range(0..moves.len())];
        position.play(mv);
        played.push(mv);
    }
    played
}
