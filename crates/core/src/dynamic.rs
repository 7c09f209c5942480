//! [`DynGame`]: the object-safe face of [`Game`], for code that picks a game by id at run time
//! (the command line, the server). Moves cross it as canonical text.

use std::any::Any;

use crate::game::{Game, MoveError, Options};
use crate::present::Present;
use crate::scene::Scene;
use crate::seat::{Outcome, Seat};
use crate::words::Clause;

/// A position of some game, used through text moves. Every [`Game`] is one.
pub trait DynGame: Send + Sync {
    /// The game's id (`triangoli`, …).
    fn id(&self) -> &'static str;
    /// The game's display name.
    fn name(&self) -> &'static str;
    /// The options the game was created with, filled in.
    fn options(&self) -> Options;
    /// The number of players.
    fn players(&self) -> usize;
    /// The seat to move, `None` when over.
    fn to_move(&self) -> Option<Seat>;
    /// The outcome, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// The scores of the command-line contract.
    fn scores(&self) -> Option<Vec<i32>>;
    /// The legal moves in canonical notation, in generation order.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays the move written `text` if it is legal and returns its canonical text; otherwise
    /// changes nothing and says why.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// The position hash.
    fn position_hash(&self) -> u64;
    /// The position as a scene.
    fn scene(&self) -> Scene;
    /// The position drawn as text for a terminal.
    fn diagram(&self) -> String;
    /// Each legal move with the scene ids clicked to make it and the steps they make.
    fn legal_clicks(&self) -> Vec<MoveClicks>;
    /// The scene ids clicked to make the legal move written `text`, as [`DynGame::legal_clicks`]
    /// gives them: what a front end names to say the move, and shows to point at it.
    fn clicks_of(&self, text: &str) -> Result<Vec<String>, MoveError>;
    /// The legal move written `text` said in words ([`Present::words`]).
    fn words_of(&self, text: &str) -> Result<Vec<Clause>, MoveError>;
    /// A boxed copy of the position.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// The concrete position, for code that dispatches back to the typed game.
    fn as_any(&self) -> &dyn Any;
}

/// A legal move as a front end offers it: its canonical text, the scene ids clicked to make it
/// ([`Present::clicks`]) and the step each click makes ([`Present::click_steps`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveClicks {
    /// The move, canonical text.
    pub mv: String,
    /// The ids clicked, in order.
    pub clicks: Vec<String>,
    /// The step each click makes (empty when the game names none).
    pub steps: Vec<&'static str>,
}

impl<G: Present> DynGame for G {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn options(&self) -> Options {
        Game::options(self)
    }
    fn players(&self) -> usize {
        Game::players(self)
    }
    fn to_move(&self) -> Option<Seat> {
        Game::to_move(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn scores(&self) -> Option<Vec<i32>> {
        Game::scores(self)
    }
    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        Game::legal_moves(self, &mut moves);
        moves.iter().map(ToString::to_string).collect()
    }
    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let mv = self.parse_legal(text)?;
        Game::play(self, mv);
        Ok(mv.to_string())
    }
    fn position_hash(&self) -> u64 {
        Game::position_hash(self)
    }
    fn scene(&self) -> Scene {
        Present::scene(self)
    }
    fn diagram(&self) -> String {
        Present::diagram(self)
    }
    fn legal_clicks(&self) -> Vec<MoveClicks> {
        let mut moves = Vec::new();
        Game::legal_moves(self, &mut moves);
        moves
            .into_iter()
            .map(|mv| MoveClicks {
                mv: mv.to_string(),
                clicks: self.clicks(mv),
                steps: self.click_steps(mv),
            })
            .collect()
    }
    fn clicks_of(&self, text: &str) -> Result<Vec<String>, MoveError> {
        Ok(self.clicks(self.parse_legal(text)?))
    }
    fn words_of(&self, text: &str) -> Result<Vec<Clause>, MoveError> {
        Ok(self.words(self.parse_legal(text)?))
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}
