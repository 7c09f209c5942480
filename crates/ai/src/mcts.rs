//! Monte Carlo tree search for any number of players, with game knowledge.
//!
//! UCT in which every node keeps a summed reward per seat (a share of the win, so a 3- or
//! 4-player game needs no reduction to two sides) and selection maximises the reward of the seat
//! that moves at the node. Beyond plain UCT ([`crate::uct`]):
//! - the playout policy and the moves searched (and action sequences not worth searching) come
//!   from a [`Knowledge`];
//! - a solver: finished positions are proven, a node is proven when its mover has a proven sole
//!   win among its children or when every child is proven (max^n over the proven values), and a
//!   proven node is not searched again;
//! - tree reuse: [`Mcts::advance`] keeps the subtree of each move played;
//! - root parallelism: each thread grows its own tree from its own random stream, and the root
//!   statistics are merged move by move. Under an iteration budget the result depends only on
//!   the seed.

use std::collections::HashMap;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use trigonal_core::{Game, Outcome, Seat, Seats};

use crate::knowledge::{outcome_shares, Knowledge, Shares, MAX_SEATS};
use crate::{Budget, MoveStat, Thought};

/// The tunable parts of the search.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MctsParams {
    /// The UCB1 exploration constant.
    pub exploration: f32,
    /// Threads, each growing its own tree (root parallelism).
    pub threads: usize,
    /// The most nodes a tree holds; past it, leaves are no longer expanded.
    pub max_nodes: usize,
    /// The playouts a leaf gives before it is expanded (1: at its second visit). More keeps a
    /// long search's tree growing within `max_nodes`, deeper where it is visited most.
    pub expand_after: u32,
    /// First-play urgency: `None`, every child of a node is visited once before any is visited
    /// twice; `Some(d)`, an unvisited child counts in selection at its parent's mean reward for
    /// the mover plus `d`, and a node's children are tried in the order of the knowledge's
    /// [`Knowledge::move_scores`] (best first), so that a wide node's search can go deep along
    /// its likeliest moves before it has tried them all.
    pub first_play: Option<f32>,
}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            exploration: std::f32::consts::SQRT_2,
            threads: 1,
            max_nodes: 3_000_000,
            expand_after: 1,
            first_play: None,
        }
    }
}

/// A node's proof: `UNPROVEN`, or `PROVEN | winners` (the seats that win with best play, none
/// for a draw).
const UNPROVEN: u16 = 0;
const PROVEN: u16 = 0x100;

#[derive(Clone, Debug)]
struct Node<M> {
    /// The move from the parent (`None` at the root).
    mv: Option<M>,
    visits: u32,
    /// Summed share of each seat over the playouts through here.
    reward: Shares,
    /// Children are `first .. first + len`; `len == 0` for a leaf.
    first: u32,
    len: u32,
    proof: u16,
}

impl<M> Node<M> {
    fn new(mv: Option<M>) -> Node<M> {
        Node {
            mv,
            visits: 0,
            reward: [0.0; MAX_SEATS],
            first: 0,
            len: 0,
            proof: UNPROVEN,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        self.first as usize..(self.first + self.len) as usize
    }
}

fn proof_of(outcome: Outcome) -> u16 {
    PROVEN | outcome.winners.0 as u16
}

fn outcome_of(proof: u16) -> Outcome {
    Outcome {
        winners: Seats(proof as u8),
    }
}

/// One tree: its root position, its nodes and its random stream.
struct Tree<G: Game> {
    root: G,
    /// The move that led to the root and the seat that played it, when known (tree reuse).
    root_previous: Option<(Seat, G::Move)>,
    nodes: Vec<Node<G::Move>>,
    rng: SmallRng,
    /// Scratch: the path of the current iteration (node, seat to move there).
    path: Vec<(usize, Seat)>,
    moves: Vec<G::Move>,
    scores: Vec<i32>,
    ranked: Vec<(i32, G::Move)>,
}

impl<G: Game> Tree<G> {
    fn new(root: G, rng: SmallRng) -> Tree<G> {
        Tree {
            root,
            root_previous: None,
            nodes: vec![Node::new(None)],
            rng,
            path: Vec::new(),
            moves: Vec::new(),
            scores: Vec::new(),
            ranked: Vec::new(),
        }
    }

