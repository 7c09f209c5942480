//! The Triangle Game knowledge: pointless slide sequences, and playouts that mind the score.
//!
//! - Pruning (off by default, see [`TriangleGameKnowledge::prune`]): within a turn, sliding a
//!   stone straight back (`u-v` then `v-u`) leaves the board as it was with fewer slides left
//!   and no Power Triangle bonus to gain that had not been had, and sliding the stone just slid
//!   on again (`u-v` then `v-w`) when `u-w` was a slide of its own ends on the same board with no
//!   more slides left than the direct slide. The searches can leave both out (a pickup in
//!   between makes them different courses, and is kept).
//! - Playouts: with probability `greedy`, the action that most raises the mover's score against
//!   the others' (a stone home, an opponent's stone onto ground that counts against them) when
//!   one raises it; otherwise the game's own playout choice.
//! - Move scores: that same gain, the order in which the search tries a node's children (with
//!   first-play urgency, [`trigonal_ai::mcts::MctsParams::first_play`]).

use crate::{Colour, Move, TriangleGame, Vertex, BOARD};
use rand::rngs::SmallRng;
use rand::Rng;
use trigonal_core::{Game, Seat};

use trigonal_ai::knowledge::Knowledge;

/// The Triangle Game knowledge (see the module documentation).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TriangleGameKnowledge {
    /// The probability that a playout plays the most score-raising action (if any raises it).
    /// 0.9: against two `mast:100`, `ai:hard:100` took 16.3 of 30 points with 0.8, 12.2 with
    /// 0.95, 10.7 with 0.5 and 8.8 with 0.2 (seed 1, UCB1's constant √2); with the constant at
    /// 0.1, 37.8 of 60 with 0.8 against 33.3 with 0.65 (seeds 1 and 2); with it at 0.05, 35.7 of
    /// 60 with 0.9 and 34.2 with 0.85 (seeds 4 and 5; 2026-11-26).
    pub greedy: f64,
    /// Whether the searches leave out pointless slide sequences. Off in the levels: in the
    /// arena it did not pay (60 games of pruned, unpruned and plain UCT at 100 ms a move: 22.8,
    /// 28.8 and 8.3 points; turns with two slides or more are rare at these budgets).
    pub prune: bool,
}

impl Default for TriangleGameKnowledge {
    fn default() -> Self {
        TriangleGameKnowledge {
            greedy: 0.9,
            prune: false,
        }
    }
}

/// What a stone of `seat` on `v` counts for `seat`: +1 at home, -1 on ground of others only.
fn worth(seat: Seat, v: Vertex) -> i32 {
    let b = &*BOARD;
    if b.home[seat.index()] & v.bit() != 0 {
        1
    } else if b.foreign[seat.index()] & v.bit() != 0 {
        -1
    } else {
        0
    }
}

/// The change of each seat's score that `mv` makes at once.
fn score_change(position: &TriangleGame, mv: Move) -> [i32; 3] {
    let mut change = [0; 3];
    let (stone, from, to) = match mv {
        Move::Place(c, v) => (Some(c), None, Some(v)),
        Move::Slide(u, v) => (position.stone_at(u), Some(u), Some(v)),
        Move::Pickup(v) => (position.stone_at(v), Some(v), None),
        Move::End => (None, None, None),
    };
    if let Some(s) = stone.and_then(Colour::seat) {
        change[s.index()] = to.map_or(0, |v| worth(s, v)) - from.map_or(0, |u| worth(s, u));
    }
    change
}

/// The mover's gain from `mv` against the average of the others', in half points.
fn gain(position: &TriangleGame, me: Seat, mv: Move) -> i32 {
    let c = score_change(position, mv);
    let others: i32 = (0..3).filter(|&s| s != me.index()).map(|s| c[s]).sum();
    2 * c[me.index()] - others
}

impl Knowledge<TriangleGame> for TriangleGameKnowledge {
    fn name(&self) -> &'static str {
        "triangle-game"
    }

    fn pointless_after(&self, position: &TriangleGame, previous: Move, mv: Move) -> bool {
        let (true, Move::Slide(u, v), Move::Slide(from, w)) = (self.prune, previous, mv) else {
            return false;
        };
        if from != v {
            return false;
        }
        if w == u {
            return true;
        }
        // Was u-w a slide of its own, on the board before u-v (v empty, u holding the stone)?
        let occupied_before = (BOARD.all & !empty_mask(position)) & !v.bit();
        BOARD
            .slides(u)
            .iter()
            .any(|t| t.to == w && t.clear & occupied_before == 0)
    }

    fn move_scores(&self, position: &TriangleGame, moves: &[Move], scores: &mut Vec<i32>) -> bool {
        let Some(me) = position.to_move() else {
            return false;
        };
        scores.extend(moves.iter().map(|&mv| gain(position, me, mv)));
        true
    }

    fn playout(&self, position: &TriangleGame, moves: &[Move], rng: &mut SmallRng) -> usize {
        if moves.len() > 1 && rng.gen_bool(self.greedy) {
            if let Some(me) = position.to_move() {
                let mut best = (0, 0usize, 0u32);
                for (i, &mv) in moves.iter().enumerate() {
                    let g = gain(position, me, mv);
                    if g > best.0 {
                        best = (g, i, 1);
                    } else if g == best.0 && g > 0 {
                        // Ties: each equally likely (reservoir sampling).
                        best.2 += 1;
                        if rng.gen_range(0..best.2) == 0 {
                            best.1 = i;
                        }
                    }
                }
                if best.0 > 0 {
                    return best.1;
                }
            }
        }
        position.playout_choice(moves, rng.gen())
    }
}

/// The empty vertices of the board.
fn empty_mask(position: &TriangleGame) -> u64 {
    Colour::ALL
        .iter()
        .fold(BOARD.all, |m, &c| m & !position.stones(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &[&str]) -> TriangleGame {
        let mut g = TriangleGame::start();
        for m in moves {
            let mv = g.parse_legal(m).unwrap();
            g.play(mv);
        }
        g
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn sliding_back_or_on_where_one_slide_would_do_is_pointless() {
        let k = TriangleGameKnowledge {
            prune: true,
            ..TriangleGameKnowledge::default()
        };
        // Dark Blue places a white stone on c5 and slides it to c4.
        let g = after(&["Wc5", "c5-c4"]);
        assert!(k.pointless_after(&g, mv("c5-c4"), mv("c4-c5")));
        // c5-c3 was a slide of its own.
        assert!(k.pointless_after(&g, mv("c5-c4"), mv("c4-c3")));
        // Another stone, or a pickup between, is another matter.
        assert!(!k.pointless_after(&g, mv("c5-c4"), mv("a5-a3")));
        assert!(!k.pointless_after(&g, mv("xa1"), mv("c4-c5")));
        assert!(!k.pointless_after(&g, mv("c5-c4"), mv("end")));
        // Without pruning nothing is pointless.
        let off = TriangleGameKnowledge { prune: false, ..k };
        assert!(!off.pointless_after(&g, mv("c5-c4"), mv("c4-c5")));
    }

    #[test]
    fn placing_an_opponents_stone_on_their_foreign_ground_is_a_gain() {
        // Green's stones count -1 for Green on ground that is only others' (the top, say a2).
        let g = TriangleGame::start();
        let me = Seat(0);
        assert!(gain(&g, me, mv("Ga2")) > 0);
        assert_eq!(gain(&g, me, mv("Wa2")), 0);
        assert_eq!(gain(&g, me, mv("end")), 0);
    }
}
