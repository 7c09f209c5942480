//! The [`Game`] trait: what every rules engine provides.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use crate::seat::{Outcome, Seat};

/// The options a game is created with: the number of players and a variant, where the game has
/// them. `None` means the game's default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Number of players (Four Triangles: 2–4).
    pub players: Option<usize>,
    /// A variant name (Four Triangles: `full` or `simple`).
    pub variant: Option<String>,
}

impl Options {
    /// Checks the options of a game for exactly `players` players that has no variants: either
    /// option may be left out, but not set to something else.
    pub fn expect_fixed(&self, game: &str, players: usize) -> Result<(), OptionsError> {
        if let Some(n) = self.players.filter(|&n| n != players) {
            return Err(OptionsError(format!(
                "{game} is for exactly {players} players, not {n}"
            )));
        }
        if let Some(v) = &self.variant {
            return Err(OptionsError(format!(
                "{game} has no variants (got {})",
                quoted(v)
            )));
        }
        Ok(())
    }
}

/// Options a game cannot be created with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionsError(pub String);

/// Text that is not a move in a game's notation (the *form* is wrong, whatever the position).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed move {}: {reason}", quoted(text))]
pub struct NotationError {
    /// The text that was given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl NotationError {
    /// A notation error for `text`, saying `reason`.
    pub fn new(text: &str, reason: impl Into<String>) -> NotationError {
        NotationError {
            text: text.to_string(),
            reason: reason.into(),
        }
    }
}

/// No move of any game is written with more characters than this; longer text is refused
/// before any engine reads it.
pub const MOVE_TEXT_LIMIT: usize = 48;

/// Text up to this many characters is repeated whole in messages; longer, only its start.
const WHOLE_UP_TO: usize = 80;

/// The start of a text too long to repeat whole: its first 60 characters.
fn start_of(text: &str) -> String {
    text.chars().take(60).collect()
}

/// `text` as a message may repeat it: whole up to 80 characters, else its first 60 and "…".
pub fn clipped(text: &str) -> String {
    if text.chars().count() <= WHOLE_UP_TO {
        return text.to_string();
    }
    format!("{}…", start_of(text))
}

/// `text` quoted for a message: as written, or — when longer than about 80 characters — its
/// start and how long it was, so that no message repeats a huge input.
pub fn quoted(text: &str) -> String {
    let length = text.chars().count();
    if length <= WHOLE_UP_TO {
        return format!("{text:?}");
    }
    format!("{:?}… ({length} characters)", start_of(text))
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in the game's notation.
    #[error(transparent)]
    Malformed(#[from] NotationError),
    /// A well-formed move that the rules do not allow in this position.
    #[error("illegal move {text}: {reason}")]
    Illegal {
        /// The move's canonical text.
        text: String,
        /// Which rule forbids it.
        reason: String,
    },
    /// The game is over; no move is legal.
    #[error("the game is over: no move is legal")]
    GameOver,
}

/// A rules engine: one position of one game, and everything the rules say about it.
///
/// Positions are values: cheap to clone, hashed to 64 bits, changed only by [`Game::play`].
/// Moves are small `Copy` values whose text form ([`Display`]/[`FromStr`]) is the game's one
/// canonical notation; the text does not depend on the position, so records, the API and logs can
/// all carry it.
pub trait Game: Clone + Send + Sync + 'static {
    /// One move (or one atomic action, for games whose turns are sequences of them).
    type Move: Copy + Eq + Hash + Debug + Display + FromStr<Err = NotationError> + Send + Sync;

    /// The game's id on the command line and in the API (`triangoli`, `triangular`, …).
    const ID: &'static str;

    /// The game's display name (`Triangoli`, `The Triangle Game`, …).
    const NAME: &'static str;

    /// The starting position for these options; an error names the option that does not fit.
    fn new(options: &Options) -> Result<Self, OptionsError>;

    /// The options this game was created with, each filled in (no `None` where the game has the
    /// option), so that a record can carry them as header lines.
    fn options(&self) -> Options;

    /// The number of players.
    fn players(&self) -> usize;

    /// The seat to move, or `None` when the game is over.
    fn to_move(&self) -> Option<Seat>;

    /// The outcome once the game is over, `None` before.
    fn outcome(&self) -> Option<Outcome>;

    /// The scores the command-line contract reports (docs/command-line.md): `None` where the game has no
    /// score to show at this point.
    fn scores(&self) -> Option<Vec<i32>>;

    /// Writes every legal move into `moves`, replacing what it held. Nothing is written when the
    /// game is over. A forced pass is one legal move.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays `mv`, which must be one of [`Game::legal_moves`]; an illegal move may panic or leave a
    /// position the rules cannot reach.
    fn play(&mut self, mv: Self::Move);

    /// A 64-bit hash of everything that decides the future of the game (board, reserves, seat to
    /// move, phase), equal for equal positions and the same on every run.
    fn position_hash(&self) -> u64;

    /// The index in `moves` (the legal moves, non-empty) that a random playout picks, given a
    /// uniformly random 64-bit `random`. The default picks uniformly; a game whose uniform play is
    /// unlike real play (endless optional actions) may bias it, e.g. The Triangle Game ends its turn
    /// with probability 1/3 when it may.
    fn playout_choice(&self, moves: &[Self::Move], random: u64) -> usize {
        ((random as u128 * moves.len() as u128) >> 64) as usize
    }

    /// Whether `mv` is legal here. By default looked up in [`Game::legal_moves`]; a game whose
    /// searches ask it of moves remembered from other positions checks it directly.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        legal.contains(&mv)
    }

    /// Why `mv` is not legal here, in words a player understands. Called only for moves that are
    /// not in [`Game::legal_moves`]; the default says just that.
    fn why_illegal(&self, mv: Self::Move) -> String {
        let _ = mv;
        "not a legal move in this position".to_string()
    }

    /// Parses `text` and checks it against the legal moves: the move, or why it cannot be played.
    fn parse_legal(&self, text: &str) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        let length = text.chars().count();
        if length > MOVE_TEXT_LIMIT {
            return Err(NotationError::new(
                text,
                format!("{length} characters is too long for a move (at most {MOVE_TEXT_LIMIT})"),
            )
            .into());
        }
        let mv: Self::Move = text.parse()?;
        if self.to_move().is_none() {
            return Err(MoveError::GameOver);
        }
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal {
                text: mv.to_string(),
                reason: self.why_illegal(mv),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_quoted_whole_up_to_80_characters_and_shortened_beyond() {
        assert_eq!(quoted("c3/4"), "\"c3/4\"");
        let eighty = "é".repeat(80);
        assert_eq!(quoted(&eighty), format!("{eighty:?}"));
        let long = "é".repeat(81);
        let q = quoted(&long);
        assert_eq!(q, format!("{:?}… (81 characters)", "é".repeat(60)));
        assert!(q.chars().count() < 90);
        let e = NotationError::new(&"x".repeat(5000), "no");
        assert!(e.to_string().len() < 120, "{e}");
    }

    #[test]
    fn text_is_clipped_to_its_start_beyond_80_characters() {
        let whole = "é".repeat(80);
        assert_eq!(clipped(&whole), whole);
        assert_eq!(clipped(&"é".repeat(81)), format!("{}…", "é".repeat(60)));
    }
}
