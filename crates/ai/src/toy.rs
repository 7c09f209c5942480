//! A toy game for the searches' own tests, small enough to know every answer by hand: a pile of
//! stones, each player takes one or two in turn, and whoever takes the last stone wins. The
//! player to move loses exactly when the pile is a multiple of three (whatever they take, the
//! other takes the rest of three).

use std::fmt;
use std::str::FromStr;

use trigonal_core::{Game, NotationError, Options, OptionsError, Outcome, Scene, Seat};

/// The pile, and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pile {
    pub stones: u32,
    pub to_move: u8,
}

/// Take this many stones (1 or 2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Take(pub u32);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Take {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Take, NotationError> {
        text.parse()
            .map(Take)
            .map_err(|_| NotationError::new(text, "a number of stones"))
    }
}

impl Pile {
    /// A pile of `stones`, the first player to move.
    pub fn of(stones: u32) -> Pile {
        Pile { stones, to_move: 0 }
    }
}

impl Game for Pile {
    type Move = Take;
    const ID: &'static str = "pile";
    const NAME: &'static str = "Pile";

    fn new(_: &Options) -> Result<Pile, OptionsError> {
        Ok(Pile::of(10))
    }
    fn options(&self) -> Options {
        Options::default()
    }
    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Option<Seat> {
        (self.stones > 0).then_some(Seat(self.to_move))
    }
    fn outcome(&self) -> Option<Outcome> {
        // The player who took the last stone is the one not to move now.
        (self.stones == 0).then(|| Outcome::win(Seat(1 - self.to_move)))
    }
    fn scores(&self) -> Option<Vec<i32>> {
        None
    }
    fn legal_moves(&self, moves: &mut Vec<Take>) {
        moves.clear();
        moves.extend((1..=self.stones.min(2)).map(Take));
    }
    fn play(&mut self, mv: Take) {
        self.stones -= mv.0;
        self.to_move = 1 - self.to_move;
    }
    fn position_hash(&self) -> u64 {
        u64::from(self.stones) * 2 + u64::from(self.to_move)
    }
    fn scene(&self) -> Scene {
        Scene::default()
    }
    fn diagram(&self) -> String {
        format!("{} stones", self.stones)
    }
    fn clicks(&self, mv: Take) -> Vec<String> {
        vec![mv.to_string()]
    }
}
