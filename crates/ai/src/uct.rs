//! The fixed baselines that stronger play is measured against, for any game and any number of
//! players, with no game knowledge: Monte Carlo tree search where each node keeps a reward per
//! seat and selection serves the seat to move, in three kinds ([`Baseline`]):
//!
//! - **UCT** — UCB1 selection (exploration √2), uniformly random playouts;
//! - **MAST** (Finnsson & Björnsson 2008) — UCT whose playouts choose moves by Gibbs sampling
//!   over each move's average reward so far in the search (for the seat that played it), with
//!   temperature [`MAST_TAU`] on rewards in \[0, 1\];
//! - **GRAVE** (Cazenave 2015) — selection on a blend of a child's mean and its AMAF ("all moves as
//!   first") value taken from the closest ancestor with at least [`GRAVE_REF`] playouts, weighted
//!   by β = m / (m + n + [`GRAVE_BIAS`]·m·n) (m: AMAF playouts, n: the child's), with no
//!   exploration term; uniformly random playouts.

use std::time::{Duration, Instant};

use std::collections::HashMap;

use rand::Rng;
use trigonal_core::{Game, Seat};

/// How long a search may run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time.
    Time(Duration),
    /// A number of playouts (reproducible under a seed).
    Iterations(u64),
}

impl Budget {
    /// This budget, its time cut to `limit` if there is one (a number of playouts stays).
    pub fn at_most(self, limit: Option<Duration>) -> Budget {
        match (self, limit) {
            (Budget::Time(t), Some(most)) => Budget::Time(t.min(most)),
            (budget, _) => budget,
        }
    }
}

/// MAST's Gibbs temperature, on rewards in \[0, 1\] (Finnsson and Björnsson's τ = 10 on
/// rewards of 0..100).
pub const MAST_TAU: f64 = 0.1;

/// MAST's value of a move never played yet in the search: neutral.
const MAST_UNSEEN: f64 = 0.5;

/// GRAVE's reference: the AMAF statistics come from the closest ancestor with this many
/// playouts (Cazenave's best setting for most games was 50).
pub const GRAVE_REF: f64 = 50.0;

/// GRAVE's bias in β (Cazenave used 10⁻⁵ to 10⁻¹⁰; Ludii 10⁻⁶).
pub const GRAVE_BIAS: f64 = 1e-6;

/// Which baseline search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Baseline {
    /// Plain UCT.
    Uct,
    /// UCT with MAST playouts.
    Mast,
    /// MC-GRAVE.
    Grave,
}

/// The most seats a game has.
const MAX_SEATS: usize = 4;

struct Node<M> {
    /// The move that led here from the parent.
    mv: Option<M>,
    parent: Option<usize>,
    children: Vec<usize>,
    untried: Vec<M>,
    visits: f64,
    /// Summed reward of each seat over the playouts through this node.
    reward: [f64; MAX_SEATS],
    /// GRAVE: for each move played later by the seat to move here, its playouts and summed
    /// reward for that seat.
    amaf: HashMap<M, (f64, f64)>,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, parent: Option<usize>, untried: Vec<M>) -> Node<M> {
        Node {
            mv,
            parent,
            children: Vec::new(),
            untried,
            visits: 0.0,
            reward: [0.0; MAX_SEATS],
            amaf: HashMap::new(),
        }
    }
}

/// The move plain UCT prefers after `budget`: the most visited child of the root.
///
/// Panics if the game is over.
pub fn uct_move<G: Game, R: Rng>(position: &G, budget: Budget, rng: &mut R) -> G::Move {
    baseline_move(Baseline::Uct, position, budget, rng)
}

/// The search state of one [`baseline_move`].
struct Search<G: Game> {
    kind: Baseline,
    players: usize,
    nodes: Vec<Node<G::Move>>,
    /// MAST: each (seat, move)'s playouts and summed reward for that seat.
    mast: HashMap<(u8, G::Move), (f64, f64)>,
    /// The moves of the current iteration, with the seat that played each.
    played: Vec<(Seat, G::Move)>,
    moves: Vec<G::Move>,
    weights: Vec<f64>,
}

