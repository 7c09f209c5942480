//! The transposition table alpha-beta shares among its threads: pairs of entries behind a lock
//! each, indexed by the position's hash, one kept by depth and one always replaced.

use std::sync::{Mutex, MutexGuard, PoisonError};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub(super) struct Entry<M> {
    pub(super) key: u64,
    pub(super) depth: i16,
    pub(super) value: i32,
    pub(super) bound: Bound,
    pub(super) best: Option<M>,
    /// How much work the entry saves (the plies searched, or the moves left to the end): the
    /// table keeps the weightier of two entries that meet in one slot.
    pub(super) weight: u16,
}

/// The transposition table: 2^`bits` entries in pairs, each pair behind a lock of its own, so
/// that the threads of one exact search share what each has found (a lock taken without
/// contention costs little next to the node that probes).
pub(super) struct Table<M> {
    pub(super) pairs: Box<[Slot<M>]>,
}

/// Two entries that share a slot: one kept for its weight, one always replaced.
type Pair<M> = [Option<Entry<M>>; 2];

/// A pair behind its lock, on a cache line of its own (56 bytes for Triangoli's moves): unaligned,
/// most pairs straddled two lines, and a probe of a table much larger than the cache paid for
/// two misses.
#[repr(align(64))]
pub(super) struct Slot<M>(pub(super) Mutex<Pair<M>>);

impl<M: Copy> Table<M> {
    pub(super) fn new(bits: u32) -> Table<M> {
        let pairs = (0..1usize << (bits.max(1) - 1))
            .map(|_| Slot(Mutex::new([None, None])))
            .collect();
        Table { pairs }
    }

    pub(super) fn pair(&self, key: u64) -> MutexGuard<'_, Pair<M>> {
        // An entry is written whole under the lock: a panic elsewhere leaves none half written.
        self.pairs[key as usize & (self.pairs.len() - 1)]
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The entry for the position with hash `key`. Each pair keeps one entry for its weight and
    /// one always replaced.
    pub(super) fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.pair(key)
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// Stores `entry`: over the same position's, else in the kept place when it weighs at least
    /// as much as what is there, else in the always-replaced place.
    pub(super) fn store(&self, entry: Entry<M>) {
        let mut pair = self.pair(entry.key);
        let place = match *pair {
            [Some(e), _] if e.key == entry.key => 0,
            [_, Some(e)] if e.key == entry.key => 1,
            [Some(e), _] if e.weight > entry.weight => 1,
            _ => 0,
        };
        pair[place] = Some(entry);
    }

    pub(super) fn clear(&self) {
        for Slot(pair) in &self.pairs {
            *pair.lock().unwrap_or_else(PoisonError::into_inner) = [None, None];
        }
    }
}
