//! What the store keeps of learning: the lessons an account finished, and puzzles — each with a
//! rating, each account's puzzle rating per game, the attempts (one rated attempt per account
//! and puzzle) and the puzzle of each day.

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
