//! Players: a search kept from move to move, behind one trait, and the agents the command line
//! names (`random`, `uct:MS`, `ai:LEVEL`, `ai:LEVEL:MS`).

use std::any::Any;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use trigonal_core::{DynGame, Game};
use trigonal_games::{visit, UnknownGame, Visitor};

use crate::alphabeta::AlphaBeta;
use crate::knowledge::{Knowledge, NoKnowledge};
use crate::mcts::{Mcts, MctsParams};
use crate::uct::uct_move;
use crate::{Budget, Level, Thought};

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

/// Plain UCT ([`uct_move`]), a fresh tree every move: the fixed baseline.
pub struct UctPlayer {
    budget: Budget,
    rng: SmallRng,
}

impl UctPlayer {
    /// Plain UCT with `budget` a move.
    pub fn new(budget: Budget, seed: u64) -> UctPlayer {
        UctPlayer {
            budget,
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Player<G> for UctPlayer {
    fn think(&mut self, position: &G) -> Thought<G::Move> {
        let best = uct_move(position, self.budget, &mut self.rng);
        Thought::unknown(best, position, "plain UCT")
    }
}

/// Positions the endgame solver may visit for each iteration of an iteration budget (a playout
/// plays some tens of moves).
const NODES_PER_ITERATION: u64 = 50;

/// The exact solver as a player's helper: it takes over in positions small enough, given half
/// the time of a move; where it does not finish, the player searches on with the rest, and the
/// solver waits until the game is smaller than where it failed.
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

    /// The solved move, or the budget left for the search.
    fn try_solve(
        &mut self,
        position: &G,
        knowledge: &K,
        budget: Budget,
    ) -> Result<Thought<G::Move>, Budget> {
        let Some(left) = knowledge.left(position).filter(|&l| l <= self.up_to) else {
            return Err(budget);
        };
        let began = Instant::now();
        let (deadline, node_limit) = match budget {
            Budget::Time(t) => (began.checked_add(t / 2), u64::MAX),
            Budget::Iterations(n) => (None, n.saturating_mul(NODES_PER_ITERATION)),
        };
        if let Some(found) = self.solver.solve_until(position, deadline, node_limit) {
            let mut thought = self.solver.thought(position, found, began);
            thought.detail = format!("solved: {}", thought.detail);
            return Ok(thought);
        }
        self.up_to = left.saturating_sub(1);
        Err(match budget {
            Budget::Time(t) => Budget::Time(t.saturating_sub(began.elapsed())),
            iterations => iterations,
        })
    }
}

/// What a player plays without searching — the only legal move, or the solver's move in a
/// small enough position — or else the budget left for its search.
fn before_search<G: Game, K: Knowledge<G>>(
    position: &G,
    endgame: &mut Option<Endgame<G, K>>,
    knowledge: &K,
    budget: Budget,
) -> Result<Thought<G::Move>, Budget> {
    if let Some(only) = only_move(position) {
        return Ok(Thought::unknown(only, position, "the only legal move"));
    }
    match endgame {
        Some(endgame) => endgame.try_solve(position, knowledge, budget),
        None => Err(budget),
    }
}

/// MCTS with knowledge, its trees kept from move to move; optionally the exact solver in small
/// positions.
pub struct MctsPlayer<G: Game, K: Knowledge<G>> {
    knowledge: K,
    search: Mcts<G, K>,
    budget: Budget,
    endgame: Option<Endgame<G, K>>,
}

impl<G: Game, K: Knowledge<G>> MctsPlayer<G, K> {
    /// MCTS with `knowledge` and `params`, `budget` a move.
    pub fn new(knowledge: K, params: MctsParams, budget: Budget, seed: u64) -> Self {
        MctsPlayer {
            knowledge: knowledge.clone(),
            search: Mcts::new(knowledge, params, seed),
            budget,
            endgame: None,
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
        match before_search(position, &mut self.endgame, &self.knowledge, self.budget) {
            Ok(thought) => thought,
            Err(budget) => self.search.search(position, budget),
        }
    }
    fn advance(&mut self, mv: G::Move) {
        self.search.advance(mv);
    }
    fn forget(&mut self) {
        self.search.forget();
    }
}

/// Alpha-beta with iterative deepening, its table kept from move to move; optionally the exact
/// solver in small positions.
pub struct AlphaBetaPlayer<G: Game, K: Knowledge<G>> {
    knowledge: K,
    search: AlphaBeta<G, K>,
    budget: Budget,
    endgame: Option<Endgame<G, K>>,
}

impl<G: Game, K: Knowledge<G>> AlphaBetaPlayer<G, K> {
    /// Alpha-beta with `knowledge`, `budget` a move.
    pub fn new(knowledge: K, budget: Budget) -> Self {
        AlphaBetaPlayer {
            knowledge: knowledge.clone(),
            search: AlphaBeta::new(knowledge, 20),
            budget,
            endgame: None,
        }
    }

    /// With the exact solver in small positions.
    pub fn with_endgame(mut self, endgame: Endgame<G, K>) -> Self {
        self.endgame = Some(endgame);
        self
    }
}

impl<G: Game, K: Knowledge<G>> Player<G> for AlphaBetaPlayer<G, K> {
    fn think(&mut self, position: &G) -> Thought<G::Move> {
        match before_search(position, &mut self.endgame, &self.knowledge, self.budget) {
            Ok(thought) => thought,
            Err(budget) => self.search.search(position, budget),
        }
    }
    fn forget(&mut self) {
        self.search.forget();
    }
}

/// A player chosen by the number of players of the game, once the first position is seen (a
/// game like Four Triangles plays two-handed best one way and three- or four-handed another).
pub struct ByPlayers<G: Game> {
    make: Box<dyn Fn(usize) -> Box<dyn Player<G>> + Send>,
    player: Option<Box<dyn Player<G>>>,
}

impl<G: Game> ByPlayers<G> {
    /// A player made by `make(players)` when it first thinks.
    pub fn new(make: impl Fn(usize) -> Box<dyn Player<G>> + Send + 'static) -> Self {
        ByPlayers {
            make: Box::new(make),
            player: None,
        }
    }
}

impl<G: Game> Player<G> for ByPlayers<G> {
    fn think(&mut self, position: &G) -> Thought<G::Move> {
        let make = &self.make;
        self.player
            .get_or_insert_with(|| make(position.players()))
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
}

fn only_move<G: Game>(position: &G) -> Option<G::Move> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    (moves.len() == 1).then(|| moves[0])
}

/// A computer player as the command line and the arena name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Agent {
    /// `random`: uniformly random legal moves.
    Random,
    /// `uct:MS`: plain UCT, MS milliseconds a move.
    Uct {
        /// Milliseconds a move.
        ms: u64,
    },
    /// `ai:LEVEL` or `ai:LEVEL:MS`: a level's search, with its time a move set to MS if given.
    Ai {
        /// The level.
        level: Level,
        /// Milliseconds a move instead of the level's own budget.
        ms: Option<u64>,
    },
}

/// Text that names no agent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad agent {text:?}: {reason} (agents: random, uct:MS, ai:LEVEL, ai:LEVEL:MS)")]
pub struct AgentError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

fn parse_ms(text: &str, ms: &str) -> Result<u64, AgentError> {
    let err = |reason: String| AgentError {
        text: text.to_string(),
        reason,
    };
    let n: u64 = ms
        .parse()
        .ok()
        .filter(|_| ms.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| err(format!("{ms:?} is not a number of milliseconds")))?;
    if n == 0 || n > 600_000 {
        return Err(err(format!(
            "{n} ms is out of range (1 to 600000 milliseconds a move)"
        )));
    }
    Ok(n)
}

impl FromStr for Agent {
    type Err = AgentError;
    fn from_str(text: &str) -> Result<Agent, AgentError> {
        let err = |reason: String| AgentError {
            text: text.to_string(),
            reason,
        };
        let parts: Vec<&str> = text.split(':').collect();
        match parts.as_slice() {
            ["random"] => Ok(Agent::Random),
            ["uct", ms] => Ok(Agent::Uct {
                ms: parse_ms(text, ms)?,
            }),
            ["uct"] => Err(err(
                "uct needs its milliseconds a move, as in uct:100".into()
            )),
            ["ai", level] | ["ai", level, _] => {
                let level: Level = level
                    .parse()
                    .map_err(|e: crate::UnknownLevel| err(e.to_string()))?;
                let ms = match parts.get(2) {
                    Some(ms) => Some(parse_ms(text, ms)?),
                    None => None,
                };
                Ok(Agent::Ai { level, ms })
            }
            ["ai"] => Err(err("ai needs a level, as in ai:hard".into())),
            [kind, ..] if ["random", "uct", "ai"].contains(kind) => {
                Err(err("too many `:` parts".into()))
            }
            [kind, ..] => Err(err(format!("unknown kind {kind:?}"))),
            [] => Err(err("empty".into())),
        }
    }
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Random => f.write_str("random"),
            Agent::Uct { ms } => write!(f, "uct:{ms}"),
            Agent::Ai { level, ms: None } => write!(f, "ai:{level}"),
            Agent::Ai {
                level,
                ms: Some(ms),
            } => write!(f, "ai:{level}:{ms}"),
        }
    }
}