impl<G: Game> Search<G> {
    /// The child of `node` (with `seat` to move) to descend to.
    fn select(&self, node: usize, seat: Seat) -> usize {
        let n = &self.nodes[node];
        let value = |c: usize| -> f64 {
            let child = &self.nodes[c];
            let mean = child.reward[seat.index()] / child.visits;
            match self.kind {
                Baseline::Uct | Baseline::Mast => {
                    mean + std::f64::consts::SQRT_2 * (n.visits.ln() / child.visits).sqrt()
                }
                Baseline::Grave => {
                    let mv = child.mv.expect("a child has a move");
                    let (m, amaf) = self.reference_amaf(node, mv);
                    if m == 0.0 {
                        return mean;
                    }
                    let beta = m / (m + child.visits + GRAVE_BIAS * m * child.visits);
                    (1.0 - beta) * mean + beta * amaf
                }
            }
        };
        *n.children
            .iter()
            .max_by(|&&a, &&b| value(a).total_cmp(&value(b)))
            .expect("children")
    }

    /// GRAVE: the AMAF playouts and mean of `mv` at the closest ancestor of `node` (itself
    /// included) with at least [`GRAVE_REF`] playouts (the root, failing any).
    fn reference_amaf(&self, node: usize, mv: G::Move) -> (f64, f64) {
        let mut at = node;
        while self.nodes[at].visits < GRAVE_REF {
            match self.nodes[at].parent {
                Some(p) => at = p,
                None => break,
            }
        }
        match self.nodes[at].amaf.get(&mv) {
            Some(&(n, sum)) if n > 0.0 => (n, sum / n),
            _ => (0.0, 0.0),
        }
    }

    /// The move a playout plays in `state` among `self.moves`.
    fn playout_move<R: Rng>(&mut self, seat: Seat, rng: &mut R) -> G::Move {
        if self.kind != Baseline::Mast {
            return self.moves[rng.gen_range(0..self.moves.len())];
        }
        self.weights.clear();
        for mv in &self.moves {
            let q = match self.mast.get(&(seat.0, *mv)) {
                Some(&(n, sum)) if n > 0.0 => sum / n,
                _ => MAST_UNSEEN,
            };
            self.weights.push((q / MAST_TAU).exp());
        }
        let total: f64 = self.weights.iter().sum();
        let mut pick = rng.gen::<f64>() * total;
        for (mv, w) in self.moves.iter().zip(&self.weights) {
            if pick < *w {
                return *mv;
            }
            pick -= w;
        }
        *self.moves.last().expect("moves")
    }

    /// Plays `state` out, recording the moves; its outcome's shares.
    fn playout<R: Rng>(&mut self, state: &mut G, rng: &mut R) -> [f64; MAX_SEATS] {
        while let Some(seat) = state.to_move() {
            state.legal_moves(&mut self.moves);
            let mv = self.playout_move(seat, rng);
            self.played.push((seat, mv));
            state.play(mv);
        }
        let outcome = state.outcome().expect("a finished playout");
        let mut shares = [0.0; MAX_SEATS];
        for (s, share) in shares.iter_mut().enumerate().take(self.players) {
            *share = outcome.share(Seat(s as u8), self.players);
        }
        shares
    }

