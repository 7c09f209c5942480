//! The actions of a turn, with their notation.

use std::fmt;
use std::str::FromStr;

use trigonal_core::NotationError;

use crate::board::Vertex;
use crate::colour::Colour;

/// One action of a turn. A turn is a placement, then any number of slides and pickups, then
/// `end`; each action is one move of the engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// `Wc5`: a stone of this colour from the mover's pool onto this empty vertex.
    Place(Colour, Vertex),
    /// `c5-e7`: the stone on the first vertex slides to the second.
    Slide(Vertex, Vertex),
    /// `xe7`: the stone on this vertex goes into the mover's pool.
    Pickup(Vertex),
    /// `end`: the turn is over.
    End,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(c, v) => write!(f, "{}{}", c.letter(), v),
            Move::Slide(u, v) => write!(f, "{u}-{v}"),
            Move::Pickup(v) => write!(f, "x{v}"),
            Move::End => f.write_str("end"),
        }
    }
}

fn vertex(text: &str, part: &str) -> Result<Vertex, NotationError> {
    Vertex::parse(part).ok_or_else(|| {
        let why = if part.is_empty() {
            "a vertex is missing".to_string()
        } else {
            format!(
                "{part:?} is not a vertex of the board (a letter a–i and a row 1–9 naming one \
                 of the 42 points of the gasket, e.g. a1, c5, e9)"
            )
        };
        NotationError::new(text, why)
    })
}

impl FromStr for Move {
    type Err = NotationError;

    /// Accepts `Wc5` (colour letter in either case), `c5-e7`, `xe7` and `end` (in any case).
    fn from_str(text: &str) -> Result<Move, NotationError> {
        if text.is_empty() {
            return Err(NotationError::new(text, "empty move"));
        }
        if text.eq_ignore_ascii_case("end") {
            return Ok(Move::End);
        }
        if let Some((u, v)) = text.split_once('-') {
            let (u, v) = (vertex(text, u)?, vertex(text, v)?);
            if u == v {
                return Err(NotationError::new(
                    text,
                    "a slide goes from one vertex to another",
                ));
            }
            return Ok(Move::Slide(u, v));
        }
        if let Some(v) = Vertex::parse(text) {
            return Err(NotationError::new(
                text,
                format!(
                    "a vertex alone is no action: place with a colour letter (e.g. W{v}), \
                     slide with {v}-<vertex>, pick up with x{v}"
                ),
            ));
        }
        let mut chars = text.chars();
        let first = chars.next().expect("not empty");
        let looks_like_vertex = first.is_ascii_lowercase()
            && !chars.as_str().is_empty()
            && chars.as_str().bytes().all(|b| b.is_ascii_digit());
        if looks_like_vertex {
            return Err(vertex(text, text).expect_err("not a vertex"));
        }
        let rest = chars.as_str();
        if first == 'x' || first == 'X' {
            return Ok(Move::Pickup(vertex(text, rest)?));
        }
        match Colour::from_letter(first) {
            Some(c) => Ok(Move::Place(c, vertex(text, rest)?)),
            None => Err(NotationError::new(
                text,
                "expected a placement (D, G, L or W and a vertex, e.g. Wc5), a slide (c5-e7), \
                 a pickup (xe7) or end",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms() {
        for text in ["Wc5", "Da1", "Gi9", "La9", "c5-e7", "xe7", "end"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        assert_eq!("wc5".parse::<Move>().unwrap().to_string(), "Wc5");
        assert_eq!("END".parse::<Move>().unwrap(), Move::End);
        assert_eq!("Xe7".parse::<Move>().unwrap().to_string(), "xe7");
    }

    #[test]
    fn malformed_text_says_what_is_wrong() {
        let cases = [
            ("", "empty move"),
            ("c6", "\"c6\" is not a vertex"),
            ("Wc6", "\"c6\" is not a vertex"),
            ("Wz1", "\"z1\" is not a vertex"),
            ("c5", "a vertex alone is no action"),
            ("c5-c5", "from one vertex to another"),
            ("c5-", "a vertex is missing"),
            ("x", "a vertex is missing"),
            ("Qc5", "expected a placement"),
            ("W", "a vertex is missing"),
            ("a10", "\"a10\" is not a vertex"),
            ("q", "expected a placement"),
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