    fn reset(&mut self, root: G) {
        self.root = root;
        self.root_previous = None;
        self.nodes.clear();
        self.nodes.push(Node::new(None));
    }

    /// Keeps the subtree below the root's child `mv`, which becomes the root.
    fn advance(&mut self, mv: G::Move) {
        let mut next = self.root.clone();
        next.play(mv);
        let previous = self.root.to_move().map(|seat| (seat, mv));
        let child = self.nodes[0]
            .children()
            .find(|&c| self.nodes[c].mv == Some(mv));
        let Some(child) = child else {
            self.reset(next);
            self.root_previous = previous;
            return;
        };
        let mut kept = Vec::with_capacity(self.nodes.len() / 4);
        let mut root = self.nodes[child].clone();
        root.mv = None;
        kept.push(root);
        let mut queue = std::collections::VecDeque::from([(child, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let range = self.nodes[old].children();
            if range.is_empty() {
                continue;
            }
            let first = kept.len();
            kept[new].first = first as u32;
            for (i, c) in range.enumerate() {
                kept.push(self.nodes[c].clone());
                queue.push_back((c, first + i));
            }
        }
        self.nodes = kept;
        self.root = next;
        self.root_previous = previous;
    }

    /// Marks the root's children whose outcome `proven` gives (proven by another search) as
    /// proven, expanding the root first if need be; the root too when that proves it.
    fn know<K: Knowledge<G>>(
        &mut self,
        proven: &[(G::Move, Outcome)],
        knowledge: &K,
        params: &MctsParams,
    ) {
        let Some(seat) = self.root.to_move() else {
            return;
        };
        if proven.is_empty() {
            return;
        }
        self.path.clear();
        self.path.push((0, seat));
        if self.nodes[0].len == 0 {
            let previous = self.previous_own_move(seat);
            let root = self.root.clone();
            self.expand(0, &root, previous, knowledge, params);
        }
        for c in self.nodes[0].children() {
            let mv = self.nodes[c].mv;
            let Some(&(_, outcome)) = proven.iter().find(|(m, _)| Some(*m) == mv) else {
                continue;
            };
            self.nodes[c].proof = proof_of(outcome);
            self.path.truncate(1);
            self.path.push((c, seat));
            self.propagate_proof();
        }
    }

    /// Runs iterations until the budget is spent; returns how many ran.
    fn run<K: Knowledge<G>>(
        &mut self,
        knowledge: &K,
        params: &MctsParams,
        budget: Budget,
        began: Instant,
    ) -> u64 {
        let mut done = 0u64;
        loop {
            match budget {
                Budget::Iterations(n) if done >= n => break,
                Budget::Time(t) if done.is_multiple_of(16) && began.elapsed() >= t => break,
                _ => {}
            }
            if self.nodes[0].proof != UNPROVEN {
                break;
            }
            self.iterate(knowledge, params);
            done += 1;
        }
        done
    }

    fn iterate<K: Knowledge<G>>(&mut self, knowledge: &K, params: &MctsParams) {
        let players = self.root.players();
        let mut state = self.root.clone();
        self.path.clear();
        let mut node = 0;
        let shares = loop {
            let seat = state.to_move().unwrap_or_default();
            self.path.push((node, seat));
            let n = &self.nodes[node];
            if n.proof != UNPROVEN {
                break outcome_shares(outcome_of(n.proof), players);
            }
            if n.len == 0 {
                if let Some(outcome) = state.outcome() {
                    self.nodes[node].proof = proof_of(outcome);
                    self.propagate_proof();
                    break outcome_shares(outcome, players);
                }
                if (n.visits < params.expand_after && node != 0)
                    || self.nodes.len() >= params.max_nodes
                {
                    break self.playout(&mut state, knowledge);
                }
                let previous = self.previous_own_move(seat);
                self.expand(node, &state, previous, knowledge, params);
            }
            node = self.select(node, seat, params);
            state.play(self.nodes[node].mv.expect("a child has a move"));
        };
        for &(i, _) in &self.path {
            let n = &mut self.nodes[i];
            n.visits += 1;
            for (r, s) in n.reward.iter_mut().zip(shares) {
                *r += s;
            }
        }
    }

    /// The move that led to the last node of the path, if `seat` (to move there) played it.
    fn previous_own_move(&self, seat: Seat) -> Option<G::Move> {
        match self.path.len() {
            0 => None,
            1 => self
                .root_previous
                .filter(|&(s, _)| s == seat)
                .map(|(_, mv)| mv),
            n => {
                let (node, _) = self.path[n - 1];
                let (_, parent_seat) = self.path[n - 2];
                self.nodes[node].mv.filter(|_| parent_seat == seat)
            }
        }
    }

    /// Creates the children of leaf `node`, whose position is `state` (reached by the mover's
    /// own `previous` move, if known), shuffled, so that unvisited children are tried in a random
    /// order — with first-play urgency, best first by the knowledge's move scores, ties in a
    /// random order.
    fn expand<K: Knowledge<G>>(
        &mut self,
        node: usize,
        state: &G,
        previous: Option<G::Move>,
        knowledge: &K,
        params: &MctsParams,
    ) {
        knowledge.search_moves(state, &mut self.moves);
        if let Some(previous) = previous {
            if self
                .moves
                .iter()
                .any(|&m| !knowledge.pointless_after(state, previous, m))
            {
                self.moves
                    .retain(|&m| !knowledge.pointless_after(state, previous, m));
            }
        }
        debug_assert!(!self.moves.is_empty(), "a game that is not over has a move");
        let first = self.nodes.len();
        for i in (1..self.moves.len()).rev() {
            let j = self.rng.gen_range(0..=i);
            self.moves.swap(i, j);
        }
        self.scores.clear();
        if params.first_play.is_some()
            && knowledge.move_scores(state, &self.moves, &mut self.scores)
        {
            // Stable: equal scores keep the shuffled order.
            self.ranked.clear();
            self.ranked
                .extend(self.scores.iter().copied().zip(self.moves.iter().copied()));
            self.ranked
                .sort_by_key(|&(score, _)| std::cmp::Reverse(score));
            self.moves.clear();
            self.moves.extend(self.ranked.iter().map(|&(_, mv)| mv));
        }
        for &mv in &self.moves {
            self.nodes.push(Node::new(Some(mv)));
        }
        let n = &mut self.nodes[node];
        n.first = first as u32;
        n.len = self.moves.len() as u32;
    }

    /// The child of `node` to descend into: the best by UCB1 for `seat`, a proven child
    /// counting at its proven value; an unvisited one (the first in stored order) before any
    /// visited one, or with first-play urgency at its parent's mean plus the urgency.
    fn select(&self, node: usize, seat: Seat, params: &MctsParams) -> usize {
        let parent = &self.nodes[node];
        let log_n = (parent.visits.max(1) as f32).ln();
        let s = seat.index();
        let players = self.root.players();
        let mut best = usize::MAX;
        let mut best_value = f32::NEG_INFINITY;
        let mut unvisited = None;
        for c in parent.children() {
            let child = &self.nodes[c];
            let value = if child.proof != UNPROVEN {
                outcome_shares(outcome_of(child.proof), players)[s]
            } else if child.visits == 0 {
                if params.first_play.is_none() {
                    return c;
                }
                unvisited = unvisited.or(Some(c));
                continue;
            } else {
                let n = child.visits as f32;
                child.reward[s] / n + params.exploration * (log_n / n).sqrt()
            };
            if value > best_value {
                best_value = value;
                best = c;
            }
        }
        if let (Some(c), Some(urgency)) = (unvisited, params.first_play) {
            let mean = parent.reward[s] / parent.visits.max(1) as f32;
            if best == usize::MAX || mean + urgency > best_value {
                return c;
            }
        }
        best
    }

    /// After the last node of the path was proven, proves its ancestors where that follows.
    fn propagate_proof(&mut self) {
        let players = self.root.players();
        for i in (0..self.path.len() - 1).rev() {
            let (parent, seat) = self.path[i];
            let (child, _) = self.path[i + 1];
            let child_proof = self.nodes[child].proof;
            let s = seat.index();
            let child_outcome = outcome_of(child_proof);
            let sole_win = child_outcome.winners.len() == 1 && child_outcome.winners.contains(seat);
            let proof = if sole_win {
                child_proof
            } else {
                let mut best: Option<(f32, u16)> = None;
                for c in self.nodes[parent].children() {
                    let p = self.nodes[c].proof;
                    if p == UNPROVEN {
                        return;
                    }
                    let v = outcome_shares(outcome_of(p), players)[s];
                    if best.is_none_or(|(bv, _)| v > bv) {
                        best = Some((v, p));
                    }
                }
                best.expect("a node with a proven child has children").1
            };
            self.nodes[parent].proof = proof;
        }
    }

    fn playout<K: Knowledge<G>>(&mut self, state: &mut G, knowledge: &K) -> Shares {
        playout(state, knowledge, &mut self.rng, &mut self.moves)
    }
}

/// Plays `state` out with the knowledge's policy: each seat's share at the end.
pub fn playout<G: Game, K: Knowledge<G>>(
    state: &mut G,
    knowledge: &K,
    rng: &mut SmallRng,
    moves: &mut Vec<G::Move>,
) -> Shares {
    loop {
        if let Some(outcome) = state.outcome() {
            return outcome_shares(outcome, state.players());
        }
        state.legal_moves(moves);
        let i = knowledge.playout(state, moves, rng);
        state.play(moves[i]);
    }
}

/// What a root move gathered over all trees.
#[derive(Clone, Debug)]
struct RootStat {
    visits: u64,
    reward: [f64; MAX_SEATS],
    proof: u16,
}

/// MCTS with knowledge `K`, kept from move to move (see the module documentation).
pub struct Mcts<G: Game, K: Knowledge<G>> {
    knowledge: K,
    params: MctsParams,
    seed: u64,
    trees: Vec<Tree<G>>,
}

impl<G: Game, K: Knowledge<G>> Mcts<G, K> {
    /// A search with no tree yet; `seed` fixes every random choice.
    pub fn new(knowledge: K, params: MctsParams, seed: u64) -> Mcts<G, K> {
        Mcts {
            knowledge,
            params,
            seed,
            trees: Vec::new(),
        }
    }

    /// The parameters searched with.
    pub fn params(&self) -> &MctsParams {
        &self.params
    }

    /// Tells the search that `mv` was played from the position last searched (by anyone): the
    /// subtree below it is kept for the next search.
    pub fn advance(&mut self, mv: G::Move) {
        for tree in &mut self.trees {
            tree.advance(mv);
        }
    }

    /// Drops every tree (after an undo, say).
    pub fn forget(&mut self) {
        self.trees.clear();
    }

    /// The rest of the turn of the seat to move that the last search expects after its move
    /// `first`: from the first tree, the most visited moves while that seat is still to move,
    /// each visited at least `min_visits` times (fewer when the search saw too little of it).
    pub fn line(&self, first: G::Move, min_visits: u32) -> Vec<G::Move> {
        let Some(tree) = self.trees.first() else {
            return Vec::new();
        };
        let Some(seat) = tree.root.to_move() else {
            return Vec::new();
        };
        let mut line = Vec::new();
        let mut position = tree.root.clone();
        let Some(mut node) = tree.nodes[0]
            .children()
            .find(|&c| tree.nodes[c].mv == Some(first))
        else {
            return line;
        };
        position.play(first);
        while position.to_move() == Some(seat) {
            let Some(child) = tree.nodes[node]
                .children()
                .filter(|&c| tree.nodes[c].visits >= min_visits)
                .max_by_key(|&c| tree.nodes[c].visits)
            else {
                break;
            };
            let mv = tree.nodes[child].mv.expect("a child has a move");
            line.push(mv);
            position.play(mv);
            node = child;
        }
        line
    }

    /// Nodes held over all trees.
    pub fn nodes(&self) -> usize {
        self.trees.iter().map(|t| t.nodes.len()).sum()
    }

    /// Searches `position` (not over) within `budget` and returns the most visited move, or a
    /// proven win. An iteration budget is split between the threads.
    pub fn search(&mut self, position: &G, budget: Budget) -> Thought<G::Move> {
        self.search_knowing(position, budget, &[])
    }

    /// [`Mcts::search`], told the outcome of some of the root's moves by a search that proved
    /// them (the exact solver's losing moves, when it ran out of time): they count at that
    /// outcome from the first iteration, as moves the search proved itself do.
    pub fn search_knowing(
        &mut self,
        position: &G,
        budget: Budget,
        proven: &[(G::Move, Outcome)],
    ) -> Thought<G::Move> {
        let threads = self.params.threads.max(1);
        let hash = position.position_hash();
        if self.trees.len() != threads {
            self.trees = (0..threads)
                .map(|i| {
                    let stream = self.seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                    Tree::new(position.clone(), SmallRng::seed_from_u64(stream))
                })
                .collect();
        }
        for tree in &mut self.trees {
            if tree.root.position_hash() != hash {
                tree.reset(position.clone());
            }
        }
        for tree in &mut self.trees {
            tree.know(proven, &self.knowledge, &self.params);
        }
        let budget = match budget {
            Budget::Iterations(n) => Budget::Iterations(n.div_ceil(threads as u64)),
            time => time,
        };
        let began = Instant::now();
        let (knowledge, params) = (&self.knowledge, &self.params);
        let iterations: u64 = if threads == 1 {
            self.trees[0].run(knowledge, params, budget, began)
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = self
                    .trees
                    .iter_mut()
                    .map(|tree| scope.spawn(move || tree.run(knowledge, params, budget, began)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a search thread panicked"))
                    .sum()
            })
        };
        self.conclude(position, iterations, began)
    }

    /// Merges the root statistics of the trees and picks the move.
    fn conclude(&mut self, position: &G, iterations: u64, began: Instant) -> Thought<G::Move> {
        let players = position.players();
        let seat = position.to_move().expect("search on a finished game");
        let mut stats: HashMap<G::Move, RootStat> = HashMap::new();
        let mut order = Vec::new();
        let mut root_visits = 0u64;
        let mut root_reward = [0f64; MAX_SEATS];
        for tree in &self.trees {
            let root = &tree.nodes[0];
            root_visits += root.visits as u64;
            for (r, x) in root_reward.iter_mut().zip(root.reward) {
                *r += x as f64;
            }
            for c in root.children() {
                let n = &tree.nodes[c];
                let mv = n.mv.expect("a child has a move");
                let stat = stats.entry(mv).or_insert_with(|| {
                    order.push(mv);
                    RootStat {
                        visits: 0,
                        reward: [0.0; MAX_SEATS],
                        proof: UNPROVEN,
                    }
                });
                stat.visits += n.visits as u64;
                for (r, x) in stat.reward.iter_mut().zip(n.reward) {
                    *r += x as f64;
                }
                if n.proof != UNPROVEN {
                    stat.proof = n.proof;
                }
            }
        }
        let value = |stat: &RootStat| -> (f64, f64, f64) {
            // Proven values first (a proven sole win above all, a proven loss below all), then
            // visits, then mean reward.
            let s = seat.index();
            if stat.proof != UNPROVEN {
                let share = outcome_shares(outcome_of(stat.proof), players)[s] as f64;
                let rank = if share >= 1.0 {
                    2.0
                } else if share <= 0.0 {
                    -1.0
                } else {
                    0.0
                };
                return (rank, stat.visits as f64, share);
            }
            let mean = stat.reward[s] / stat.visits.max(1) as f64;
            (0.0, stat.visits as f64, mean)
        };
        let best = if order.is_empty() {
            // Nothing was searched (a proven root with no children cannot occur): any move.
            self.knowledge
                .search_moves(position, &mut self.trees[0].moves);
            self.trees[0].moves[0]
        } else {
            *order
                .iter()
                .max_by(|a, b| {
                    let (va, vb) = (value(&stats[*a]), value(&stats[*b]));
                    va.partial_cmp(&vb).unwrap_or(std::cmp::Ordering::Equal)
                })
                .expect("root moves")
        };
        let root_proof = self
            .trees
            .iter()
            .map(|t| t.nodes[0].proof)
            .max()
            .unwrap_or(UNPROVEN);
        let shares: Vec<f64> = if root_proof != UNPROVEN {
            let o = outcome_of(root_proof);
            (0..players)
                .map(|s| o.share(Seat(s as u8), players))
                .collect()
        } else {
            (0..players)
                .map(|s| root_reward[s] / root_visits.max(1) as f64)
                .collect()
        };
        let best_stat = stats.get(&best);
        let detail = format!(
            "{iterations} playouts in {:.2} s on {} thread(s), {} nodes; best move {} of {} visits{}",
            began.elapsed().as_secs_f64(),
            self.trees.len(),
            self.nodes(),
            best_stat.map_or(0, |s| s.visits),
            root_visits,
            if root_proof != UNPROVEN { ", proven" } else { "" }
        );
        let moves = order
            .iter()
            .map(|mv| {
                let stat = &stats[mv];
                MoveStat {
                    mv: *mv,
                    visits: stat.visits,
                    share: value(stat).2,
                    proven: stat.proof != UNPROVEN,
                }
            })
            .collect();
        Thought {
            best,
            shares,
            score: None,
            proven: root_proof != UNPROVEN,
            detail,
            moves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::NoKnowledge;
    use crate::toy::{Pile, Take};

    #[test]
    fn a_winning_move_is_found_and_proven() {
        let mut search = Mcts::new(NoKnowledge, MctsParams::default(), 3);
        // 4 stones: take 1; the proof backs up from the finished positions below.
        let thought = search.search(&Pile::of(4), Budget::Iterations(3_000));
        assert_eq!(thought.best, Take(1));
        assert!(thought.proven, "{}", thought.detail);
        assert_eq!(thought.shares, vec![1.0, 0.0]);
        // 5 stones: take 2.
        let thought = search.search(&Pile::of(5), Budget::Iterations(3_000));
        assert_eq!(thought.best, Take(2));
    }

    #[test]
    fn moves_proven_elsewhere_count_at_their_outcome() {
        let first_wins = Outcome {
            winners: Seats::only(Seat(0)),
        };
        let second_wins = Outcome {
            winners: Seats::only(Seat(1)),
        };
        // 301 stones: taking one wins, far beyond what 20 iterations prove. Told that taking
        // two loses, the search plays the other move at once.
        for seed in 0..10 {
            let mut search = Mcts::new(NoKnowledge, MctsParams::default(), seed);
            let pile = Pile::of(301);
            let thought =
                search.search_knowing(&pile, Budget::Iterations(20), &[(Take(2), second_wins)]);
            assert_eq!(thought.best, Take(1), "seed {seed}");
            assert!(!thought.proven, "{}", thought.detail);
        }
        // Told that both moves lose, the root is proven lost.
        let mut search = Mcts::new(NoKnowledge, MctsParams::default(), 1);
        let told = [(Take(1), second_wins), (Take(2), second_wins)];
        let thought = search.search_knowing(&Pile::of(300), Budget::Iterations(20), &told);
        assert!(thought.proven, "{}", thought.detail);
        assert_eq!(thought.shares, vec![0.0, 1.0]);
        // Told that one wins, it is played and the root proven won; a move that is not legal
        // is ignored.
        let mut search = Mcts::new(NoKnowledge, MctsParams::default(), 1);
        let told = [(Take(3), second_wins), (Take(1), first_wins)];
        let thought = search.search_knowing(&Pile::of(301), Budget::Iterations(20), &told);
        assert_eq!(thought.best, Take(1));
        assert!(thought.proven, "{}", thought.detail);
    }

    #[test]
    fn a_leaf_is_expanded_after_as_many_playouts_as_asked() {
        let mut sizes = Vec::new();
        for expand_after in [1, 4, 16] {
            let params = MctsParams {
                expand_after,
                ..MctsParams::default()
            };
            let mut search = Mcts::new(NoKnowledge, params, 2);
            search.search(&Pile::of(60), Budget::Iterations(3_000));
            let tree = &search.trees[0];
            let (mut expanded, mut waiting) = (0, 0);
            for (i, n) in tree.nodes.iter().enumerate().skip(1) {
                if n.len > 0 {
                    // Expanded at its `expand_after + 1`-th visit, which went on through it.
                    assert!(n.visits > expand_after, "node {i}: {} visits", n.visits);
                    expanded += 1;
                } else if n.proof == UNPROVEN {
                    // An unfinished leaf gives no more playouts than asked before it grows.
                    assert!(n.visits <= expand_after, "leaf {i}: {} visits", n.visits);
                    waiting += (n.visits == expand_after) as usize;
                }
            }
            assert!(
                expanded > 0 && waiting > 0,
                "{expand_after}: {expanded} {waiting}"
            );
            sizes.push(tree.nodes.len());
        }
        assert!(sizes[0] > sizes[1] && sizes[1] > sizes[2], "{sizes:?}");
    }

    /// Scores a move by the stones it takes: taking two first.
    #[derive(Clone)]
    struct MostFirst;

    impl Knowledge<Pile> for MostFirst {
        fn name(&self) -> &'static str {
            "most-first"
        }
        fn move_scores(&self, _: &Pile, moves: &[Take], scores: &mut Vec<i32>) -> bool {
            scores.extend(moves.iter().map(|t| t.0 as i32));
            true
        }
    }

    /// The root's children of the first tree: (move, visits), in stored order.
    fn root_children(search: &Mcts<Pile, MostFirst>) -> Vec<(Take, u32)> {
        let tree = &search.trees[0];
        tree.nodes[0]
            .children()
            .map(|c| (tree.nodes[c].mv.unwrap(), tree.nodes[c].visits))
            .collect()
    }

    #[test]
    fn first_play_urgency_tries_the_best_scored_child_first_and_the_rest_when_it_looks_worse() {
        let search = |first_play, seed| {
            let params = MctsParams {
                first_play,
                ..MctsParams::default()
            };
            // 301 stones: nothing is proven in 40 iterations.
            let mut search = Mcts::new(MostFirst, params, seed);
            search.search(&Pile::of(301), Budget::Iterations(40));
            search
        };
        let mut orders = std::collections::BTreeSet::new();
        for seed in 0..8 {
            // Without urgency: shuffled, and every child visited before any twice.
            let plain = root_children(&search(None, seed));
            assert!(plain.iter().all(|&(_, v)| v > 0), "{plain:?}");
            orders.insert(plain[0].0 .0);
            // An urgency below anything a visited child can show: only the best scored child is
            // ever searched, at every node of its line.
            let narrow = search(Some(-2.0), seed);
            assert_eq!(root_children(&narrow), [(Take(2), 40), (Take(1), 0)]);
            let tree = &narrow.trees[0];
            let line = tree.nodes.iter().filter(|n| n.visits > 0).count();
            assert_eq!(
                line,
                1 + 40,
                "the root, and one node a level deeper each iteration"
            );
            // An urgency above anything: each unvisited child first, best scored first.
            let wide = root_children(&search(Some(2.0), seed));
            assert_eq!(wide[0].0, Take(2));
            assert!(wide.iter().all(|&(_, v)| v > 0), "{wide:?}");
        }
        assert_eq!(orders.len(), 2, "plain expansion is shuffled");
    }

    #[test]
    fn a_lost_position_is_seen_as_lost() {
        let mut search = Mcts::new(NoKnowledge, MctsParams::default(), 5);
        let thought = search.search(&Pile::of(6), Budget::Iterations(5_000));
        assert!(
            thought.shares[0] < 0.2,
            "{:?} {}",
            thought.shares,
            thought.detail
        );
    }

    #[test]
    fn statistics_add_up_and_the_tree_is_kept_for_the_move_played() {
        let mut search = Mcts::new(NoKnowledge, MctsParams::default(), 9);
        let root = Pile::of(20);
        let thought = search.search(&root, Budget::Iterations(2_000));
        let shares: f64 = thought.shares.iter().sum();
        assert!((shares - 1.0).abs() < 1e-9, "{:?}", thought.shares);
        let tree = &search.trees[0];
        let children: u32 = tree.nodes[0].children().map(|c| tree.nodes[c].visits).sum();
        // Every iteration but the root's own expansion went through one child.
        assert!(tree.nodes[0].visits >= children && children + 1 >= tree.nodes[0].visits);
        let kept = search.nodes();
        search.advance(thought.best);
        assert!(
            search.nodes() < kept && search.nodes() > 1,
            "the subtree is kept"
        );
        let mut next = root.clone();
        next.play(thought.best);
        assert_eq!(search.trees[0].root, next);
    }
}
