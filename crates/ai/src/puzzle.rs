//! Puzzles proven exact: a position is a puzzle when its side to move wins (or draws) with best
//! play and exactly one legal move keeps that result — so the answer is a proof by the exact
//! solver, not an opinion. Any game whose kit has a [`Solver`] can be judged; positions the
//! solver does not settle quickly are left alone.

use std::time::Instant;

use trigonal_core::DynGame;

use crate::solve::{Solved, Solver, Verdict};

/// What a position is, as a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum Judged {
    /// Exactly one move keeps the result: the puzzle, its answer, and how many moves were legal.
    Puzzle {
        /// The position solved.
        solved: Solved,
        /// The one move that keeps the result, canonical text.
        answer: String,
        /// The legal moves there were to choose from.
        legal: usize,
    },
    /// This many moves keep the result: no single answer.
    Ambiguous(usize),
    /// The side to move loses whatever it plays: nothing to find.
    Lost,
    /// One legal move: nothing to choose.
    Forced,
    /// Not settled: too much of the game left for a quick proof, or `deadline` came first.
    Unsettled,
}

/// Judges `position` (not over) with `solver` on `threads` threads, giving up at `deadline`.
pub fn judge(
    solver: &dyn Solver,
    position: &dyn DynGame,
    threads: usize,
    deadline: Option<Instant>,
) -> Judged {
    let legal = position.legal_moves().len();
    if legal < 2 {
        return Judged::Forced;
    }
    let Some(solved) = solver.quick(position, threads) else {
        return Judged::Unsettled;
    };
    if solved.verdict == Verdict::Loss {
        return Judged::Lost;
    }
    let Some(verdicts) = solver.move_verdicts(position, &solved, deadline) else {
        return Judged::Unsettled;
    };
    let mut keeping = verdicts
        .into_iter()
        .filter(|(_, after)| solved.verdict.kept_by(*after));
    match (keeping.next(), keeping.count()) {
        (Some((answer, _)), 0) => Judged::Puzzle {
            solved,
            answer,
            legal,
        },
        (Some(_), more) => Judged::Ambiguous(more + 1),
        // A solved win or draw is kept by its best move: not reached.
        (None, _) => Judged::Unsettled,
    }
}
