//! Four Triangles actions and their notation.

use std::fmt;
use std::str::FromStr;

use trigonal_core::NotationError;

use crate::geometry::{Point, Rotation, Triangle};

/// How a double or triple splits. Points of singles are kept in canonical order, so two splits
/// that leave the same figures are the same value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Split {
    /// A double into two singles (`L0/L1,L4`).
    TwoSingles(Point, Point),
    /// A triple into a double and a single (`L0/L1:2,L4`).
    DoubleAndSingle {
        /// Where the double goes.
        double: Point,
        /// Where the single goes.
        single: Point,
    },
    /// A triple into three singles (`L0/L1,L4,L5`).
    ThreeSingles(Point, Point, Point),
}

impl Split {
    /// Two singles, in either order.
    pub fn two_singles(a: Point, b: Point) -> Split {
        Split::TwoSingles(a.min(b), a.max(b))
    }

    /// Three singles, in any order.
    pub fn three_singles(a: Point, b: Point, c: Point) -> Split {
        let mut v = [a, b, c];
        v.sort_unstable();
        Split::ThreeSingles(v[0], v[1], v[2])
    }

    /// The stones of the figure that splits: 2 or 3.
    pub fn stones(self) -> u8 {
        match self {
            Split::TwoSingles(..) => 2,
            _ => 3,
        }
    }

    /// The new figures, as (point, stones), in notation order.
    pub fn parts(self) -> impl Iterator<Item = (Point, u8)> {
        let (list, n): ([(Point, u8); 3], usize) = match self {
            Split::TwoSingles(a, b) => ([(a, 1), (b, 1), (a, 0)], 2),
            Split::DoubleAndSingle { double, single } => {
                ([(double, 2), (single, 1), (double, 0)], 2)
            }
            Split::ThreeSingles(a, b, c) => ([(a, 1), (b, 1), (c, 1)], 3),
        };
        list.into_iter().take(n)
    }

    /// How many figures it makes.
    pub fn figures(self) -> u8 {
        match self {
            Split::ThreeSingles(..) => 3,
            _ => 2,
        }
    }

    /// The new figures' points as a mask.
    pub fn mask(self) -> u32 {
        self.parts().fold(0, |m, (p, _)| m | p.bit())
    }
}

/// One action: what a player does in a turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The first turn of the game: P1 places one single anywhere (`@T4`).
    Place(Point),
    /// Two new singles on two empty points, in canonical order (`+L4,R6`).
    BringIn(Point, Point),
    /// A triangle turned by 120°, figures with it (`RT+`, `RC-`).
    Turn(Triangle, Rotation),
    /// The figure on `from` moves to `to`, capturing whatever stands there (`T4-T0`).
    Figure {
        /// Where the figure stands.
        from: Point,
        /// Where it goes.
        to: Point,
    },
    /// The double or triple on `from` splits onto empty points (`L0/L1,L4`, `L0/L1:2,L4`).
    Split {
        /// Where the figure stands.
        from: Point,
        /// Where its parts go.
        into: Split,
    },
    /// No legal action: the turn passes (`pass`).
    Pass,
}

impl Move {
    /// Bringing in singles on `a` and `b`, in either order.
    pub fn bring_in(a: Point, b: Point) -> Move {
        Move::BringIn(a.min(b), a.max(b))
    }
}

