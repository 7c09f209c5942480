//! MAST, the Move-Average Sampling Technique (Finnsson & Björnsson 2008): a playout policy that
//! learns during a search. Every move played in an iteration, in the tree or in the playout, adds
//! the iteration's reward for the seat that played it to that (seat, move)'s average; playouts
//! then choose by Gibbs sampling over those averages, so moves that have paid anywhere in the
//! search are tried more everywhere. The `mast:MS` baseline ([`crate::uct`]) plays its playouts
//! so, and [`crate::mcts`] does where a game's knowledge leaves the choice open.

use std::collections::HashMap;
use std::hash::Hash;

use rand::Rng;
use trigonal_core::Seat;

/// The Gibbs temperature, on rewards in \[0, 1\] (Finnsson and Björnsson's τ = 10 on rewards of
/// 0..100).
pub const TAU: f64 = 0.1;

/// The value of a move not played yet in the search: neutral.
const UNSEEN: f64 = 0.5;

/// Each (seat, move)'s playouts and summed reward for that seat, over one search.
#[derive(Clone, Debug)]
pub struct MoveAverages<M> {
    table: HashMap<(u8, M), (f64, f64)>,
    weights: Vec<f64>,
}

impl<M: Copy + Eq + Hash> Default for MoveAverages<M> {
    fn default() -> Self {
        MoveAverages {
            table: HashMap::new(),
            weights: Vec::new(),
        }
    }
}

impl<M: Copy + Eq + Hash> MoveAverages<M> {
    /// The playouts of `mv` by `seat` so far and their summed reward for `seat`.
    pub fn get(&self, seat: Seat, mv: M) -> Option<(f64, f64)> {
        self.table.get(&(seat.0, mv)).copied()
    }

    /// Adds one iteration: each of `played` (the seat and its move, in the tree and the
    /// playout) gets the reward `reward(seat)` of the seat that played it.
    pub fn record(&mut self, played: &[(Seat, M)], reward: impl Fn(Seat) -> f64) {
        for &(seat, mv) in played {
            let e = self.table.entry((seat.0, mv)).or_insert((0.0, 0.0));
            e.0 += 1.0;
            e.1 += reward(seat);
        }
    }

    /// The index in `moves` (non-empty) that `seat` plays: Gibbs sampling, each move weighted by
    /// e^(average / [`TAU`]).
    pub fn choose<R: Rng>(&mut self, seat: Seat, moves: &[M], rng: &mut R) -> usize {
        self.weights.clear();
        for &mv in moves {
            let q = match self.table.get(&(seat.0, mv)) {
                Some(&(n, sum)) if n > 0.0 => sum / n,
                _ => UNSEEN,
            };
            self.weights.push((q / TAU).exp());
        }
        let total: f64 = self.weights.iter().sum();
        let mut pick = rng.gen::<f64>() * total;
        for (i, w) in self.weights.iter().enumerate() {
            if pick < *w {
                return i;
            }
            pick -= w;
        }
        moves.len() - 1
    }

    /// Forgets everything (a new search).
    pub fn clear(&mut self) {
        self.table.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn each_move_is_averaged_for_the_seat_that_played_it() {
        let mut m = MoveAverages::default();
        let played = [(Seat(0), 'a'), (Seat(1), 'b'), (Seat(0), 'a')];
        m.record(&played, |s| if s == Seat(0) { 1.0 } else { 0.0 });
        assert_eq!(
            m.get(Seat(0), 'a'),
            Some((2.0, 2.0)),
            "each time it was played"
        );
        assert_eq!(m.get(Seat(1), 'b'), Some((1.0, 0.0)));
        assert_eq!(m.get(Seat(0), 'b'), None, "a seat's moves are its own");
        m.clear();
        assert_eq!(m.get(Seat(0), 'a'), None);
    }

    #[test]
    fn gibbs_sampling_weighs_moves_by_their_averages() {
        // A move worth 1 against one worth 0 at τ = 0.1 is chosen e^10 : 1; an unseen one
        // (worth 0.5) against one worth 0, e^5 : 1.
        let mut m = MoveAverages::default();
        m.record(&[(Seat(0), 'x'); 10], |_| 1.0);
        m.record(&[(Seat(0), 'y'); 10], |_| 0.0);
        let mut rng = SmallRng::seed_from_u64(1);
        let draws = 100_000;
        let count = |m: &mut MoveAverages<char>, moves: &[char], rng: &mut SmallRng| {
            (0..draws)
                .filter(|_| m.choose(Seat(0), moves, rng) == 1)
                .count() as f64
        };
        let unlikely = count(&mut m, &['x', 'y'], &mut rng);
        let expected = draws as f64 / (1.0 + 10f64.exp());
        assert!(
            (unlikely - expected).abs() < 5.0 * expected.sqrt() + 1.0,
            "{unlikely} vs {expected}"
        );
        let unseen = count(&mut m, &['y', 'z'], &mut rng);
        let expected = draws as f64 * 5f64.exp() / (1.0 + 5f64.exp());
        assert!(
            (unseen - expected).abs() < 5.0 * expected.sqrt(),
            "{unseen} vs {expected}"
        );
    }
}