impl Agent {
    /// A player of game `G` for this agent; `seed` fixes its random choices.
    pub fn player<G: Game>(self, seed: u64) -> Box<dyn Player<G>> {
        match self {
            Agent::Random
            | Agent::Ai {
                level: Level::Random,
                ..
            } => Box::new(RandomPlayer::new(seed)),
            Agent::Uct { ms } => Box::new(UctPlayer::new(
                Budget::Time(Duration::from_millis(ms)),
                seed,
            )),
            Agent::Ai { level, ms } => {
                let time = ms.map_or_else(|| level.budget(), Duration::from_millis);
                level_player::<G>(level, Budget::Time(time), seed)
            }
        }
    }
}

/// The player a level puts in a game, with `budget` a move: the game's own knowledge and search
/// where it has them (see [`crate::knowledge`]), generic MCTS otherwise.
pub fn level_player<G: Game>(level: Level, budget: Budget, seed: u64) -> Box<dyn Player<G>> {
    use crate::knowledge::{four_triangles, triangle_game, triangoli, triangular};
    let typed: Box<dyn Any> = match G::ID {
        trigonal_triangoli::Triangoli::ID => Box::new(triangoli::player(level, budget, seed)),
        trigonal_triangular::Triangular::ID => Box::new(triangular::player(level, budget, seed)),
        trigonal_triangle_game::TriangleGame::ID => {
            Box::new(triangle_game::player(level, budget, seed))
        }
        trigonal_four_triangles::FourTriangles::ID => {
            Box::new(four_triangles::player(level, budget, seed))
        }
        _ => return generic_player::<G, NoKnowledge>(NoKnowledge, level, budget, seed),
    };
    *typed
        .downcast::<Box<dyn Player<G>>>()
        .expect("the game with that id is G")
}

