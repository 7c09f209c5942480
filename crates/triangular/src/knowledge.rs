//! Triangular knowledge: immediate wins and threats.
//!
//! A placement wins at once when it completes an up-pointing triangle whose other corners are the
//! red piece and one of the placer's pieces. For an own up piece `p` there is exactly one cell
//! `q` that completes such a triangle with the red piece and `p` (two corners fix an up-pointing
//! triangle), so the winning cells of a player are found from their pieces alone:
//! - in the searches, a player who can win now considers only winning moves, and a player whose
//!   opponent could win next considers only the cells that stop it (sound: any other move loses
//!   at once, unless it is the last placement of the game);
//! - in playouts, the same: win when possible, else block, else a random placement.

use crate::{Cell, Orientation, Piece, Triangular, ALL_PLACED};
use rand::rngs::SmallRng;
use rand::Rng;
use trigonal_core::{Game, Seat};

use trigonal_ai::knowledge::Knowledge;

/// Triangular knowledge (see the module documentation).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TriangularKnowledge {
    /// Whether playouts win and block (else they are uniformly random).
    pub playouts: bool,
}

impl Default for TriangularKnowledge {
    fn default() -> Self {
        TriangularKnowledge { playouts: true }
    }
}

/// The cell that completes an up-pointing triangle with the red piece and the up cell `p`, if
/// the red piece and `p` are two corners of one.
pub fn red_partner(p: Cell) -> Option<Cell> {
    if p == Cell::RED || p.orientation() != Orientation::Up {
        return None;
    }
    let (x, y) = (p.x, p.y);
    if y == 0 {
        // Red and p are the ends of the base; the apex is above its middle.
        Some(Cell::new(x / 2, x.abs() / 2))
    } else if y > 0 && x.abs() == y {
        // p is the apex; the other end of the base is on red's row.
        Some(Cell::new(2 * x, 0))
    } else if y < 0 && x.abs() == -y {
        // Red is the apex; p is one end of the base, the other is across.
        Some(Cell::new(-x, y))
    } else {
        None
    }
}

/// The empty cells among `legal` where `seat` would win at once by placing. (Partnering is
/// symmetric, so each legal cell's partner is looked up: no scan of the pieces.)
pub fn winning_cells(position: &Triangular, seat: Seat, legal: &[Cell], out: &mut Vec<Cell>) {
    out.clear();
    let own = Piece::of(seat);
    out.extend(
        legal
            .iter()
            .copied()
            .filter(|&q| red_partner(q).is_some_and(|p| position.piece(p) == Some(own))),
    );
}

/// The moves worth searching: the winning ones if any; else, when the opponent could win with
/// their next placement, the cells that stop it; else all.
fn focus(position: &Triangular, moves: &mut Vec<Cell>) {
    let Some(me) = position.to_move() else {
        return;
    };
    let mut cells = Vec::new();
    winning_cells(position, me, moves, &mut cells);
    if !cells.is_empty() {
        moves.clone_from(&cells);
        return;
    }
    // After this placement, will the opponent place again?
    if position.placed() + 1 >= ALL_PLACED {
        return;
    }
    winning_cells(position, me.next(2), moves, &mut cells);
    if !cells.is_empty() {
        // Blocking one of two threats does not save the game; keep them all the same.
        moves.clone_from(&cells);
    }
}

impl Knowledge<Triangular> for TriangularKnowledge {
    fn name(&self) -> &'static str {
        "triangular"
    }

    fn search_moves(&self, position: &Triangular, moves: &mut Vec<Cell>) {
        position.legal_moves(moves);
        focus(position, moves);
    }

    fn evaluate(&self, position: &Triangular) -> Option<i32> {
        let me = position.to_move()?;
        Some(evaluate(position, me))
    }

    fn playout(&self, position: &Triangular, moves: &[Cell], rng: &mut SmallRng) -> usize {
        let Some(me) = position.to_move().filter(|_| self.playouts) else {
            return rng.gen_range(0..moves.len());
        };
        // A winning cell of the mover, else one of the opponent's (each equally likely, by
        // reservoir sampling), else any.
        let opponent_moves_again = position.placed() + 1 < ALL_PLACED;
        let (mut block, mut blocks) = (None, 0u32);
        for (i, &q) in moves.iter().enumerate() {
            let Some(seat) = red_partner(q)
                .and_then(|p| position.piece(p))
                .and_then(Piece::seat)
            else {
                continue;
            };
            if seat == me {
                return i;
            }
            if opponent_moves_again {
                blocks += 1;
                if rng.gen_range(0..blocks) == 0 {
                    block = Some(i);
                }
            }
        }
        block.unwrap_or_else(|| rng.gen_range(0..moves.len()))
    }
}

