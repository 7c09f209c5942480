//! Perft: the number of move sequences of a given length, the standard exactness check for move
//! generation.

use crate::game::Game;

/// perft(p, 0) = 1 (also when p is over); for d > 0, 0 when p is over, otherwise the sum over the
/// legal moves of perft(child, d - 1).
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    perft_with(position, depth, &mut buffers)
}

fn perft_with<G: Game>(position: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per depth");
    position.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = position.clone();
        child.play(mv);
        total += perft_with(&child, depth - 1, rest);
    }
    total
}

/// Perft split by first move: each legal move with the perft of its child at `depth - 1`, in
/// generation order. Useful to find where two implementations disagree.
pub fn perft_divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
