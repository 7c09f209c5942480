//! Players: a search kept from move to move, behind one trait — random, plain UCT, MCTS and
//! alpha-beta, each with an optional endgame solver. Which player a level puts in which game is
//! [`crate::agent`]'s business.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use trigonal_core::{Game, Outcome};

use crate::alphabeta::AlphaBeta;
use crate::knowledge::Knowledge;
use crate::mcts::{Mcts, MctsParams};
use crate::uct::{baseline_move, Baseline};
use crate::{Budget, Thought};

/// A computer player of game `G`. It may keep what it learnt from one move to the next (a search
/// tree, a transposition table): the host tells it every move played with [`Player::advance`].
pub trait Player<G: Game>: Send {
    /// Thinks about `position` (not over, the player's seat to move) and returns the move it
    /// chooses, with what it found.
    fn think(&mut self, position: &G) -> Thought<G::Move>;

    /// `mv` was played (by anyone) from the position the game was in.
    fn advance(&mut self, mv: G::Move) {
        let _ = mv;
    }

    /// Forgets everything kept (after an undo, say).
    fn forget(&mut self) {}

    /// From now on, thinks at most `most` a move (`None`: its own time): what a clock allows.
    fn limit(&mut self, most: Option<std::time::Duration>) {
        let _ = most;
    }

    /// The clocks as they stand before the next [`Player::think`] (`now`: their time), for
    /// players that plan their own time (outside engines).
    fn see_clock(&mut self, clock: &trigonal_clock::Clock, now: i64) {
        let _ = (clock, now);
    }

    /// Why this player gave up the game, once it has (an outside engine that crashed, answered
    /// an illegal move or ran past its time): the move its last think returned is not to be
    /// played. Trigonal's own players never do.
    fn forfeit(&mut self) -> Option<String> {
        None
    }
}

/// A seed for the `i`-th use of a stream: splitmix64 of both.
pub(crate) fn derive_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Uniformly random legal moves.
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    /// A random player whose choices `seed` fixes.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn think(&mut self, position: &G) -> Thought<G::Move> {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let best = moves[self.rng.gen_range(0..moves.len())];
        Thought::unknown(best, position, "a random legal move")
    }
}

/// A baseline search ([`baseline_move`]: UCT, MAST or GRAVE), a fresh tree every move.
pub struct BaselinePlayer {
    kind: Baseline,
    budget: Budget,
    limit: Option<Duration>,
    rng: SmallRng,
}

