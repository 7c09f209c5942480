//! Triangoli moves and their notation.

use std::fmt;
use std::str::FromStr;

use trigonal_core::NotationError;

use crate::geometry::{Point, Triangle};

/// The most cylinders one exchange can take: the pawn moves at most 3 steps.
pub const MAX_EXCHANGE: usize = 3;

/// The cylinders taken by an exchange: one triangle per cylinder, ascending, as in the notation.
/// Two exchanges that take the same number from each triangle are the same value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Exchange {
    len: u8,
    triangles: [u8; MAX_EXCHANGE],
}

impl Exchange {
    /// No cylinder taken.
    pub const NONE: Exchange = Exchange {
        len: 0,
        triangles: [0; MAX_EXCHANGE],
    };

    /// The exchange taking one cylinder from each triangle listed (a triangle listed twice gives
    /// two), in any order; `None` if more than three are listed.
    pub fn new(triangles: &[Triangle]) -> Option<Exchange> {
        if triangles.len() > MAX_EXCHANGE {
            return None;
        }
        let mut e = Exchange::NONE;
        for t in triangles {
            e.triangles[e.len as usize] = t.0;
            e.len += 1;
        }
        e.triangles[..e.len as usize].sort_unstable();
        Some(e)
    }

    /// The exchange of the first `len` triangles (0-based indices) of `picked`, already
    /// ascending; the rest of `picked` is ignored. (A fixed-size copy: this is built for every
    /// turn a search lists.)
    pub(crate) fn from_sorted(picked: [u8; MAX_EXCHANGE], len: usize) -> Exchange {
        let mut triangles = [0; MAX_EXCHANGE];
        for (i, t) in triangles.iter_mut().enumerate() {
            if i < len {
                *t = picked[i];
            }
        }
        Exchange {
            len: len as u8,
            triangles,
        }
    }

    /// The number of cylinders taken.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether nothing is taken.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// One triangle per cylinder taken, ascending.
    pub fn triangles(&self) -> impl Iterator<Item = Triangle> + '_ {
        self.triangles[..self.len as usize]
            .iter()
            .map(|&t| Triangle(t))
    }
}

/// One Triangoli move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Set-up: the pawn is put on this intersection.
    Setup(Point),
    /// A turn: the pawn goes to `to`, the cylinders go into `triangle`, then `exchange`.
    Turn {
        /// Where the pawn ends.
        to: Point,
        /// The empty triangle that receives the placed cylinders.
        triangle: Triangle,
        /// The opponent's cylinders exchanged.
        exchange: Exchange,
    },
    /// A forced pass.
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Setup(p) => write!(f, "{}", p.name()),
            Move::Pass => f.write_str("pass"),
            Move::Turn {
                to,
                triangle,
                exchange,
            } => {
                write!(f, "{}/{}", to.name(), triangle.number())?;
                for (i, t) in exchange.triangles().enumerate() {
                    f.write_str(if i == 0 { "/" } else { "," })?;
                    write!(f, "{}", t.number())?;
                }
                Ok(())
            }
        }
    }
}

fn parse_point(text: &str, part: &str) -> Result<Point, NotationError> {
    Point::parse(part).ok_or_else(|| {
        NotationError::new(
            text,
            format!("{part:?} is not an intersection (a1–c1, a2–d2, a3–e3, a4–d4, a5–c5)"),
        )
    })
}

fn parse_triangle(text: &str, part: &str) -> Result<Triangle, NotationError> {
    part.parse::<u8>()
        .ok()
        .filter(|_| part.bytes().all(|b| b.is_ascii_digit()))
        .and_then(Triangle::from_number)
        .ok_or_else(|| NotationError::new(text, format!("{part:?} is not a triangle (1–24)")))
}

impl FromStr for Move {
    type Err = NotationError;

    /// Accepts the canonical forms `c3`, `pass` and `d3/12` or `d3/12/10,10,17`; exchanged
    /// triangles may be listed in any order.
    fn from_str(text: &str) -> Result<Move, NotationError> {
        if text == "pass" {
            return Ok(Move::Pass);
        }
        if text.is_empty() {
            return Err(NotationError::new(text, "empty move"));
        }
        let parts: Vec<&str> = text.split('/').collect();
        match parts.as_slice() {
            [point] => Ok(Move::Setup(parse_point(text, point)?)),
            [to, triangle] | [to, triangle, _] => {
                let to = parse_point(text, to)?;
                let triangle = parse_triangle(text, triangle)?;
                let exchanged: Vec<Triangle> = match parts.get(2) {
                    None => Vec::new(),
                    Some(list) => list
                        .split(',')
                        .map(|t| parse_triangle(text, t))
                        .collect::<Result<_, _>>()?,
                };
                let exchange = Exchange::new(&exchanged).ok_or_else(|| {
                    NotationError::new(text, "an exchange takes at most 3 cylinders")
                })?;
                Ok(Move::Turn {
                    to,
                    triangle,
                    exchange,
                })
            }
            _ => Err(NotationError::new(
                text,
                "expected an intersection (set-up), `pass`, or end/triangle[/exchanged,…]",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms() {
        let m: Move = "d3/12/17,10,10".parse().unwrap();
        assert_eq!(m.to_string(), "d3/12/10,10,17");
        assert_eq!("c3".parse::<Move>().unwrap().to_string(), "c3");
        assert_eq!("pass".parse::<Move>().unwrap(), Move::Pass);
        assert_eq!("e3/19".parse::<Move>().unwrap().to_string(), "e3/19");
    }

    #[test]
    fn malformed_text_says_what_is_wrong() {
        let cases = [
            ("", "empty move"),
            ("z9", "\"z9\" is not an intersection"),
            ("d3/25", "\"25\" is not a triangle"),
            ("d3/0", "\"0\" is not a triangle"),
            ("d3/+4", "\"+4\" is not a triangle"),
            ("d3/12/1,2,3,4", "at most 3 cylinders"),
            ("d3/12/", "\"\" is not a triangle"),
            ("d3/12/1/2", "expected an intersection"),
            ("Pass", "\"Pass\" is not an intersection"),
        ];
        for (text, want) in cases {
            let err = text.parse::<Move>().unwrap_err();
            assert!(
                err.to_string().contains(want),
                "{text:?}: got {err}, want {want}"
            );
        }
    }
}
