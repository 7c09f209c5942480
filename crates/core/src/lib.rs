//! The ground every Trigonal game stands on.
//!
//! This crate defines what a game *is* to the rest of Trigonal: the [`Game`] trait, its rules (seat
//! to move, legal moves written into a caller's buffer, playing a move, the outcome, one canonical
//! text per move, a 64-bit position hash), and apart from them [`Present`], how a position is
//! shown (a [`Scene`] to draw, a diagram drawn on a [`Canvas`], the clicks of a move, the move in
//! words as [`Clause`]s); their
//! object-safe face [`DynGame`] for code that picks a game by id at run time, game [`Record`]s,
//! [`perft`], uniform random playouts and [`Lesson`]s (positions with goals the rules check).
//! It must not know any one game's rules, and it does no I/O: reading files, printing and
//! networking belong to the command line and the server.

pub mod canvas;
pub mod dynamic;
pub mod game;
pub mod hash;
pub mod lesson;
pub mod perft;
pub mod playout;
pub mod present;
pub mod record;
pub mod scene;
pub mod seat;
pub mod words;

pub use canvas::Canvas;
pub use dynamic::{DynGame, MoveClicks};
pub use game::{
    clipped, quoted, Game, MoveError, NotationError, Options, OptionsError, MOVE_TEXT_LIMIT,
};
pub use hash::mix64;
pub use lesson::{Attempt, DynLesson, DynStep, Lesson, Played, Step};
pub use perft::{perft, perft_divide};
pub use playout::{random_game, random_playout};
pub use present::Present;
pub use record::{Record, RecordError};
pub use scene::{Fact, ForDisplay, Item, Scene, Shape};
pub use seat::{Outcome, Seat, Seats};
pub use words::{Clause, Word};
