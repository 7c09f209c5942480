//! What alpha-beta remembers of the moves that cut off a search: two killer moves per ply and
//! the history heuristic's table. Alpha-beta keeps them and orders its moves by them; the
//! knowledge's settled endgames ([`crate::knowledge::Knowledge::end_margin`]) are lent them, so
//! that the last turns are ordered, and teach the search above, as alpha-beta's own nodes would.

use std::hash::{Hash, Hasher};

/// The plies below a position for which [`Cutoffs`] lends killer moves: as deep as a game's
/// settled end may reach (Triangoli: three turns and a pass).
pub const END_PLIES: usize = 4;

/// The killer moves of one ply: two moves that cut off a sibling, the latest first.
pub type Killers<M> = [Option<M>; 2];

/// Puts `mv`, which just cut off a position, first among `killers`.
pub fn remember_killer<M: PartialEq + Copy>(killers: &mut Killers<M>, mv: M) {
    if killers[0] != Some(mv) {
        killers[1] = killers[0];
        killers[0] = Some(mv);
    }
}

/// The history heuristic: for each move (hashed into a fixed number of slots), how much work
/// its cut-offs have saved anywhere in the tree.
#[derive(Clone, Debug)]
pub struct History {
    slots: Vec<u32>,
}

/// Slots of the history table.
const SLOTS: usize = 1 << 12;

/// The most one move's history adds to its ordering score, below the killers' bonuses.
pub const HISTORY_CAP: u32 = 1 << 18;

impl Default for History {
    fn default() -> Self {
        History {
            slots: vec![0; SLOTS],
        }
    }
}

impl History {
    /// How often, and how high in the tree, `mv` has cut off (at most [`HISTORY_CAP`]).
    pub fn score<M: Hash>(&self, mv: &M) -> u32 {
        self.slots[slot(mv)].min(HISTORY_CAP)
    }

    /// Counts a cut-off by `mv` where `left` of the game remained (plies, or the game's measure
    /// of what is left): the square, since a cut-off higher up saves much more.
    pub fn reward<M: Hash>(&mut self, mv: &M, left: u32) {
        let d = left.clamp(1, 64);
        self.slots[slot(mv)] += d * d;
    }

    /// Fades what is known, at the start of a search: recent cut-offs count most.
    pub fn age(&mut self) {
        for h in &mut self.slots {
            *h /= 8;
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(0);
    }
}

/// The history slot of a move.
fn slot<M: Hash>(mv: &M) -> usize {
    let mut h = Fx::default();
    mv.hash(&mut h);
    h.finish() as usize & (SLOTS - 1)
}

/// What alpha-beta lends [`crate::knowledge::Knowledge::end_margin`]: `killers[i]` are the
/// killer moves `i` plies below the position, and the history table.
pub struct Cutoffs<'a, M> {
    /// The killer moves of the position's ply and of the plies below it.
    pub killers: &'a mut [Killers<M>; END_PLIES],
    /// The history heuristic's table.
    pub history: &'a mut History,
}

/// A small multiplicative hasher for the history table.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        // Eight bytes a step: a move's small arrays hash in one.
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    // Whole integers in one step: a move's fields hash without a loop over their bytes.
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n.into());
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(n.into());
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n.into());
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_killer_goes_first_and_the_old_one_second_once() {
        let mut k: Killers<u8> = [None, None];
        remember_killer(&mut k, 1);
        remember_killer(&mut k, 2);
        assert_eq!(k, [Some(2), Some(1)]);
        remember_killer(&mut k, 2);
        assert_eq!(k, [Some(2), Some(1)], "the same move again changes nothing");
        remember_killer(&mut k, 3);
        assert_eq!(k, [Some(3), Some(2)]);
    }

    #[test]
    fn history_rewards_higher_cutoffs_more_fades_and_is_capped() {
        let mut h = History::default();
        h.reward(&7u32, 2);
        h.reward(&9u32, 5);
        assert_eq!((h.score(&7u32), h.score(&9u32)), (4, 25));
        h.age();
        assert_eq!((h.score(&7u32), h.score(&9u32)), (0, 3));
        for _ in 0..100 {
            h.reward(&9u32, 64);
        }
        assert_eq!(h.score(&9u32), HISTORY_CAP);
        h.clear();
        assert_eq!(h.score(&9u32), 0);
    }
}
