//! Exact solving: the result of a two-player position with best play on both sides (win, draw or
//! loss for the side to move), its final margin and a move that achieves it.
//!
//! [`Exact`] solves any game whose [`Knowledge`] counts final margins ([`Knowledge::margin`]) and
//! what is left of a game ([`Knowledge::left`]), with [`AlphaBeta`] in its exact mode; a game's
//! kit hands one out (as [`Solver`], its face for a game picked at run time) where solving is
//! quick enough to be worth offering.

use std::fmt;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

use trigonal_core::{DynGame, Game, Present, Seat};

use crate::alphabeta::AlphaBeta;
use crate::knowledge::Knowledge;

/// Win, draw or loss.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move wins.
    Win,
    /// Neither wins.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Verdict {
    /// The verdict of a final margin (or any value of its sign) for the seat it is counted for.
    pub fn of(margin: i32) -> Verdict {
        match margin.signum() {
            1 => Verdict::Win,
            0 => Verdict::Draw,
            _ => Verdict::Loss,
        }
    }

    /// Whether a move after which the mover's verdict is `after` keeps this one, the verdict
    /// before it: a win stays a win, a draw at least a draw (a loss is kept by any move).
    pub fn kept_by(self, after: Verdict) -> bool {
        match self {
            Verdict::Win => after == Verdict::Win,
            Verdict::Draw => after != Verdict::Loss,
            Verdict::Loss => true,
        }
    }

    /// The verdict as what a move does: `win`, `draw`, `lose`.
    pub fn as_verb(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "lose",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
        })
    }
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The side to move.
    pub seat: Seat,
    /// The result for the side to move with best play.
    pub verdict: Verdict,
    /// The final margin for the side to move with best play, in the knowledge's units.
    pub value: i32,
    /// That margin in the game's own counts, as [`Knowledge::margin_parts`] names them
    /// (Triangoli: `cylinders`, `sectors`).
    pub parts: Vec<(&'static str, i32)>,
    /// That margin in words, as [`Knowledge::margin_words`] puts it.
    pub margin: String,
    /// That margin as a clause for a front end's words, [`Knowledge::margin_clause`].
    pub words: trigonal_core::Clause,
    /// A best move, canonical text.
    pub best: String,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl Solved {
    /// The result for the side to move in a few words: `win by 2 cylinders left after
    /// scoring`, `loss on sectors: …`, `draw`.
    pub fn in_words(&self) -> String {
        match self.verdict {
            Verdict::Draw => "draw".to_string(),
            verdict => format!("{verdict} {}", self.margin),
        }
    }
}

/// Why a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The game has no exact solver.
    #[error("there is no exact solver for {0}")]
    NoSolver(String),
    /// The position is of another game than the solver's.
    #[error("the solver is for {solver}, not {game}")]
    OtherGame {
        /// The solver's game.
        solver: &'static str,
        /// The position's.
        game: String,
    },
    /// Nothing to solve.
    #[error("the game is over")]
    Over,
}

/// The transposition table of a solve: 2^20 entries (32 MiB). Clearing a larger one cost more
/// than it saved (solver benchmark, Triangoli with 10 empty triangles, 50 positions: mean 0.48 s
/// with 2^22 entries, 0.38 s with 2^20, 0.37 s with 2^18).
pub const TABLE_BITS: u32 = 20;

/// An exact solver, for a game picked at run time: positions as [`DynGame`], moves as canonical
/// text. Every method refuses (`None`, an error) a position of another game.
pub trait Solver: Send + Sync {
    /// What [`Knowledge::left`] counts, in words (`empty triangles`).
    fn measure(&self) -> &'static str;
    /// Solves `position` (not over) on `threads` threads.
    fn solve(&self, position: &dyn DynGame, threads: usize) -> Result<Solved, SolveError>;
    /// The exact result of `position` when the solver settles it quickly (the kit says how
    /// little must be left); `None` otherwise.
    fn quick(&self, position: &dyn DynGame, threads: usize) -> Option<Solved>;
    /// Each legal move of `position` (solved as `solved`) with the verdict it leads to for the
    /// side to move, in the order of the legal moves; `None` when `deadline` comes first.
    fn move_verdicts(
        &self,
        position: &dyn DynGame,
        solved: &Solved,
        deadline: Option<Instant>,
    ) -> Option<Vec<(String, Verdict)>>;
    /// Whether playing `mv` in `position` (not over) keeps the exact value its side to move
    /// has; `None` when `mv` is no legal move there.
    fn keeps_value(&self, position: &dyn DynGame, mv: &str, threads: usize) -> Option<bool>;
    /// A position with exactly `left` left ([`Solver::measure`]) and the game not over, reached
    /// by uniformly random moves from the start under `seed`; `None` when that game ended first.
    fn random_position(&self, left: u32, seed: u64) -> Option<Box<dyn DynGame>>;
}

/// The exact solver of game `G` with knowledge `K`.
pub struct Exact<G: Game, K: Knowledge<G>> {
    knowledge: K,
    /// [`Solver::quick`] solves positions with at most this much left.
    quick: u32,
    measure: &'static str,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, K: Knowledge<G>> Exact<G, K> {
    /// A solver with `knowledge`, quick ([`Solver::quick`]) where at most `quick` is left; what
    /// is left is counted in `measure` (words).
    pub fn new(knowledge: K, quick: u32, measure: &'static str) -> Self {
        Exact {
            knowledge,
            quick,
            measure,
            game: PhantomData,
        }
    }

    fn search(&self, table_bits: u32, threads: usize) -> AlphaBeta<G, K> {
        AlphaBeta::exact(self.knowledge.clone(), table_bits).with_threads(threads)
    }

