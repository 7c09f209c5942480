//! A position described as a scene: shapes with ids in board coordinates, which a front end draws
//! without knowing any rule. Each legal move is then the sequence of item ids a player clicks
//! ([`crate::Present::clicks`]).
//!
//! Coordinates are SVG-like: x to the right, y downwards, in any unit the game likes; `view_box`
//! says which rectangle to show. `class` words say what an item is (`triangle`, `pawn`,
//! `cylinder`, `p0`…`p3` for the seat it belongs to, `last` for the last move's traces); the front
//! end styles by them. Words meant for people are [`Fact`] keys that the front end translates.
//!
//! A click id that no item carries (`pass`, `end`) is an action the front end offers as a button
//! named by that id.

use serde::Serialize;

/// Everything a front end needs to draw one position.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Scene {
    /// The rectangle `[x, y, width, height]` to show.
    #[serde(serialize_with = "hundredths::list")]
    pub view_box: [f32; 4],
    /// Items in drawing order (later ones on top).
    pub items: Vec<Item>,
    /// Facts shown beside the board: reserves, pools, scores.
    pub facts: Vec<Fact>,
    /// Whether the board grows without bound, so the front end lets it be panned and zoomed.
    pub pannable: bool,
}

/// One drawn thing. Its hash is that of what is written of it (coordinates to a hundredth), so
/// that a front end's copy of a scene can be brought up to date by the items whose hash changed.
#[derive(Clone, Debug, PartialEq, Hash, Serialize)]
pub struct Item {
    /// The id a click on this item reports; `None` for decoration that is never clicked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The geometry.
    pub shape: Shape,
    /// Space-separated style words.
    pub class: String,
    /// A short text drawn on the item (a count, a coordinate).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// What a person reads for a clickable item: its coordinate in the game's notation (`c2`,
    /// `12`, `-1,3`), or for a pool stone its colour's letter. Front ends build accessible
    /// names and coordinate labels from it; `None` for decoration.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// The geometry of an item.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    /// A closed polygon.
    Polygon {
        /// Its corners in order.
        #[serde(serialize_with = "hundredths::points")]
        points: Vec<[f32; 2]>,
    },
    /// A circle.
    Circle {
        /// Its centre.
        #[serde(serialize_with = "hundredths::list")]
        center: [f32; 2],
        /// Its radius.
        #[serde(serialize_with = "hundredths::one")]
        radius: f32,
    },
    /// A straight segment.
    Line {
        /// One end.
        #[serde(serialize_with = "hundredths::list")]
        from: [f32; 2],
        /// The other end.
        #[serde(serialize_with = "hundredths::list")]
        to: [f32; 2],
    },
    /// A text anchored at its centre.
    Text {
        /// Where the text's centre goes.
        #[serde(serialize_with = "hundredths::list")]
        at: [f32; 2],
        /// The text (coordinates, numbers; not words to translate).
        text: String,
        /// Its height.
        #[serde(serialize_with = "hundredths::one")]
        size: f32,
    },
}

/// A fact beside the board, e.g. `{key: "reserve", seat: 0, value: "12"}`. `key` is a word the
/// front end translates; `value` is shown as it is, never parsed: a fact that is a row of a table
/// carries its numbers in `row`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Fact {
    /// What the fact is (`reserve`, `pool`, `score`, `markers`, `supply`, …).
    pub key: String,
    /// Whose it is, if anyone's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// Its value.
    pub value: String,
    /// Its numbers, where the fact is a row of a table the front end draws (a sector at the end
    /// of Triangoli: its number and each seat's cylinders, `[3, 4, 2]`); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub row: Vec<i32>,
}

impl std::hash::Hash for Shape {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // What is written: coordinates equal to a hundredth are written, and hash, alike.
        fn put<H: std::hash::Hasher>(xs: &[f32], state: &mut H) {
            xs.iter().for_each(|&x| hundredths::cents(x).hash(state));
        }
        std::mem::discriminant(self).hash(state);
        match self {
            Shape::Polygon { points } => {
                points.len().hash(state);
                points.iter().for_each(|p| put(p, state));
            }
            Shape::Circle { center, radius } => {
                put(center, state);
                put(&[*radius], state);
            }
            Shape::Line { from, to } => {
                put(from, state);
                put(to, state);
            }
            Shape::Text { at, text, size } => {
                put(at, state);
                put(&[*size], state);
                text.hash(state);
            }
        }
    }
}

impl Item {
    /// A clickable item, named by its id (see [`Item::named`] for another name).
    pub fn new(id: impl Into<String>, shape: Shape, class: impl Into<String>) -> Item {
        let id = id.into();
        Item {
            name: Some(id.clone()),
            id: Some(id),
            shape,
            class: class.into(),
            label: None,
        }
    }

