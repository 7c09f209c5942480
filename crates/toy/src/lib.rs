//! The toy: a game small enough to know every answer by hand, which exists to prove that a game
//! is its kit and nothing else. The registry lists it only when built with `trigonal-games`'
//! `toy` feature, which the server's tests turn on, so in a test build it is played through the
//! server, the command line and a real browser by the same generic paths as the real games.
//!
//! Ten points stand in a triangle, in rows `a` (one point) to `d` (four). A move takes a point
//! and every point to its right in its row (`c2` leaves row `c` with one point). Whoever takes the
//! last point wins. (It is Nim on heaps of 1, 2, 3 and 4: the first player wins with best play,
//! by leaving heaps whose sizes' exclusive or is zero.)
//!
//! Like the real games' crates it holds the rules here, the scene in [`present`] and what it hands
//! Trigonal in [`kit`] (the defaults, bar its description). It does no I/O.

pub mod kit;
mod lessons;
mod present;

use std::fmt;
use std::str::FromStr;

use trigonal_core::{
    mix64, ForDisplay, Game, NotationError, Options, OptionsError, Outcome, Seat, Seats,
};

/// The rows, top to bottom: row `i` holds `i + 1` points at the start.
pub const ROWS: usize = 4;

/// A move: take point `point` (0-based) of row `row` and every point to its right.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Take {
    /// The row, 0 (`a`) to 3 (`d`).
    pub row: u8,
    /// The point in the row, 0-based (written 1-based).
    pub point: u8,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.row) as char, self.point + 1)
    }
}

impl FromStr for Take {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Take, NotationError> {
        let err = |reason: &str| NotationError::new(text, reason);
        let mut chars = text.chars();
        let (Some(r), Some(p), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(err("a move is a row a–d and a point, as in c2"));
        };
        let row = match r {
            'a'..='d' => r as u8 - b'a',
            _ => return Err(err("the rows are a, b, c and d")),
        };
        let point = match p.to_digit(10) {
            Some(n) if (1..=u32::from(row) + 1).contains(&n) => n as u8 - 1,
            _ => {
                return Err(NotationError::new(
                    text,
                    format!("row {r} has points 1 to {}", row + 1),
                ))
            }
        };
        Ok(Take { row, point })
    }
}

/// A position: the points left in each row, and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Toy {
    /// Points left in each row (from the left).
    pub rows: [u8; ROWS],
    /// The seat to move, or after the last point, the seat that took it.
    pub to_move: Seat,
    /// Whether the last point has been taken.
    pub over: bool,
    /// The points the last move took, as (row, first point, end), for the scene to mark; no
    /// part of the position.
    pub last: ForDisplay<Option<(u8, u8, u8)>>,
}

impl Toy {
    /// The start: full rows, the first seat to move.
    pub fn start() -> Toy {
        Toy {
            rows: [1, 2, 3, 4],
            to_move: Seat(0),
            over: false,
            last: ForDisplay(None),
        }
    }

    /// Points left on the board.
    pub fn left(&self) -> u32 {
        self.rows.iter().map(|&n| u32::from(n)).sum()
    }
}

impl Game for Toy {
    type Move = Take;
    const ID: &'static str = "toy";
    const NAME: &'static str = "Toy";

    fn new(options: &Options) -> Result<Self, OptionsError> {
        options.expect_fixed(Self::NAME, 2)?;
        Ok(Toy::start())
    }

    fn options(&self) -> Options {
        Options {
            players: Some(2),
            variant: None,
        }
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.over).then_some(self.to_move)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| Outcome {
            winners: Seats::only(self.to_move),
        })
    }

    fn scores(&self) -> Option<Vec<i32>> {
        None
    }

    fn legal_moves(&self, moves: &mut Vec<Take>) {
        moves.clear();
        if self.over {
            return;
        }
        for (row, &n) in self.rows.iter().enumerate() {
            moves.extend((0..n).map(|point| Take {
                row: row as u8,
                point,
            }));
        }
    }

    fn play(&mut self, mv: Take) {
        self.last = ForDisplay(Some((mv.row, mv.point, self.rows[mv.row as usize])));
        self.rows[mv.row as usize] = mv.point;
        if self.left() == 0 {
            self.over = true;
        } else {
            self.to_move = self.to_move.next(2);
        }
    }

    fn position_hash(&self) -> u64 {
        let rows = self.rows.iter().fold(0u64, |h, &n| h << 8 | u64::from(n));
        mix64(rows << 16 | u64::from(self.to_move.0) << 8 | u64::from(self.over))
    }

    fn why_illegal(&self, mv: Take) -> String {
        format!(
            "row {} has {} point(s) left",
            (b'a' + mv.row) as char,
            self.rows[mv.row as usize]
        )
    }
}