impl fmt::Display for Split {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Split::TwoSingles(a, b) => write!(f, "{a},{b}"),
            Split::DoubleAndSingle { double, single } => write!(f, "{double}:2,{single}"),
            Split::ThreeSingles(a, b, c) => write!(f, "{a},{b},{c}"),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place(p) => write!(f, "@{p}"),
            Move::BringIn(a, b) => write!(f, "+{a},{b}"),
            Move::Turn(t, r) => write!(f, "R{}{}", t.letter(), r.sign()),
            Move::Figure { from, to } => write!(f, "{from}-{to}"),
            Move::Split { from, into } => write!(f, "{from}/{into}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

const POINT_HINT: &str = "a point is T, L, R or C followed by 0–6, e.g. T4";

fn point(text: &str, part: &str) -> Result<Point, NotationError> {
    Point::parse(part)
        .ok_or_else(|| NotationError::new(text, format!("{part:?} is not a point ({POINT_HINT})")))
}

fn split(text: &str, from: Point, list: &str) -> Result<Move, NotationError> {
    let mut singles = Vec::new();
    let mut double = None;
    for part in list.split(',') {
        match part.split_once(':') {
            None => singles.push(point(text, part)?),
            Some((p, "2")) => {
                if double.is_some() {
                    return Err(NotationError::new(
                        text,
                        "only one part of a split can be a double",
                    ));
                }
                double = Some(point(text, p)?);
            }
            Some((_, n)) => {
                return Err(NotationError::new(
                    text,
                    format!("\":{n}\" is not a part's size: only a double is marked, with \":2\""),
                ))
            }
        }
    }
    let mut all = singles.clone();
    all.extend(double);
    if all.contains(&from) {
        return Err(NotationError::new(
            text,
            format!("a split leaves its own point {from} empty"),
        ));
    }
    for (i, p) in all.iter().enumerate() {
        if all[..i].contains(p) {
            return Err(NotationError::new(
                text,
                format!("{p} is named twice: the new figures go to different points"),
            ));
        }
    }
    let into = match (double, singles.as_slice()) {
        (Some(double), &[single]) => Split::DoubleAndSingle { double, single },
        (Some(_), _) => {
            return Err(NotationError::new(
                text,
                "a triple splits into a double and one single (e.g. L0/L1:2,L4)",
            ))
        }
        (None, &[a, b]) => Split::two_singles(a, b),
        (None, &[a, b, c]) => Split::three_singles(a, b, c),
        (None, _) => {
            return Err(NotationError::new(
                text,
                "a split makes two or three figures (e.g. L0/L1,L4)",
            ))
        }
    };
    Ok(Move::Split { from, into })
}

impl FromStr for Move {
    type Err = NotationError;

    /// Accepts the canonical forms `@T4`, `+L4,R6`, `RT+`, `T4-T0`, `L0/L1,L4`, `L0/L1:2,L4`,
    /// `L0/L1,L4,L5` and `pass`; the points of a bring-in and the singles of a split may be listed
    /// in any order, and the double of a split anywhere in its list.
    fn from_str(text: &str) -> Result<Move, NotationError> {
        if text.is_empty() {
            return Err(NotationError::new(text, "empty move"));
        }
        if text == "pass" {
            return Ok(Move::Pass);
        }
        if let Some(rest) = text.strip_prefix('@') {
            return Ok(Move::Place(point(text, rest)?));
        }
        if let Some(rest) = text.strip_prefix('+') {
            let Some((a, b)) = rest.split_once(',') else {
                return Err(NotationError::new(
                    text,
                    "bringing in names two points, e.g. +L4,R6",
                ));
            };
            let (a, b) = (point(text, a)?, point(text, b)?);
            if a == b {
                return Err(NotationError::new(
                    text,
                    "the two new singles go to two different points",
                ));
            }
            return Ok(Move::bring_in(a, b));
        }
        let mut chars = text.chars();
        if let (Some('R'), Some(letter), Some(sign), None) =
            (chars.next(), chars.next(), chars.next(), chars.next())
        {
            if !letter.is_ascii_digit() {
                let t = Triangle::from_letter(letter).ok_or_else(|| {
                    NotationError::new(text, format!("{letter:?} is not a triangle (T, L, R or C)"))
                })?;
                let r = match sign {
                    '+' => Rotation::CounterClockwise,
                    '-' => Rotation::Clockwise,
                    _ => {
                        return Err(NotationError::new(
                            text,
                            "a turn ends in + (counter-clockwise) or - (clockwise)",
                        ))
                    }
                };
                return Ok(Move::Turn(t, r));
            }
        }
        if let Some((from, list)) = text.split_once('/') {
            return split(text, point(text, from)?, list);
        }
        if let Some((from, to)) = text.split_once('-') {
            let (from, to) = (point(text, from)?, point(text, to)?);
            if from == to {
                return Err(NotationError::new(
                    text,
                    "a figure must move to another point",
                ));
            }
            return Ok(Move::Figure { from, to });
        }
        Err(NotationError::new(
            text,
            "expected @T4 (first single), +L4,R6 (bring in), RT+ or RT- (turn), T4-T0 (move), \
             L0/L1,L4 (split) or pass",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str) -> String {
        text.parse::<Move>().unwrap().to_string()
    }

    #[test]
    fn canonical_forms() {
        for text in [
            "@T4",
            "+L4,R6",
            "RT+",
            "RC-",
            "T4-T0",
            "L0/L1,L4",
            "L0/L1:2,L4",
            "L0/L4:2,L1",
            "L0/L1,L4,L5",
            "pass",
        ] {
            assert_eq!(round_trip(text), text);
        }
        assert_eq!(round_trip("+R6,L4"), "+L4,R6");
        assert_eq!(round_trip("L0/L4,L1"), "L0/L1,L4");
        assert_eq!(round_trip("L0/L5,L1,L4"), "L0/L1,L4,L5");
        assert_eq!(round_trip("L0/L4,L1:2"), "L0/L1:2,L4");
    }

    #[test]
    fn malformed_text_says_what_is_wrong() {
        let cases = [
            ("", "empty move"),
            ("@T7", "\"T7\" is not a point"),
            ("+L4", "names two points"),
            ("+L4,L4", "two different points"),
            ("RX+", "'X' is not a triangle"),
            ("RT*", "ends in +"),
            ("T4-T4", "another point"),
            ("T4-", "\"\" is not a point"),
            ("L0/L1", "two or three figures"),
            ("L0/L1,L0", "leaves its own point L0 empty"),
            ("L0/L1,L1", "L1 is named twice"),
            ("L0/L1:3,L4", "only a double is marked"),
            ("L0/L1:2,L4:2", "only one part"),
            ("L0/L1:2,L4,L5", "a double and one single"),
            ("Pass", "expected @T4"),
            ("t4-t0", "\"t4\" is not a point"),
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