    /// A decoration that is never clicked.
    pub fn decoration(shape: Shape, class: impl Into<String>) -> Item {
        Item {
            id: None,
            shape,
            class: class.into(),
            label: None,
            name: None,
        }
    }

    /// The item with the name a person reads for it (when its id is not that name).
    pub fn named(mut self, name: impl Into<String>) -> Item {
        self.name = Some(name.into());
        self
    }

    /// The item with a label drawn on it.
    pub fn with_label(mut self, label: impl Into<String>) -> Item {
        self.label = Some(label.into());
        self
    }
}

impl Fact {
    /// A fact about `seat` (or about nobody).
    pub fn new(key: &str, seat: Option<u8>, value: impl ToString) -> Fact {
        Fact {
            key: key.to_string(),
            seat,
            value: value.to_string(),
            row: Vec::new(),
        }
    }

    /// The same fact as a row of a table, with these numbers.
    pub fn with_row(self, row: impl Into<Vec<i32>>) -> Fact {
        Fact {
            row: row.into(),
            ..self
        }
    }
}

/// A value a position keeps only to show it (the last move, for a scene's marks), which is no
/// part of the position's identity: every two are equal, and it adds nothing to a hash. So a
/// position type can derive `PartialEq`, `Eq` and `Hash` and still compare as the rules do.
#[derive(Copy, Clone, Debug, Default)]
pub struct ForDisplay<T>(pub T);

impl<T> PartialEq for ForDisplay<T> {
    fn eq(&self, _: &ForDisplay<T>) -> bool {
        true
    }
}

impl<T> Eq for ForDisplay<T> {}

impl<T> std::hash::Hash for ForDisplay<T> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

#[cfg(test)]
mod for_display_tests {
    use super::ForDisplay;
    use std::hash::{BuildHasher, RandomState};

    #[derive(PartialEq, Eq, Hash)]
    struct Position {
        stones: u32,
        last: ForDisplay<Option<u8>>,
    }

    #[test]
    fn a_value_for_display_changes_neither_equality_nor_hash() {
        let a = Position {
            stones: 5,
            last: ForDisplay(Some(1)),
        };
        let b = Position {
            stones: 5,
            last: ForDisplay(None),
        };
        let c = Position {
            stones: 6,
            last: ForDisplay(Some(1)),
        };
        let s = RandomState::new();
        assert!(a == b);
        assert_eq!(s.hash_one(&a), s.hash_one(&b));
        assert!(a != c);
    }
}

/// Coordinates written to a hundredth of a unit: finer than any screen shows a board, and a
/// third of the bytes of an `f32` written in full (`346.41` for `346.41015625`), which every
/// view and change sends many of.
mod hundredths {
    use serde::ser::{SerializeSeq, Serializer};
    use serde::Serialize;

    fn round(x: f32) -> f64 {
        (f64::from(x) * 100.0).round() / 100.0
    }

    /// `x` in whole hundredths, as it is written.
    pub fn cents(x: f32) -> i64 {
        (f64::from(x) * 100.0).round() as i64
    }

    /// A coordinate written as few characters as it takes: whole numbers without `.0`.
    struct Written(f32);

    impl serde::Serialize for Written {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let cents = cents(self.0);
            if cents % 100 == 0 {
                s.serialize_i64(cents / 100)
            } else {
                s.serialize_f64(round(self.0))
            }
        }
    }

    pub fn one<S: Serializer>(x: &f32, s: S) -> Result<S::Ok, S::Error> {
        Written(*x).serialize(s)
    }

    pub fn list<S: Serializer, const N: usize>(xs: &[f32; N], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(N))?;
        for x in xs {
            seq.serialize_element(&Written(*x))?;
        }
        seq.end()
    }

    pub fn points<S: Serializer>(points: &[[f32; 2]], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(points.len()))?;
        for [x, y] in points {
            seq.serialize_element(&[Written(*x), Written(*y)])?;
        }
        seq.end()
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn coordinates_are_written_to_a_hundredth() {
            let shape = super::super::Shape::Circle {
                center: [150.0, 323.542_63],
                radius: 9.5,
            };
            assert_eq!(
                serde_json::to_string(&shape).unwrap(),
                r#"{"kind":"circle","center":[150,323.54],"radius":9.5}"#
            );
            let shape = super::super::Shape::Polygon {
                points: vec![[100.0, 346.410_16], [-0.004, 259.807_62]],
            };
            assert_eq!(
                serde_json::to_string(&shape).unwrap(),
                r#"{"kind":"polygon","points":[[100,346.41],[0,259.81]]}"#
            );
        }
    }
}