    /// Backs the iteration's `shares` up from `leaf`: visits and rewards, GRAVE's AMAF
    /// statistics (at each node, every later move of the seat to move there, once) and MAST's
    /// move averages (every move of the iteration).
    fn back_up(&mut self, leaf: usize, path_seats: &[Seat], shares: [f64; MAX_SEATS]) {
        // path_seats[d]: the seat to move at the node of depth d; self.played[d]: the move from
        // it (tree moves first, then the playout's).
        let mut depth = path_seats.len();
        let mut at = Some(leaf);
        while let Some(i) = at {
            let n = &mut self.nodes[i];
            n.visits += 1.0;
            for (r, s) in n.reward.iter_mut().zip(shares) {
                *r += s;
            }
            if self.kind == Baseline::Grave && depth < path_seats.len() {
                let seat = path_seats[depth];
                let mut seen = Vec::new();
                for &(by, mv) in &self.played[depth..] {
                    if by == seat && !seen.contains(&mv) {
                        seen.push(mv);
                        let e = n.amaf.entry(mv).or_insert((0.0, 0.0));
                        e.0 += 1.0;
                        e.1 += shares[seat.index()];
                    }
                }
            }
            at = n.parent;
            depth = depth.saturating_sub(1);
        }
        if self.kind == Baseline::Mast {
            for &(by, mv) in &self.played {
                let e = self.mast.entry((by.0, mv)).or_insert((0.0, 0.0));
                e.0 += 1.0;
                e.1 += shares[by.index()];
            }
        }
    }
}