    /// Solves `position` (not over) with a table of 2^`table_bits` entries, on `threads` threads.
    pub fn solve(
        &self,
        position: &G,
        table_bits: u32,
        threads: usize,
    ) -> Result<Solved, SolveError> {
        let seat = position.to_move().ok_or(SolveError::Over)?;
        let began = Instant::now();
        let found = self.search(table_bits, threads).solve(position);
        Ok(Solved {
            seat,
            verdict: Verdict::of(found.value),
            value: found.value,
            parts: self.knowledge.margin_parts(found.value),
            margin: self.knowledge.margin_words(found.value),
            words: self.knowledge.margin_clause(found.value),
            best: found.best.to_string(),
            nodes: found.nodes,
            elapsed: began.elapsed(),
        })
    }

    /// The verdict of `position` for `seat`, with best play from there (the game's own result
    /// when it is over).
    fn verdict_for(&self, position: &G, seat: Seat, threads: usize) -> Verdict {
        if let Some(outcome) = position.outcome() {
            return if outcome.winners.is_empty() {
                Verdict::Draw
            } else if outcome.winners.contains(seat) {
                Verdict::Win
            } else {
                Verdict::Loss
            };
        }
        let result = self.search(TABLE_BITS, threads).solve_result(position);
        let mover = position.to_move().expect("a game not over");
        Verdict::of(if mover == seat { result } else { -result })
    }

    /// Whether playing `mv` in `position` (not over) keeps the exact value its side to move has:
    /// a win stays a win, a draw at least a draw (a lost position is kept by any move).
    pub fn keeps_value(&self, position: &G, mv: G::Move, threads: usize) -> bool {
        let seat = position.to_move().expect("a position to move in");
        let before = self.verdict_for(position, seat, threads);
        let mut after = position.clone();
        after.play(mv);
        before.kept_by(self.verdict_for(&after, seat, threads))
    }

    /// Each legal move of `position` (not over, solved as `solved`) in canonical text with the
    /// verdict it leads to for the side to move, in the order of the legal moves; `None` when
    /// `deadline` comes first.
    ///
    /// Null-window tests only, on one table: a move of a lost position loses; in a drawn one a
    /// move draws or loses (one test); in a won one it wins, or else draws or loses (one or two
    /// tests).
    pub fn move_verdicts(
        &self,
        position: &G,
        solved: &Solved,
        deadline: Option<Instant>,
    ) -> Option<Vec<(String, Verdict)>> {
        let me = solved.seat;
        let mut search = AlphaBeta::exact(self.knowledge.clone(), TABLE_BITS);
        // Whether the mover ends with a margin of at least `at_least` after `child`.
        let mut at_least = |child: &G, at_least: i32| -> Option<bool> {
            match child.to_move() {
                None => Some(self.knowledge.margin(child, me) >= at_least),
                Some(s) if s == me => search.solve_at_least_until(child, at_least, deadline),
                // The opponent's margin is the negation: at least `a` for me is at most `-a`.
                Some(_) => search
                    .solve_at_least_until(child, 1 - at_least, deadline)
                    .map(|more| !more),
            }
        };
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let mut out = Vec::with_capacity(moves.len());
        for mv in moves {
            let mut child = position.clone();
            child.play(mv);
            let verdict = match solved.verdict {
                Verdict::Loss => Verdict::Loss,
                Verdict::Win if at_least(&child, 1)? => Verdict::Win,
                _ if at_least(&child, 0)? => Verdict::Draw,
                _ => Verdict::Loss,
            };
            out.push((mv.to_string(), verdict));
        }
        Some(out)
    }

    /// A position of the default options with exactly `left` left ([`Knowledge::left`]) and the
    /// game not over, reached by uniformly random moves from the start under `seed`; `None` when
    /// that game ended before.
    pub fn random_position(&self, left: u32, seed: u64) -> Option<G> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut position = G::new(&Default::default()).ok()?;
        let mut moves = Vec::new();
        loop {
            position.to_move()?;
            if self.knowledge.left(&position)? == left {
                return Some(position);
            }
            position.legal_moves(&mut moves);
            position.play(moves[rng.gen_range(0..moves.len())]);
        }
    }

    fn typed<'a>(&self, position: &'a dyn DynGame) -> Result<&'a G, SolveError> {
        position
            .as_any()
            .downcast_ref::<G>()
            .ok_or_else(|| SolveError::OtherGame {
                solver: G::ID,
                game: position.id().to_string(),
            })
    }
}

impl<G: Present, K: Knowledge<G>> Solver for Exact<G, K> {
    fn measure(&self) -> &'static str {
        self.measure
    }

    fn solve(&self, position: &dyn DynGame, threads: usize) -> Result<Solved, SolveError> {
        Exact::solve(self, self.typed(position)?, TABLE_BITS, threads)
    }

    fn quick(&self, position: &dyn DynGame, threads: usize) -> Option<Solved> {
        let position = self.typed(position).ok()?;
        if self.knowledge.left(position)? > self.quick {
            return None;
        }
        Exact::solve(self, position, TABLE_BITS, threads).ok()
    }

    fn move_verdicts(
        &self,
        position: &dyn DynGame,
        solved: &Solved,
        deadline: Option<Instant>,
    ) -> Option<Vec<(String, Verdict)>> {
        Exact::move_verdicts(self, self.typed(position).ok()?, solved, deadline)
    }

    fn keeps_value(&self, position: &dyn DynGame, mv: &str, threads: usize) -> Option<bool> {
        let position = self.typed(position).ok()?;
        let mv = position.parse_legal(mv).ok()?;
        Some(Exact::keeps_value(self, position, mv, threads))
    }

    fn random_position(&self, left: u32, seed: u64) -> Option<Box<dyn DynGame>> {
        Exact::random_position(self, left, seed).map(|p| Box::new(p) as Box<dyn DynGame>)
    }
}
