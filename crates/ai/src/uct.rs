//! Plain UCT (Monte Carlo tree search with UCB1), for any number of players: each node keeps a
//! reward per seat, and selection maximises the reward of the seat to move. Uniform random
//! playouts, exploration √2, no game knowledge: the fixed baseline that stronger play is measured
//! against.

use std::time::{Duration, Instant};

use rand::Rng;
use trigonal_core::{random_playout, Game, Seat};

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
}

/// The move plain UCT prefers after `budget`: the most visited child of the root.
///
/// Panics if the game is over.
pub fn uct_move<G: Game, R: Rng>(position: &G, budget: Budget, rng: &mut R) -> G::Move {
    let mut root_moves = Vec::new();
    position.legal_moves(&mut root_moves);
    assert!(!root_moves.is_empty(), "uct_move on a finished game");
    if root_moves.len() == 1 {
        return root_moves[0];
    }
    let players = position.players();
    let mut nodes: Vec<Node<G::Move>> = vec![Node {
        mv: None,
        parent: None,
        children: Vec::new(),
        untried: root_moves,
        visits: 0.0,
        reward: [0.0; MAX_SEATS],
    }];
    let began = Instant::now();
    let mut iterations = 0u64;
    let mut scratch = Vec::new();
    let exploration = std::f64::consts::SQRT_2;
    loop {
        match budget {
            Budget::Iterations(n) if iterations >= n => break,
            Budget::Time(t) if iterations.is_multiple_of(64) && began.elapsed() >= t => break,
            _ => {}
        }
        iterations += 1;
        // Selection.
        let mut state = position.clone();
        let mut node = 0;
        while nodes[node].untried.is_empty() && !nodes[node].children.is_empty() {
            let parent_visits = nodes[node].visits.ln();
            let seat = state.to_move().expect("a node with children is not over");
            node = *nodes[node]
                .children
                .iter()
                .max_by(|&&a, &&b| {
                    let ucb = |c: usize| {
                        let n = &nodes[c];
                        n.reward[seat.index()] / n.visits
                            + exploration * (parent_visits / n.visits).sqrt()
                    };
                    ucb(a).total_cmp(&ucb(b))
                })
                .expect("children");
            state.play(nodes[node].mv.expect("a child has a move"));
        }
        // Expansion.
        if !nodes[node].untried.is_empty() {
            let i = rng.gen_range(0..nodes[node].untried.len());
            let mv = nodes[node].untried.swap_remove(i);
            state.play(mv);
            let mut untried = Vec::new();
            state.legal_moves(&mut untried);
            nodes.push(Node {
                mv: Some(mv),
                parent: Some(node),
                children: Vec::new(),
                untried,
                visits: 0.0,
                reward: [0.0; MAX_SEATS],
            });
            let child = nodes.len() - 1;
            nodes[node].children.push(child);
            node = child;
        }
        // Simulation.
        let outcome = random_playout(&mut state, rng, &mut scratch);
        // Backpropagation.
        let mut at = Some(node);
        while let Some(i) = at {
            let n = &mut nodes[i];
            n.visits += 1.0;
            for s in 0..players {
                n.reward[s] += outcome.share(Seat(s as u8), players);
            }
            at = n.parent;
        }
    }
    let best = nodes[0]
        .children
        .iter()
        .max_by(|&&a, &&b| nodes[a].visits.total_cmp(&nodes[b].visits))
        .expect("the root was expanded");
    nodes[*best].mv.expect("a child has a move")
}
