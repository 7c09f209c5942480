//! Toy games for the searches' own tests, small enough to know every answer by hand: a pile of
//! stones, where each player takes one or two in turn and whoever takes the last stone wins (the
//! player to move loses exactly when the pile is a multiple of three: whatever they take, the
//! other takes the rest of three); and [`Choice`], one move and one reply from a table of
//! results, which logs what it plays.

use std::fmt;
use std::str::FromStr;

use trigonal_core::{Game, NotationError, Options, OptionsError, Outcome, Seat};

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
}

/// A game of one move and one reply, for tests of the order a search tries moves in: the first
/// player picks a row of `results`, the second a column, and the entry is the first player's
/// result: a win above 0, a draw at 0, a loss below (a test's knowledge may read it as a
/// margin). Every pick played is logged on its thread ([`played`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub results: &'static [&'static [i8]],
    pub row: Option<u8>,
    pub column: Option<u8>,
}

/// Pick this row or column.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pick(pub u8);

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Pick {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Pick, NotationError> {
        text.parse()
            .map(Pick)
            .map_err(|_| NotationError::new(text, "a row or column"))
    }
}

thread_local! {
    static PLAYED: std::cell::RefCell<Vec<Pick>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The picks played on this thread since the last call, in order.
pub fn played() -> Vec<Pick> {
    PLAYED.with(|log| std::mem::take(&mut *log.borrow_mut()))
}

impl Choice {
    /// The start: nothing picked.
    pub fn of(results: &'static [&'static [i8]]) -> Choice {
        Choice {
            results,
            row: None,
            column: None,
        }
    }
}

impl Game for Choice {
    type Move = Pick;
    const ID: &'static str = "choice";
    const NAME: &'static str = "Choice";

    fn new(_: &Options) -> Result<Choice, OptionsError> {
        Ok(Choice::of(&[&[0]]))
    }
    fn options(&self) -> Options {
        Options::default()
    }
    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Option<Seat> {
        match (self.row, self.column) {
            (None, _) => Some(Seat(0)),
            (Some(_), None) => Some(Seat(1)),
            _ => None,
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        let result = self.results[self.row? as usize][self.column? as usize];
        Some(match result.signum() {
            1 => Outcome::win(Seat(0)),
            -1 => Outcome::win(Seat(1)),
            _ => Outcome::DRAW,
        })
    }
    fn scores(&self) -> Option<Vec<i32>> {
        None
    }
    fn legal_moves(&self, moves: &mut Vec<Pick>) {
        moves.clear();
        let n = match self.row {
            None => self.results.len(),
            Some(row) if self.column.is_none() => self.results[row as usize].len(),
            Some(_) => 0,
        };
        moves.extend((0..n as u8).map(Pick));
    }
    fn play(&mut self, mv: Pick) {
        PLAYED.with(|log| log.borrow_mut().push(mv));
        if self.row.is_none() {
            self.row = Some(mv.0);
        } else {
            self.column = Some(mv.0);
        }
    }
    fn position_hash(&self) -> u64 {
        // Small and different for every position, so that each has a pair of entries of its
        // own in a test's table (the table indexes by the low bits).
        let code = |pick: Option<u8>| pick.map_or(0, |p| u64::from(p) + 1);
        code(self.row) * 16 + code(self.column)
    }
}
