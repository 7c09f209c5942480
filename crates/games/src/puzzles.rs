//! A puzzle checked against the rules, and where its answer was proven, against the solver: its
//! record replays from the start of its game to a position with its side to move; its line is
//! legal move after move, the solver's seat playing first; and an exact puzzle's position,
//! judged anew by the game's exact solver ([`trigonal_ai::puzzle::judge`]), has the same one
//! answer and goal. `trigonal puzzles check` and the tests of every kit's set use it.

use trigonal_ai::puzzle::{judge, Goal, Judged, Puzzle};
use trigonal_core::Options;

/// The goals a puzzle may have, as written.
const GOALS: [Goal; 4] = [Goal::Win, Goal::Draw, Goal::Margin, Goal::Best];

/// The explanations a puzzle may carry.
const KEYS: [&str; 6] = [
    "exact-win",
    "exact-draw",
    "exact-margin",
    "search-win",
    "search-best",
    "mistake",
];

/// Checks `puzzle` (the solver, where it is proven exact, on `threads` threads): whether its
/// answer was proven again, or what is wrong with it.
pub fn check(puzzle: &Puzzle, threads: usize) -> Result<bool, String> {
    let (start, goal, first) = replayed(puzzle)?;
    if !puzzle.explanation.key.starts_with("exact-") {
        return Ok(false);
    }
    let solver = crate::solver(&puzzle.game).ok_or("an exact puzzle of a game with no solver")?;
    match judge(&*solver, &*start, threads, None) {
        Judged::Puzzle {
            goal: proven,
            answer,
            ..
        } if proven == goal && answer == *first => Ok(true),
        Judged::Puzzle { goal, answer, .. } => Err(format!(
            "the solver finds the one move to {} is {answer}, not {first} to {}",
            goal.as_str(),
            puzzle.goal
        )),
        other => Err(format!("the solver finds no single answer: {other:?}")),
    }
}

/// Checks `puzzle` against the rules alone, as [`check`] does before the solver: what is wrong
/// with it, if anything.
pub fn replay(puzzle: &Puzzle) -> Result<(), String> {
    replayed(puzzle).map(|_| ())
}

/// `puzzle` replayed on the rules: its position, goal and answer, or what is wrong with it.
fn replayed(puzzle: &Puzzle) -> Result<(Box<dyn trigonal_core::DynGame>, Goal, &String), String> {
    let goal = GOALS
        .into_iter()
        .find(|g| g.as_str() == puzzle.goal)
        .ok_or_else(|| format!("goal {:?} is none of win, draw, margin, best", puzzle.goal))?;
    let key = puzzle.explanation.key.as_str();
    if !KEYS.contains(&key) {
        return Err(format!("explanation {key:?} is none of {KEYS:?}"));
    }
    let options = Options {
        players: Some(puzzle.players),
        variant: puzzle.variant.clone(),
    };
    let mut position = crate::new_game(&puzzle.game, &options).map_err(|e| e.to_string())?;
    for (i, mv) in puzzle.record.split_whitespace().enumerate() {
        position
            .play(mv)
            .map_err(|e| format!("record, move {}: {e}", i + 1))?;
    }
    let seat = position.to_move().ok_or("the record ends the game")?;
    if seat.0 != puzzle.to_move {
        return Err(format!("{seat} is to move, not P{}", puzzle.to_move + 1));
    }
    let start = position.clone();
    let first = puzzle.solution.first().ok_or("the line is empty")?;
    for (i, mv) in puzzle.solution.iter().enumerate() {
        let played = position
            .play(mv)
            .map_err(|e| format!("line, move {}: {e}", i + 1))?;
        if played != *mv {
            return Err(format!(
                "line, move {}: {mv:?} is written {played:?}",
                i + 1
            ));
        }
    }
    Ok((start, goal, first))
}
