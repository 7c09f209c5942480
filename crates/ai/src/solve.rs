//! Exact solving of Triangoli positions: the result with best play on both sides (win, draw or
//! loss for the side to move), the final margin, and a move that achieves it.

use std::fmt;
use std::time::{Duration, Instant};

use trigonal_core::{Game, Seat};
use trigonal_triangoli::Triangoli;

use crate::alphabeta::AlphaBeta;
use crate::knowledge::triangoli::{final_margin, split_margin, TriangoliKnowledge};

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
    /// Cylinders kept by the side to move minus the opponent's, with best play (both sides
    /// maximising first this, then `sectors`).
    pub cylinders: i32,
    /// Sectors won by the side to move minus the opponent's, in that line.
    pub sectors: i32,
    /// A best move, canonical text.
    pub best: String,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl Solved {
    /// The margin of the result in words: `by 2 cylinders left after scoring`, or
    /// `on sectors: equal cylinders, 3 more sectors won`.
    pub fn margin(&self) -> String {
        let plural = |n: i32| if n.abs() == 1 { "" } else { "s" };
        if self.cylinders != 0 {
            format!(
                "by {} cylinder{} left after scoring",
                self.cylinders.abs(),
                plural(self.cylinders)
            )
        } else {
            format!(
                "on sectors: equal cylinders, {} more sector{} won",
                self.sectors.abs(),
                plural(self.sectors)
            )
        }
    }

    /// The result for the side to move in a few words: `win by 2 cylinders left after
    /// scoring`, `loss on sectors: …`, `draw`.
    pub fn in_words(&self) -> String {
        match self.verdict {
            Verdict::Draw => "draw".to_string(),
            verdict => format!("{verdict} {}", self.margin()),
        }
    }
}

/// The exact result of `position` when the solver settles it quickly: a Triangoli position (not
/// over) with at most `empties` empty triangles; `None` otherwise.
pub fn exact(
    position: &dyn trigonal_core::DynGame,
    empties: u32,
    threads: usize,
) -> Option<Solved> {
    let p = position.as_any().downcast_ref::<Triangoli>()?;
    if p.empty_triangles() > empties {
        return None;
    }
    solve_triangoli(p, TABLE_BITS, threads).ok()
}

/// The verdict of `position` for `seat`, with best play from there (the game's own result when
/// it is over).
fn verdict_for(position: &Triangoli, seat: Seat, threads: usize) -> Verdict {
    if let Some(outcome) = position.outcome() {
        return if outcome.winners.is_empty() {
            Verdict::Draw
        } else if outcome.winners.contains(seat) {
            Verdict::Win
        } else {
            Verdict::Loss
        };
    }
    let mut search =
        AlphaBeta::exact(TriangoliKnowledge::default(), TABLE_BITS).with_threads(threads);
    let result = search.solve_result(position);
    let mover = position.to_move().expect("a game not over");
    Verdict::of(if mover == seat { result } else { -result })
}

/// Whether playing `mv` in `position` (not over) keeps the exact value its side to move has:
/// a win stays a win, a draw at least a draw (a lost position is kept by any move).
pub fn keeps_value(position: &Triangoli, mv: <Triangoli as Game>::Move, threads: usize) -> bool {
    let seat = position.to_move().expect("a position to move in");
    let before = verdict_for(position, seat, threads);
    let mut after = position.clone();
    after.play(mv);
    before.kept_by(verdict_for(&after, seat, threads))
}

/// Each legal move of `position` (a Triangoli position, not over, solved as `solved`) in canonical
/// text with the verdict it leads to for the side to move, in the order of the legal moves;
/// `None` when `deadline` comes first (or for another game).
///
/// Null-window tests only, on one table: a move of a lost position loses; in a drawn one a move
/// draws or loses (one test); in a won one it wins, or else draws or loses (one or two tests).
pub fn move_verdicts(
    position: &dyn trigonal_core::DynGame,
    solved: &Solved,
    deadline: Option<Instant>,
) -> Option<Vec<(String, Verdict)>> {
    let position = position.as_any().downcast_ref::<Triangoli>()?;
    let me = solved.seat;
    let mut search = AlphaBeta::exact(TriangoliKnowledge::default(), TABLE_BITS);
    // Whether the mover ends with a margin of at least `at_least` after `child`.
    let mut at_least = |child: &Triangoli, at_least: i32| -> Option<bool> {
        match child.to_move() {
            None => Some(final_margin(child, me) >= at_least),
            Some(s) if s == me => search.solve_at_least_until(child, at_least, deadline),
            // The opponent's margin is the negation: at least `a` for me is at most `-a` for it.
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

/// Why a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The solver is for Triangoli.
    #[error("there is no exact solver for {0}; only for triangoli")]
    NoSolver(String),
    /// Nothing to solve.
    #[error("the game is over")]
    Over,
}

/// The transposition table of [`solve`]: 2^20 entries (32 MiB). Clearing a larger one cost more
/// than it saved (solver benchmark, 10 empty triangles, 50 positions: mean 0.48 s with 2^22
/// entries, 0.38 s with 2^20, 0.37 s with 2^18).
pub const TABLE_BITS: u32 = 20;

/// Solves a Triangoli position (not over) with a table of 2^`table_bits` entries, on `threads`
/// threads.
pub fn solve_triangoli(
    position: &Triangoli,
    table_bits: u32,
    threads: usize,
) -> Result<Solved, SolveError> {
    let seat = position.to_move().ok_or(SolveError::Over)?;
    let began = Instant::now();
    let mut search =
        AlphaBeta::exact(TriangoliKnowledge::default(), table_bits).with_threads(threads);
    let found = search.solve(position);
    let (cylinders, sectors) = split_margin(found.value);
    Ok(Solved {
        seat,
        verdict: Verdict::of(found.value),
        cylinders,
        sectors,
        best: found.best.to_string(),
        nodes: found.nodes,
        elapsed: began.elapsed(),
    })
}

/// Solves a position of a game picked at run time (Triangoli only) on `threads` threads.
pub fn solve(position: &dyn trigonal_core::DynGame, threads: usize) -> Result<Solved, SolveError> {
    match position.as_any().downcast_ref::<Triangoli>() {
        Some(p) => solve_triangoli(p, TABLE_BITS, threads),
        None => Err(SolveError::NoSolver(position.id().to_string())),
    }
}

/// A Triangoli position with exactly `empties` empty triangles and the game not over, reached by
/// uniformly random moves from the start under `seed`; `None` when that game ended before.
pub fn random_position(empties: u32, seed: u64) -> Option<Triangoli> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut position = Triangoli::start();
    let mut moves = Vec::new();
    loop {
        position.to_move()?;
        if position.empty_triangles() == empties {
            return Some(position);
        }
        position.legal_moves(&mut moves);
        position.play(moves[rng.gen_range(0..moves.len())]);
    }
}
