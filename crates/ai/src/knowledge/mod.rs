//! Game knowledge: what a search may ask a game beyond its rules.
//!
//! The searches ([`crate::mcts`], [`crate::alphabeta`]) play through the [`Game`] trait only. A
//! [`Knowledge`] adds what makes them stronger in one game: the moves worth searching (and
//! sequences not worth it), a playout policy better than uniform random moves, move ordering and
//! a static evaluation for alpha-beta, the final margin of a finished game. Every method has a
//! generic default, so [`NoKnowledge`] works for any game; each game's own crate implements it
//! beside its rules (`knowledge.rs`), and each piece is kept only where an arena result justified
//! it (see docs/ai.md).

use rand::rngs::SmallRng;
use rand::Rng;
use trigonal_core::{Clause, Game, Outcome, Seat};

use crate::cutoffs::Cutoffs;

/// The most seats any Trigonal game has.
pub const MAX_SEATS: usize = 4;

/// Each seat's share of the win, in \[0, 1\], summing to 1 over the seats that play.
pub type Shares = [f32; MAX_SEATS];

/// The shares an outcome gives in a game of `players`.
pub fn outcome_shares(outcome: Outcome, players: usize) -> Shares {
    let mut shares = [0.0; MAX_SEATS];
    for (s, share) in shares.iter_mut().enumerate().take(players) {
        *share = outcome.share(Seat(s as u8), players) as f32;
    }
    shares
}

/// The score alpha-beta gives a won game (less the plies it takes, so that quicker wins are
/// preferred); evaluations stay far below it.
pub const WIN: i32 = 1_000_000;

/// What a search may know about a game beyond its rules. Every method has a default that knows
/// nothing; see the module documentation.
pub trait Knowledge<G: Game>: Clone + Send + Sync + 'static {
    /// A short name for reports (`generic`, `triangoli`, …).
    fn name(&self) -> &'static str;

    /// The moves a search considers: by default every legal move. A game may leave out moves
    /// that are never better than another one left in (a search over the rest loses nothing but
    /// time); the result must not be empty when the game is not over.
    fn search_moves(&self, position: &G, moves: &mut Vec<G::Move>) {
        position.legal_moves(moves);
    }

    /// Whether `mv`, played in `position` by the seat that has just played `previous` there (a
    /// game whose turns are several actions), is pointless: never better than a course the
    /// search keeps (undoing `previous`, say). Searches leave such moves out; at least one move
    /// always stays. By default none is.
    fn pointless_after(&self, position: &G, previous: G::Move, mv: G::Move) -> bool {
        let _ = (position, previous, mv);
        false
    }

    /// The index in `moves` (the legal moves, non-empty) that a playout plays. By default the
    /// game's own [`Game::playout_choice`].
    fn playout(&self, position: &G, moves: &[G::Move], rng: &mut SmallRng) -> usize {
        position.playout_choice(moves, rng.gen())
    }

    /// Fills `scores` (given empty; one per move of `moves`) with an ordering score, higher for
    /// moves more likely to be best, for alpha-beta's move ordering and MCTS's first-play
    /// urgency; returns `false` (the default) when there is no such knowledge.
    fn move_scores(&self, position: &G, moves: &[G::Move], scores: &mut Vec<i32>) -> bool {
        let _ = (position, moves, scores);
        false
    }

    /// Alpha-beta's static evaluation of a two-player position that is not over, from the view of
    /// the seat to move, well inside ±[`WIN`]. `None` (the default) means the game has none, and
    /// alpha-beta is not offered for it.
    fn evaluate(&self, position: &G) -> Option<i32> {
        let _ = position;
        None
    }

    /// How much of the game is left, in the game's own measure (Triangoli: empty triangles);
    /// `None` (the default) when unknown. Searches skip their transposition table where
    /// little is left, since there a table probe (a cache miss) costs more than it saves.
    fn left(&self, position: &G) -> Option<u32> {
        let _ = position;
        None
    }

    /// Where [`Knowledge::left`] is at most this, searches skip their transposition table: near
    /// the end a probe (a cache miss) costs more than it saves. By default 0: the table
    /// everywhere. A game that says what is left measures where its break-even lies.
    fn table_below(&self) -> u32 {
        0
    }

    /// An exact search on several threads splits the moves of the nodes on its first line
    /// between the threads where at least this much of the game ([`Knowledge::left`]) is left;
    /// below, a subtree is too small to be worth sharing. By default 0: wherever `left` is
    /// known.
    fn split_from(&self) -> u32 {
        0
    }

    /// The final [`Knowledge::margin`] the seat to move in a two-player position (not over) reaches
    /// with best play, when the knowledge settles it without a search (Triangoli: the last two
    /// turns); `None` (the default) where it does not. Exact when it lies strictly between
    /// `alpha` and `beta`; otherwise it may stop early and give a bound on the side it crossed
    /// (at most `alpha`: an upper bound; at least `beta`: a lower bound), as alpha-beta allows.
    /// A shortcut for the exact solver's last plies.
    ///
    /// `cutoffs` lends alpha-beta's killer moves and history: the moves that cut off positions
    /// searched just before, to be tried first, and to be taught the moves that cut off here.
    fn end_margin(
        &self,
        position: &G,
        alpha: i32,
        beta: i32,
        cutoffs: &mut Cutoffs<'_, G::Move>,
    ) -> Option<i32> {
        let _ = (position, alpha, beta, cutoffs);
        None
    }

    /// The final margin of a finished two-player game from the view of `seat`, in the units the
    /// rules score in: positive exactly when `seat` won, zero exactly for a draw. The exact
    /// solver maximises it. By default 1, 0 or -1.
    fn margin(&self, position: &G, seat: Seat) -> i32 {
        match position.outcome() {
            Some(o) if o.winners.contains(seat) && o.winners.len() == 1 => 1,
            Some(o) if o.winners.is_empty() || o.winners.contains(seat) => 0,
            Some(_) => -1,
            None => 0,
        }
    }

    /// How far from zero the exact solver first looks for a won or lost position's margin, in
    /// this knowledge's units: most margins lie near zero, where a narrow window cuts more; a
    /// margin beyond it is searched again beyond it. By default 2 (the default margins are 1,
    /// 0 and -1).
    fn near_margin(&self) -> i32 {
        2
    }

    /// A final [`Knowledge::margin`] in the game's own counts, each named (Triangoli:
    /// `[("cylinders", 1), ("sectors", -2)]`); by default one count named `margin`.
    fn margin_parts(&self, margin: i32) -> Vec<(&'static str, i32)> {
        vec![("margin", margin)]
    }

    /// A final margin's size in words, to follow `win` or `loss` (Triangoli: `by 2 cylinders
    /// left after scoring`); by default `by N`.
    fn margin_words(&self, margin: i32) -> String {
        format!("by {}", margin.abs())
    }

    /// The same size as a clause a front end words in its reader's language (its `words.`
    /// table: `margin.triangoli.cylinders` with `n` 2); by default `margin` with `n`.
    fn margin_clause(&self, margin: i32) -> Clause {
        Clause::new("margin").with("n", i64::from(margin.abs()))
    }
}

/// Knowledge of no game: every default.
#[derive(Copy, Clone, Debug, Default)]
pub struct NoKnowledge;

impl<G: Game> Knowledge<G> for NoKnowledge {
    fn name(&self) -> &'static str {
        "generic"
    }
}
