//! How a position is shown, apart from its rules (as shakmaty keeps a position apart from its
//! rendering): the scene a browser draws, the diagram a terminal prints, the clicks that make
//! each move and the move in words. Each game implements [`Present`] in its `present.rs`; its
//! rules ([`Game`]) know nothing of it, and searches, perft and the arena never ask for it.

use crate::{Clause, Game, Scene};

/// What a front end shows of a position of game `G`; see the module documentation.
pub trait Present: Game {
    /// The position as a [`Scene`] for a front end to draw.
    fn scene(&self) -> Scene;

    /// The position drawn as plain text for a terminal: the board, whose turn it is, reserves and
    /// scores. Lines end in `\n`; no colour codes.
    fn diagram(&self) -> String;

    /// The scene item ids a player clicks, in order, to make `mv` (a legal move).
    fn clicks(&self, mv: Self::Move) -> Vec<String>;

    /// The step of the turn each click of [`Present::clicks`] makes (`move`, `place`,
    /// `exchange`), one per click, named for the front end's hint of what to do next. Moves that
    /// share their first clicks name those steps alike. By default none (the front end's generic
    /// hint).
    fn click_steps(&self, mv: Self::Move) -> Vec<&'static str> {
        let _ = mv;
        Vec::new()
    }

    /// `mv` (a legal move) said in words, as clauses a front end translates and joins
    /// ([`crate::words`]); said in this position, the one before the move, so that it can name
    /// what moved and what the move took. By default none: the front end shows the notation.
    fn words(&self, mv: Self::Move) -> Vec<Clause> {
        let _ = mv;
        Vec::new()
    }
}
