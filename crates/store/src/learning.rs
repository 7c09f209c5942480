//! What the store keeps of learning: the lessons an account finished, and puzzles — each with a
//! rating, each account's puzzle rating per game, the attempts (one rated attempt per account
//! and puzzle) and the puzzle of each day.
//!
//! What both backends decide alike is here, once: how an attempt at a puzzle is kept
//! ([`attempt`]) and which puzzle is the day's ([`daily_pick`]). The ratings themselves are
//! [`trigonal_ratings::puzzle`]'s.

use trigonal_ratings::Rating;

/// A lesson an account finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonDone {
    /// The game's id.
    pub game: String,
    /// The lesson's id among the game's.
    pub lesson: String,
    /// When (unix ms).
    pub done: i64,
}

/// A stored puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRow {
    /// Its id: for the shipped set, made from its game and record, so every process and every
    /// start agree on it.
    pub id: String,
    /// The game's id.
    pub game: String,
    /// The number of players.
    pub players: usize,
    /// The variant, where the game has one.
    pub variant: Option<String>,
    /// The moves from the start to the puzzle's position, canonical text.
    pub record: Vec<String>,
    /// The line to find: the solver's moves, and the other seats' replies between them.
    pub solution: Vec<String>,
    /// What is to be found: `win`, `draw`, `margin` (the best margin) or `best` (the best move).
    pub goal: String,
    /// Why the answer is right, as JSON (`{"key", "values"}`).
    pub explanation: String,
    /// The account whose own mistake this is (a puzzle for them alone); `None`: everyone's.
    pub owner: Option<String>,
    /// The game the mistake was made in.
    pub origin: Option<String>,
    /// The puzzle's rating (its `games` are the rated attempts at it).
    pub rating: Rating,
    /// When it was stored (unix ms).
    pub created: i64,
}

/// What a rated attempt did.
#[derive(Clone, Debug, PartialEq)]
pub enum Attempted {
    /// Stored: the account's puzzle rating in the game and the puzzle's, each before and after.
    Rated {
        /// The account's rating before and after.
        player: (Rating, Rating),
        /// The puzzle's.
        puzzle: (Rating, Rating),
    },
    /// The account attempted this puzzle before: nothing changed.
    Again,
    /// No such puzzle.
    Gone,
}

/// One attempt at a puzzle, as a person's data gives it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptRow {
    /// The puzzle.
    pub puzzle: String,
    /// Its game.
    pub game: String,
    /// Whether it was solved.
    pub correct: bool,
    /// When, unix milliseconds.
    pub at: i64,
}

/// How an attempt at a puzzle is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// At one's own mistake: kept until solved (a solve is not undone by a later miss), never
    /// rated; the attempt is [`Attempted::Again`].
    Mistake,
    /// At everyone's puzzle: the account's first attempt is kept and rates both, a later one
    /// changes nothing ([`Attempted::Again`]).
    Rated,
}

/// How an attempt at `puzzle` is kept: a puzzle with an owner is that person's own mistake,
/// any other is rated.
pub fn attempt(puzzle: &PuzzleRow) -> Attempt {
    if puzzle.owner.is_some() {
        Attempt::Mistake
    } else {
        Attempt::Rated
    }
}

/// Which of a game's `count` puzzles for everyone, in the order of their ids (from 0), is the
/// puzzle of a day whose number drawn is `pick`; `None` when there are none.
pub fn daily_pick(pick: u64, count: i64) -> Option<i64> {
    let count = u64::try_from(count).ok().filter(|&c| c > 0)?;
    Some((pick % count) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(owner: Option<&str>) -> PuzzleRow {
        PuzzleRow {
            id: "p".into(),
            game: "triangoli".into(),
            players: 2,
            variant: None,
            record: vec!["a1".into()],
            solution: vec!["b2".into()],
            goal: "win".into(),
            explanation: "{}".into(),
            owner: owner.map(str::to_string),
            origin: None,
            rating: Rating::START,
            created: 1,
        }
    }

    #[test]
    fn an_attempt_at_ones_own_mistake_is_kept_and_at_any_other_rated() {
        assert_eq!(attempt(&puzzle(Some("ann"))), Attempt::Mistake);
        assert_eq!(attempt(&puzzle(None)), Attempt::Rated);
    }

    #[test]
    fn the_day_s_puzzle_is_the_pick_modulo_how_many_there_are() {
        assert_eq!(daily_pick(7, 0), None);
        assert_eq!(daily_pick(0, 3), Some(0));
        assert_eq!(daily_pick(7, 3), Some(1));
        assert_eq!(daily_pick(9, 3), Some(0));
        assert_eq!(daily_pick(2, 5), Some(2));
        assert_eq!(daily_pick(u64::MAX, 10), Some(5));
    }
}