/// The move the baseline `kind` prefers after `budget`: the most visited child of the root.
///
/// Panics if the game is over.
pub fn baseline_move<G: Game, R: Rng>(
    kind: Baseline,
    position: &G,
    budget: Budget,
    rng: &mut R,
) -> G::Move {
    let mut root_moves = Vec::new();
    position.legal_moves(&mut root_moves);
    assert!(
        !root_moves.is_empty(),
        "a baseline search on a finished game"
    );
    if root_moves.len() == 1 {
        return root_moves[0];
    }
    let mut search = Search::<G> {
        kind,
        players: position.players(),
        nodes: vec![Node::new(None, None, root_moves)],
        mast: HashMap::new(),
        played: Vec::new(),
        moves: Vec::new(),
        weights: Vec::new(),
    };
    let began = Instant::now();
    let mut iterations = 0u64;
    let mut path_seats = Vec::new();
    loop {
        match budget {
            Budget::Iterations(n) if iterations >= n => break,
            Budget::Time(t) if iterations.is_multiple_of(64) && began.elapsed() >= t => break,
            _ => {}
        }
        iterations += 1;
        search.played.clear();
        path_seats.clear();
        // Selection.
        let mut state = position.clone();
        let mut node = 0;
        while search.nodes[node].untried.is_empty() && !search.nodes[node].children.is_empty() {
            let seat = state.to_move().expect("a node with children is not over");
            node = search.select(node, seat);
            let mv = search.nodes[node].mv.expect("a child has a move");
            path_seats.push(seat);
            search.played.push((seat, mv));
            state.play(mv);
        }
        // Expansion.
        if !search.nodes[node].untried.is_empty() {
            let seat = state.to_move().expect("a node with moves is not over");
            let untried = &mut search.nodes[node].untried;
            let mv = untried.swap_remove(rng.gen_range(0..untried.len()));
            path_seats.push(seat);
            search.played.push((seat, mv));
            state.play(mv);
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            search.nodes.push(Node::new(Some(mv), Some(node), moves));
            let child = search.nodes.len() - 1;
            search.nodes[node].children.push(child);
            node = child;
        }
        // Simulation, then backpropagation.
        let shares = search.playout(&mut state, rng);
        search.back_up(node, &path_seats, shares);
    }
    let nodes = &search.nodes;
    let best = nodes[0]
        .children
        .iter()
        .max_by(|&&a, &&b| nodes[a].visits.total_cmp(&nodes[b].visits))
        .expect("the root was expanded");
    nodes[*best].mv.expect("a child has a move")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{Pile, Take};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    fn search(kind: Baseline) -> Search<Pile> {
        Search {
            kind,
            players: 2,
            nodes: vec![Node::new(None, None, vec![Take(1), Take(2)])],
            mast: HashMap::new(),
            played: Vec::new(),
            moves: Vec::new(),
            weights: Vec::new(),
        }
    }

    #[test]
    fn every_baseline_finds_the_forced_win() {
        for kind in [Baseline::Uct, Baseline::Mast, Baseline::Grave] {
            let mut rng = SmallRng::seed_from_u64(3);
            // 4 stones: take one, leaving three; 5: take two; 7: take one.
            for (stones, win) in [(4, Take(1)), (5, Take(2)), (7, Take(1))] {
                let best =
                    baseline_move(kind, &Pile::of(stones), Budget::Iterations(3_000), &mut rng);
                assert_eq!(best, win, "{kind:?} with {stones} stones");
            }
        }
    }

    #[test]
    fn mast_averages_every_move_of_the_iteration_for_its_player() {
        let mut s = search(Baseline::Mast);
        s.nodes.push(Node::new(Some(Take(1)), Some(0), Vec::new()));
        s.played = vec![(Seat(0), Take(1)), (Seat(1), Take(2)), (Seat(0), Take(1))];
        s.back_up(1, &[Seat(0)], [1.0, 0.0, 0.0, 0.0]);
        assert_eq!(s.mast[&(0, Take(1))], (2.0, 2.0), "each time it was played");
        assert_eq!(s.mast[&(1, Take(2))], (1.0, 0.0));
        assert!(!s.mast.contains_key(&(0, Take(2))));
        // Gibbs sampling: a move worth 1 against one worth 0 at τ = 0.1 is chosen e^10 : 1.
        s.mast.insert((0, Take(2)), (10.0, 0.0));
        s.mast.insert((0, Take(1)), (10.0, 10.0));
        s.moves = vec![Take(1), Take(2)];
        let mut rng = SmallRng::seed_from_u64(5);
        let ones = (0..1000)
            .filter(|_| s.playout_move(Seat(0), &mut rng) == Take(1))
            .count();
        assert!(ones > 990, "{ones}");
        // A move never seen counts as worth one half.
        s.moves = vec![Take(1), Take(3)];
        let threes = (0..10_000)
            .filter(|_| s.playout_move(Seat(0), &mut rng) == Take(3))
            .count();
        let expected = 10_000.0 / (1.0 + (0.5_f64 / MAST_TAU).exp());
        assert!(
            (threes as f64 - expected).abs() < 40.0,
            "{threes} vs {expected}"
        );
    }

    #[test]
    fn grave_keeps_all_moves_as_first_for_the_seat_to_move_and_reads_them_from_a_reference() {
        let mut s = search(Baseline::Grave);
        s.nodes.push(Node::new(Some(Take(1)), Some(0), Vec::new()));
        s.nodes[0].children.push(1);
        // From the root (seat 0): a, then seat 1's b, then seat 0's c and a again.
        s.played = vec![
            (Seat(0), Take(1)),
            (Seat(1), Take(2)),
            (Seat(0), Take(3)),
            (Seat(0), Take(1)),
        ];
        s.back_up(1, &[Seat(0)], [0.0, 1.0, 0.0, 0.0]);
        let root = &s.nodes[0];
        assert_eq!(
            root.amaf[&Take(1)],
            (1.0, 0.0),
            "once per playout, for seat 0"
        );
        assert_eq!(root.amaf[&Take(3)], (1.0, 0.0));
        assert!(
            !root.amaf.contains_key(&Take(2)),
            "seat 1's move is not seat 0's"
        );
        assert_eq!(s.nodes[1].visits, 1.0);
        assert_eq!(s.nodes[0].visits, 1.0);
        // The child has too few playouts of its own: its AMAF comes from the root, once the
        // root has GRAVE_REF.
        s.nodes[0].visits = GRAVE_REF;
        s.nodes[0].amaf.insert(Take(2), (40.0, 30.0));
        assert_eq!(s.reference_amaf(1, Take(2)), (40.0, 0.75));
        s.nodes[1].visits = GRAVE_REF;
        s.nodes[1].amaf.insert(Take(2), (50.0, 10.0));
        assert_eq!(
            s.reference_amaf(1, Take(2)),
            (50.0, 0.2),
            "its own, once it has enough"
        );
    }
}