/// Alpha-beta's evaluation from the view of `me`: 100 a point of score, and 40 for each cell
/// where a player could later complete a red triangle (empty, partner of an own up piece).
pub fn evaluate(position: &Triangular, me: Seat) -> i32 {
    let mut threats = [0i32; 2];
    for (cell, piece) in position.pieces() {
        let Some(seat) = piece.seat() else { continue };
        if red_partner(cell).is_some_and(|q| position.piece(q).is_none()) {
            threats[seat.index()] += 1;
        }
    }
    let (a, b) = (me.index(), 1 - me.index());
    let score = position.score(me) as i32 - position.score(Seat(b as u8)) as i32;
    100 * score + 40 * (threats[a] - threats[b])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn red_partners_complete_up_triangles_with_the_red_piece() {
        // Edge 2: corners (0,0), (2,0), (1,1); edge 3 pointing from red down: (0,0) apex.
        assert_eq!(red_partner(Cell::new(2, 0)), Some(Cell::new(1, 1)));
        assert_eq!(red_partner(Cell::new(-2, 0)), Some(Cell::new(-1, 1)));
        assert_eq!(red_partner(Cell::new(1, 1)), Some(Cell::new(2, 0)));
        assert_eq!(red_partner(Cell::new(-1, 1)), Some(Cell::new(-2, 0)));
        assert_eq!(red_partner(Cell::new(-2, -2)), Some(Cell::new(2, -2)));
        assert_eq!(red_partner(Cell::new(2, -2)), Some(Cell::new(-2, -2)));
        assert_eq!(red_partner(Cell::new(4, 0)), Some(Cell::new(2, 2)));
        // Down cells and cells on no such triangle have none.
        assert_eq!(red_partner(Cell::new(1, 0)), None);
        assert_eq!(red_partner(Cell::new(3, 1)), None);
        // Every partner is an up cell and partnering is symmetric.
        for x in -8i16..=8 {
            for y in -8i16..=8 {
                if let Some(q) = red_partner(Cell::new(x, y)) {
                    assert_eq!(q.orientation(), Orientation::Up);
                    assert_eq!(red_partner(q), Some(Cell::new(x, y)));
                }
            }
        }
    }

    #[test]
    fn a_winning_cell_wins_and_a_threat_is_blocked() {
        // White has (2,0) and (1,0)... build a legal position: White (1,0), (2,0); Black (-1,0),
        // (0,-1)? (0,-1) is a down cell below red, sharing red's bottom side.
        let p = Triangular::from_pieces(
            &[Cell::new(1, 0), Cell::new(2, 0)],
            &[Cell::new(-1, 0), Cell::new(0, -1)],
        );
        assert_eq!(p.to_move(), Some(Seat(0)));
        let mut legal = Vec::new();
        p.legal_moves(&mut legal);
        let mut wins = Vec::new();
        winning_cells(&p, Seat(0), &legal, &mut wins);
        // (1,1) is the apex over red and (2,0): it shares a side with (1,0).
        assert_eq!(wins, vec![Cell::new(1, 1)]);
        let mut after = p.clone();
        after.play(Cell::new(1, 1));
        assert_eq!(after.red_winner(), Some(Seat(0)));
        let mut moves = Vec::new();
        TriangularKnowledge::default().search_moves(&p, &mut moves);
        assert_eq!(moves, vec![Cell::new(1, 1)]);
        // If White plays elsewhere, Black must block (1,1).
        let mut q = p.clone();
        q.play(Cell::new(3, 0));
        TriangularKnowledge::default().search_moves(&q, &mut moves);
        assert_eq!(moves, vec![Cell::new(1, 1)]);
    }
}
