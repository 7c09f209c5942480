//! Four Triangles knowledge: moves that win at once, and moves that let the next player win at
//! once.
//!
//! A player wins by holding all four middle points, or the middle point and the three median
//! points of one triangle, or by being the last one left. Whether a move wins is read from the
//! move itself and the mover's points (a turn of a triangle maps median points to median points
//! and leaves middle points where they are, so it never completes or breaks a winning set of
//! the mover; captures only take points away from others), without playing it:
//! - in the searches, a player who can win now considers only winning moves, and otherwise
//!   leaves out the moves after which the next player can win at once (unless every move does);
//! - in playouts, a player wins when it can, else plays a uniformly random move.

use crate::{FourTriangles, Move, Split, Triangle, GEOMETRY};
use rand::rngs::SmallRng;
use rand::Rng;
use trigonal_core::{Game, Seat};

use trigonal_ai::knowledge::Knowledge;

/// Four Triangles knowledge (see the module documentation).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct FourTrianglesKnowledge;

/// The four middle points, as a point mask (points are numbered 7 to a triangle, middle first).
const MIDDLES: u32 = 1 | 1 << 7 | 1 << 14 | 1 << 21;

/// Triangle T's middle and median points (T0 T4 T5 T6); shifted by 7 for the others.
const TRIANGLE_SET: u32 = 1 | 1 << 4 | 1 << 5 | 1 << 6;

/// Whether holding the points of `mask` wins.
pub fn winning_set(mask: u32) -> bool {
    mask & MIDDLES == MIDDLES
        || Triangle::ALL.iter().any(|t| {
            let need = TRIANGLE_SET << (7 * t.index());
            mask & need == need
        })
}

/// The points the mover holds after `mv`.
fn held_after(position: &FourTriangles, me: Seat, mv: Move) -> u32 {
    let own = position.figures_of(me);
    match mv {
        Move::Place(p) => own | p.bit(),
        Move::BringIn(a, b) => own | a.bit() | b.bit(),
        Move::Turn(t, dir) => GEOMETRY.rotate_mask(own, t, dir),
        Move::Figure { from, to } => (own & !from.bit()) | to.bit(),
        Move::Split { from, into } => {
            let to = match into {
                Split::TwoSingles(a, b) => a.bit() | b.bit(),
                Split::DoubleAndSingle { double, single } => double.bit() | single.bit(),
                Split::ThreeSingles(a, b, c) => a.bit() | b.bit() | c.bit(),
            };
            (own & !from.bit()) | to
        }
        Move::Pass => own,
    }
}

/// Whether `mv` wins at once for the seat to move: a winning set of points, or the capture of
/// the last figure of the last other player still in.
pub fn wins_at_once(position: &FourTriangles, mv: Move) -> bool {
    let Some(me) = position.to_move() else {
        return false;
    };
    if winning_set(held_after(position, me, mv)) {
        return true;
    }
    let Move::Figure { to, .. } = mv else {
        return false;
    };
    let Some(victim) = position.figure(to).map(|f| f.owner).filter(|&o| o != me) else {
        return false;
    };
    position.figures_of(victim) == to.bit()
        && (0..position.players() as u8)
            .map(Seat)
            .filter(|&s| s != me && s != victim)
            .all(|s| position.is_out(s))
}

/// Leaves in `moves` the winning moves if there are any; else those after which the next
/// player cannot win at once, if there are any.
fn focus(position: &FourTriangles, moves: &mut Vec<Move>) {
    if moves.iter().any(|&m| wins_at_once(position, m)) {
        moves.retain(|&m| wins_at_once(position, m));
        return;
    }
    let mut replies = Vec::new();
    let safe: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            let mut child = position.clone();
            child.play(m);
            if child.to_move().is_none() {
                return true;
            }
            child.legal_moves(&mut replies);
            !replies.iter().any(|&r| wins_at_once(&child, r))
        })
        .collect();
    if !safe.is_empty() {
        *moves = safe;
    }
}

impl Knowledge<FourTriangles> for FourTrianglesKnowledge {
    fn name(&self) -> &'static str {
        "four-triangles"
    }

    fn search_moves(&self, position: &FourTriangles, moves: &mut Vec<Move>) {
        position.legal_moves(moves);
        focus(position, moves);
    }

    fn evaluate(&self, position: &FourTriangles) -> Option<i32> {
        let me = position.to_move()?;
        (position.players() == 2).then(|| evaluate(position, me))
    }

    fn playout(&self, position: &FourTriangles, moves: &[Move], rng: &mut SmallRng) -> usize {
        let wins: Vec<usize> = (0..moves.len())
            .filter(|&i| wins_at_once(position, moves[i]))
            .collect();
        if wins.is_empty() {
            rng.gen_range(0..moves.len())
        } else {
            wins[rng.gen_range(0..wins.len())]
        }
    }
}

/// How close `mask` is to a winning set: the most points of one winning set it holds (0–4).
fn progress(mask: u32) -> i32 {
    let triangles = Triangle::ALL
        .iter()
        .map(|t| (mask & TRIANGLE_SET << (7 * t.index())).count_ones());
    triangles
        .chain(std::iter::once((mask & MIDDLES).count_ones()))
        .max()
        .unwrap_or(0) as i32
}

/// Alpha-beta's evaluation of a two-player position from the view of `me`: progress towards a
/// winning set (squared, so that three of four weighs much more than two) and figures held.
pub fn evaluate(position: &FourTriangles, me: Seat) -> i32 {
    let other = me.next(2);
    let (mine, theirs) = (position.figures_of(me), position.figures_of(other));
    let p = |m: u32| progress(m) * progress(m);
    40 * (p(mine) - p(theirs)) + 15 * (mine.count_ones() as i32 - theirs.count_ones() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use trigonal_core::Options;

    fn play(moves: &[&str]) -> FourTriangles {
        let mut g = FourTriangles::new(&Options::default()).unwrap();
        for m in moves {
            let mv = g.parse_legal(m).unwrap();
            g.play(mv);
        }
        g
    }

    #[test]
    fn a_win_in_one_is_taken_and_a_threat_is_answered() {
        // P1 holds T0 and T4 and threatens to bring in T5 and T6.
        let g = play(&["@T0", "+L2,R1", "+T4,L5"]);
        let mut moves = Vec::new();
        FourTrianglesKnowledge.search_moves(&g, &mut moves);
        let mut after = Vec::new();
        for &m in &moves {
            let mut child = g.clone();
            child.play(m);
            child.legal_moves(&mut after);
            assert!(
                !after.iter().any(|&r| wins_at_once(&child, r)),
                "{m} lets P1 win"
            );
        }
        assert!(!moves.is_empty());
        // If P2 ignores it, P1's only moves searched are the wins, and they do win.
        let g = play(&["@T0", "+L2,R1", "+T4,L5", "+L6,R6"]);
        FourTrianglesKnowledge.search_moves(&g, &mut moves);
        assert!(moves.contains(&"+T5,T6".parse().unwrap()));
        for &m in &moves {
            let mut child = g.clone();
            child.play(m);
            assert_eq!(
                child.outcome().map(|o| o.winners.contains(Seat(0))),
                Some(true)
            );
        }
    }
}