impl BaselinePlayer {
    /// The baseline `kind` with `budget` a move.
    pub fn new(kind: Baseline, budget: Budget, seed: u64) -> BaselinePlayer {
        BaselinePlayer {
            kind,
            budget,
            limit: None,
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Player<G> for BaselinePlayer {
    fn think(&mut self, position: &G) -> Thought<G::Move> {
        let budget = self.budget.at_most(self.limit);
        let best = baseline_move(self.kind, position, budget, &mut self.rng);
        let detail = match self.kind {
            Baseline::Uct => "plain UCT",
            Baseline::Mast => "UCT with MAST playouts",
            Baseline::Grave => "MC-GRAVE",
        };
        Thought::unknown(best, position, detail)
    }
    fn limit(&mut self, most: Option<Duration>) {
        self.limit = most;
    }
}

/// Positions the endgame solver may visit for each iteration of an iteration budget (a playout
/// plays some tens of moves).
const NODES_PER_ITERATION: u64 = 50;

/// The exact solver as a player's helper: it takes over in positions small enough, given three
/// quarters of the time of a move (the whole once a draw is held) to find a move that keeps the
/// position's result
/// ([`AlphaBeta::keep_result_until`]: a draw is kept as soon as one move holds it, which is
/// much quicker than the exact margin); where not even that finishes, the player searches on
/// with the rest, told which moves the solver did prove losing, and the solver waits until the
/// game is smaller than where it failed.
pub struct Endgame<G: Game, K: Knowledge<G>> {
    solver: AlphaBeta<G, K>,
    /// The game's size ([`Knowledge::left`]) up to which the solver is tried.
    up_to: u32,
}

impl<G: Game, K: Knowledge<G>> Endgame<G, K> {
    /// The solver with `knowledge` (a table of 2^`table_bits` entries), tried where
    /// [`Knowledge::left`] is at most `up_to`.
    pub fn new(knowledge: K, up_to: u32, table_bits: u32) -> Self {
        Endgame {
            solver: AlphaBeta::exact(knowledge, table_bits),
            up_to,
        }
    }

    /// The solver on `threads` threads.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.solver = self.solver.with_threads(threads);
        self
    }

    /// The solved move, or what is left for the search.
    fn try_solve(
        &mut self,
        position: &G,
        knowledge: &K,
        budget: Budget,
    ) -> Result<Thought<G::Move>, Unsolved<G::Move>> {
        let Some(left) = knowledge.left(position).filter(|&l| l <= self.up_to) else {
            return Err(Unsolved {
                budget,
                proven: Vec::new(),
            });
        };
        let began = Instant::now();
        // The first test must leave the search time to think if it fails; the second need not.
        let (give_up, deadline, node_limit) = match budget {
            Budget::Time(t) => (began.checked_add(t * 3 / 4), began.checked_add(t), u64::MAX),
            Budget::Iterations(n) => (None, None, n.saturating_mul(NODES_PER_ITERATION)),
        };
        if let Some(found) = self
            .solver
            .keep_result_until(position, give_up, deadline, node_limit)
        {
            let proven = match found.value {
                1 => "a win",
                0 => "at least a draw",
                _ => "a loss",
            };
            let nodes = found.nodes;
            let mut thought = self.solver.thought(position, found, began);
            thought.detail = format!(
                "solved: {proven}, {nodes} nodes in {:.2} s",
                began.elapsed().as_secs_f64()
            );
            return Ok(thought);
        }
        self.up_to = left.saturating_sub(1);
        // The exact search is two-handed: a move losing for the mover wins for the other seat.
        let mover = position.to_move().expect("a position that is not over");
        let lost = Outcome::win(mover.next(position.players()));
        Err(Unsolved {
            budget: match budget {
                Budget::Time(t) => Budget::Time(t.saturating_sub(began.elapsed())),
                iterations => iterations,
            },
            proven: self
                .solver
                .losing_moves(position)
                .into_iter()
                .map(|mv| (mv, lost))
                .collect(),
        })
    }
}

/// What an [`Endgame`] that did not solve a position leaves to the player's search.
struct Unsolved<M> {
    /// The budget left.
    budget: Budget,
    /// Moves whose outcome the solver proved (those it proved losing).
    proven: Vec<(M, Outcome)>,
}

/// How often a move of a turn's plan must have been visited by the search that made it to be
/// played without searching again.
const PLAN_VISITS: u32 = 32;

/// MCTS with knowledge, its trees kept from move to move; optionally the exact solver in small
/// positions.
///
/// In games whose turns are several moves (The Triangle Game's place, slides, pickups and end),
/// one search plans the whole turn: the moves after the first come from the tree that search
/// grew, as long as it looked at them enough (`PLAN_VISITS`); a move it did not is searched
/// again, with what is left of the turn's budget.
pub struct MctsPlayer<G: Game, K: Knowledge<G>> {
    knowledge: K,
    search: Mcts<G, K>,
    budget: Budget,
    limit: Option<Duration>,
    endgame: Option<Endgame<G, K>>,
    /// The rest of the current turn's plan, next move last.
    plan: Vec<G::Move>,
    /// The move this player chose last, until it is played.
    chosen: Option<G::Move>,
    /// When the current turn's first search began, while the turn lasts.
    turn_began: Option<Instant>,
}

impl<G: Game, K: Knowledge<G>> MctsPlayer<G, K> {
    /// MCTS with `knowledge` and `params`, `budget` a move.
    pub fn new(knowledge: K, params: MctsParams, budget: Budget, seed: u64) -> Self {
        MctsPlayer {
            knowledge: knowledge.clone(),
            search: Mcts::new(knowledge, params, seed),
            budget,
            limit: None,
            endgame: None,
            plan: Vec::new(),
            chosen: None,
            turn_began: None,
        }
    }

    /// With the exact solver in small positions.
    pub fn with_endgame(mut self, endgame: Endgame<G, K>) -> Self {
        self.endgame = Some(endgame);
        self
    }
}

impl<G: Game, K: Knowledge<G>> Player<G> for MctsPlayer<G, K> {
    fn think(&mut self, position: &G) -> Thought<G::Move> {
        let budget = self.budget.at_most(self.limit);
        let thought = match self.turn_began {
            // Later in a turn: the plan, or a search with what is left of the turn's budget.
            Some(began) => {
                let planned = self.plan.pop().filter(|&mv| position.is_legal(mv));
                match planned {
                    Some(mv) => {
                        Thought::unknown(mv, position, "planned with the turn's first move")
                    }
                    None => {
                        self.plan.clear();
                        let left = match budget {
                            Budget::Time(t) => {
                                Budget::Time(t.saturating_sub(began.elapsed()).max(t / 10))
                            }
                            iterations => iterations,
                        };
                        self.searched(position, left)
                    }
                }
            }
            None => {
                self.turn_began = Some(Instant::now());
                self.searched(position, budget)
            }
        };
        self.chosen = Some(thought.best);
        thought
    }
    fn advance(&mut self, mv: G::Move) {
        // Anyone else's move ends this player's turn.
        if self.chosen.take() != Some(mv) {
            self.plan.clear();
            self.turn_began = None;
        }
        self.search.advance(mv);
    }
    fn forget(&mut self) {
        self.plan.clear();
        self.chosen = None;
        self.turn_began = None;
        self.search.forget();
    }
    fn limit(&mut self, most: Option<Duration>) {
        self.limit = most;
    }
}

impl<G: Game, K: Knowledge<G>> MctsPlayer<G, K> {
    /// A search of `position` within `budget` (or the solver's move, or the only one), and the
    /// plan for the rest of the turn it leaves.
    fn searched(&mut self, position: &G, budget: Budget) -> Thought<G::Move> {
        if let Some(only) = only_move(position) {
            return Thought::unknown(only, position, "the only legal move");
        }
        let thought = match &mut self.endgame {
            None => self.search.search(position, budget),
            Some(endgame) => match endgame.try_solve(position, &self.knowledge, budget) {
                Ok(solved) => return solved,
                Err(left) => {
                    let mut thought =
                        self.search
                            .search_knowing(position, left.budget, &left.proven);
                    if !left.proven.is_empty() {
                        let n = left.proven.len();
                        thought.detail += &format!("; the solver proved {n} of its moves losing");
                    }
                    thought
                }
            },
        };
        self.plan = self.search.line(thought.best, PLAN_VISITS);
        self.plan.reverse();
        thought
    }
}

/// Alpha-beta with iterative deepening, its table kept from move to move.
pub struct AlphaBetaPlayer<G: Game, K: Knowledge<G>> {
    search: AlphaBeta<G, K>,
    budget: Budget,
    limit: Option<Duration>,
}

impl<G: Game, K: Knowledge<G>> AlphaBetaPlayer<G, K> {
    /// Alpha-beta with `knowledge`, `budget` a move.
    pub fn new(knowledge: K, budget: Budget) -> Self {
        AlphaBetaPlayer {
            search: AlphaBeta::new(knowledge, 20),
            budget,
            limit: None,
        }
    }
}

impl<G: Game, K: Knowledge<G>> Player<G> for AlphaBetaPlayer<G, K> {
    fn think(&mut self, position: &G) -> Thought<G::Move> {
        match only_move(position) {
            Some(only) => Thought::unknown(only, position, "the only legal move"),
            None => self
                .search
                .search(position, self.budget.at_most(self.limit)),
        }
    }
    fn forget(&mut self) {
        self.search.forget();
    }
    fn limit(&mut self, most: Option<Duration>) {
        self.limit = most;
    }
}

/// A player chosen by the number of players of the game, once the first position is seen (a
/// game like Four Triangles plays two-handed best one way and three- or four-handed another).
pub struct ByPlayers<G: Game> {
    make: Box<dyn Fn(usize) -> Box<dyn Player<G>> + Send>,
    player: Option<Box<dyn Player<G>>>,
    limit: Option<Duration>,
}

impl<G: Game> ByPlayers<G> {
    /// A player made by `make(players)` when it first thinks.
    pub fn new(make: impl Fn(usize) -> Box<dyn Player<G>> + Send + 'static) -> Self {
        ByPlayers {
            make: Box::new(make),
            player: None,
            limit: None,
        }
    }
}

impl<G: Game> Player<G> for ByPlayers<G> {
    fn think(&mut self, position: &G) -> Thought<G::Move> {
        let (make, limit) = (&self.make, self.limit);
        self.player
            .get_or_insert_with(|| {
                let mut player = make(position.players());
                player.limit(limit);
                player
            })
            .think(position)
    }
    fn advance(&mut self, mv: G::Move) {
        if let Some(p) = &mut self.player {
            p.advance(mv);
        }
    }
    fn forget(&mut self) {
        if let Some(p) = &mut self.player {
            p.forget();
        }
    }
    fn limit(&mut self, most: Option<Duration>) {
        self.limit = most;
        if let Some(p) = &mut self.player {
            p.limit(most);
        }
    }
}

/// A level's player at the board as an opponent: the move its search chose, or, at a
/// `temperature` above 0, a move drawn among those the search tried, the more likely the more it
/// visited them (in proportion to visits^(1/temperature): at 1 in proportion to its visits,
/// higher flatter). So a weaker level plays moves its search found good but not best, as a
/// person would, rather than only thinking for less time — which in some games buys little.
/// A proven result is always played; a move proven lost is drawn only when every move is.
/// Searches that report no root moves (alpha-beta) are left as they are.
pub struct Sampled<G: Game> {
    player: Box<dyn Player<G>>,
    temperature: f64,
    rng: SmallRng,
}

impl<G: Game> Sampled<G> {
    /// `player`, its moves drawn at `temperature` with random choices seeded by `seed`.
    pub fn new(player: Box<dyn Player<G>>, temperature: f64, seed: u64) -> Self {
        Sampled {
            player,
            temperature,
            rng: SmallRng::seed_from_u64(derive_seed(seed, 0x5a3)),
        }
    }
}

impl<G: Game> Player<G> for Sampled<G> {
    fn think(&mut self, position: &G) -> Thought<G::Move> {
        let mut thought = self.player.think(position);
        if self.temperature <= 0.0 || thought.proven || thought.moves.len() < 2 {
            return thought;
        }
        let best = thought.moves.iter().find(|m| m.mv == thought.best);
        if best.is_some_and(|m| m.proven) {
            return thought;
        }
        let weights: Vec<f64> = thought
            .moves
            .iter()
            .map(|m| {
                if m.proven && m.share <= 0.0 {
                    0.0
                } else {
                    (m.visits as f64).powf(1.0 / self.temperature)
                }
            })
            .collect();
        let total: f64 = weights.iter().sum();
        if !(total > 0.0 && total.is_finite()) {
            return thought;
        }
        let mut left = self.rng.gen_range(0.0..total);
        let drawn = thought
            .moves
            .iter()
            .zip(&weights)
            .find(|(_, &w)| {
                let hit = left < w;
                left -= w;
                hit
            })
            .map_or(thought.best, |(m, _)| m.mv);
        if drawn != thought.best {
            thought.best = drawn;
            thought.detail += &format!("; drawn at temperature {}", self.temperature);
        }
        thought
    }
    fn advance(&mut self, mv: G::Move) {
        self.player.advance(mv);
    }
    fn forget(&mut self) {
        self.player.forget();
    }
    fn limit(&mut self, most: Option<Duration>) {
        self.player.limit(most);
    }
    fn see_clock(&mut self, clock: &trigonal_clock::Clock, now: i64) {
        self.player.see_clock(clock, now);
    }
    fn forfeit(&mut self) -> Option<String> {
        self.player.forfeit()
    }
}

fn only_move<G: Game>(position: &G) -> Option<G::Move> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    (moves.len() == 1).then(|| moves[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{Pile, Take};
    use crate::MoveStat;

    /// A player whose thought is given: the root moves' visits and proofs as a search would
    /// report them.
    struct Told(Thought<Take>);

    impl Player<Pile> for Told {
        fn think(&mut self, _: &Pile) -> Thought<Take> {
            self.0.clone()
        }
    }

    fn told(stats: &[(u32, u64, Option<f64>)]) -> Box<dyn Player<Pile>> {
        let moves: Vec<MoveStat<Take>> = stats
            .iter()
            .map(|&(take, visits, proven)| MoveStat {
                mv: Take(take),
                visits,
                share: proven.unwrap_or(0.5),
                proven: proven.is_some(),
            })
            .collect();
        let best = moves.iter().max_by_key(|m| m.visits).unwrap().mv;
        let mut thought = Thought::unknown(best, &Pile::of(9), "told");
        thought.moves = moves;
        Box::new(Told(thought))
    }

    /// How often each of takes 1, 2 and 3 is played in `n` thoughts.
    fn counts(player: &mut Sampled<Pile>, n: usize) -> [usize; 3] {
        let mut counts = [0; 3];
        for _ in 0..n {
            counts[player.think(&Pile::of(9)).best.0 as usize - 1] += 1;
        }
        counts
    }

    #[test]
    fn at_temperature_1_moves_are_played_in_proportion_to_their_visits() {
        let mut player = Sampled::new(
            told(&[(1, 800, None), (2, 200, None), (3, 0, None)]),
            1.0,
            5,
        );
        let [one, two, three] = counts(&mut player, 4_000);
        // 800 : 200 of 4,000 draws; ±4 standard errors (25) around 800 for the second move.
        assert!((700..=900).contains(&two), "{one} {two} {three}");
        assert_eq!(three, 0, "a move never searched is never played");
    }

    #[test]
    fn a_higher_temperature_strays_more_and_never_to_a_proven_loss() {
        let stats = [(1, 900, None), (2, 100, None), (3, 50, Some(0.0))];
        let mut warm = Sampled::new(told(&stats), 1.0, 5);
        let mut hot = Sampled::new(told(&stats), 2.0, 5);
        let [_, warm_two, warm_three] = counts(&mut warm, 4_000);
        let [_, hot_two, hot_three] = counts(&mut hot, 4_000);
        // Weights 900 : 100 at 1 (10 % of draws), 30 : 10 at 2 (25 %).
        assert!((300..=500).contains(&warm_two), "{warm_two}");
        assert!((850..=1_150).contains(&hot_two), "{hot_two}");
        assert_eq!((warm_three, hot_three), (0, 0));
    }

    #[test]
    fn a_proven_win_is_always_played() {
        let stats = [(1, 100, Some(1.0)), (2, 900, None), (3, 900, None)];
        let mut thought = told(&stats).think(&Pile::of(9));
        thought.best = Take(1);
        let mut player = Sampled::new(Box::new(Told(thought)), 4.0, 5);
        assert_eq!(counts(&mut player, 500), [500, 0, 0]);
    }

    #[test]
    fn the_same_seed_draws_the_same_moves() {
        let stats = [(1, 500, None), (2, 400, None), (3, 100, None)];
        let draws = |seed| {
            let mut player = Sampled::new(told(&stats), 1.5, seed);
            (0..50)
                .map(|_| player.think(&Pile::of(9)).best.0)
                .collect::<Vec<_>>()
        };
        assert_eq!(draws(3), draws(3));
        assert_ne!(draws(3), draws(4));
    }
}