/// MCTS with `knowledge` as a level plays it: two threads from `hard` up.
pub fn generic_player<G: Game, K: Knowledge<G>>(
    knowledge: K,
    level: Level,
    budget: Budget,
    seed: u64,
) -> Box<dyn Player<G>> {
    let params = MctsParams {
        threads: level.threads(),
        ..MctsParams::default()
    };
    Box::new(MctsPlayer::new(knowledge, params, budget, seed))
}

/// A [`Player`] of a game picked at run time: positions as [`DynGame`], moves as canonical text.
pub trait DynPlayer: Send {
    /// The move chosen in `position` and what was found; `None` when the game is over or is not
    /// the game this player was made for.
    fn think(&mut self, position: &dyn DynGame) -> Option<Thought<String>>;
    /// `mv` (canonical text) was played; text that is no move of the game makes the player forget.
    fn advance(&mut self, mv: &str);
    /// Forgets everything kept.
    fn forget(&mut self);
}

struct Typed<G: Game>(Box<dyn Player<G>>);

impl<G: Game> DynPlayer for Typed<G> {
    fn think(&mut self, position: &dyn DynGame) -> Option<Thought<String>> {
        let position = position.as_any().downcast_ref::<G>()?;
        position.to_move()?;
        Some(self.0.think(position).map(|m| m.to_string()))
    }
    fn advance(&mut self, mv: &str) {
        match mv.parse::<G::Move>() {
            Ok(mv) => self.0.advance(mv),
            Err(_) => self.0.forget(),
        }
    }
    fn forget(&mut self) {
        self.0.forget();
    }
}

/// A player of game `game_id` for `agent`.
pub fn dyn_player(
    game_id: &str,
    agent: Agent,
    seed: u64,
) -> Result<Box<dyn DynPlayer>, UnknownGame> {
    struct Make(Agent, u64);
    impl Visitor for Make {
        type Output = Box<dyn DynPlayer>;
        fn visit<G: Game>(self) -> Box<dyn DynPlayer> {
            Box::new(Typed::<G>(self.0.player::<G>(self.1)))
        }
    }
    visit(game_id, Make(agent, seed))
}
