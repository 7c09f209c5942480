//! A move said in words: the clauses a front end translates and joins into one sentence ("pawn
//! two steps to d3, two cylinders into triangle 12 and one cylinder swapped in triangle 17").
//! Each game chooses its clauses ([`crate::Present::words`]); a front end holds the sentence of
//! each clause in every language (under `words.` and the clause's key), fills in its values and
//! joins the clauses with its language's "and". Values are shown, never parsed: numbers (which
//! also choose a plural form), names in the game's notation, lists of them, and seats — the value
//! named `seat` is a seat number, said as that seat's player.

use std::collections::BTreeMap;

use serde::Serialize;

/// One clause of a move said in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Clause {
    /// What the clause says, as a front end's key less its `words.` (`triangoli.step`, `pass`).
    pub key: String,
    /// Its values by name.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub values: BTreeMap<&'static str, Word>,
}

/// A value in a clause.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Word {
    /// A count, which also picks the plural form of the clause.
    Number(i64),
    /// A name in the game's notation (`d3`, `12`, `-1,3`).
    Name(String),
    /// Several names, which a front end joins as its language lists them.
    Names(Vec<String>),
}

impl Clause {
    /// The clause `key` with no values yet.
    pub fn new(key: impl Into<String>) -> Clause {
        Clause {
            key: key.into(),
            values: BTreeMap::new(),
        }
    }

    /// This clause with the value `name` set to `word`.
    pub fn with(mut self, name: &'static str, word: impl Into<Word>) -> Clause {
        self.values.insert(name, word.into());
        self
    }
}

impl From<i64> for Word {
    fn from(n: i64) -> Word {
        Word::Number(n)
    }
}

impl From<u8> for Word {
    fn from(n: u8) -> Word {
        Word::Number(n.into())
    }
}

impl From<u32> for Word {
    fn from(n: u32) -> Word {
        Word::Number(n.into())
    }
}

impl From<usize> for Word {
    fn from(n: usize) -> Word {
        Word::Number(n as i64)
    }
}

impl From<String> for Word {
    fn from(name: String) -> Word {
        Word::Name(name)
    }
}

impl From<&str> for Word {
    fn from(name: &str) -> Word {
        Word::Name(name.to_string())
    }
}

impl From<Vec<String>> for Word {
    fn from(names: Vec<String>) -> Word {
        Word::Names(names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clause_is_its_key_and_its_values_by_name() {
        let c = Clause::new("triangoli.step")
            .with("n", 2u8)
            .with("to", "d3");
        assert_eq!(
            serde_json::to_value(&c).unwrap(),
            serde_json::json!({"key": "triangoli.step", "values": {"n": 2, "to": "d3"}})
        );
        let pass = serde_json::to_value(Clause::new("pass")).unwrap();
        assert_eq!(pass, serde_json::json!({"key": "pass"}));
        let list = Clause::new("x").with("to", vec!["L1".to_string(), "L4".to_string()]);
        assert_eq!(
            serde_json::to_value(&list).unwrap()["values"]["to"],
            serde_json::json!(["L1", "L4"])
        );
    }
}
