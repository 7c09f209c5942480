//! Words refused in new names (`--refused-names FILE`, `TRIGONAL_REFUSED_NAMES`), checked at
//! sign-up and at a moderator's rename on the name as it is looked up ([`name_key`]: NFKC,
//! trimmed, lowercased) with its `_` and `-` taken out, so `A_d-M_i_N` is `admin`.
//!
//! The file has a word a line; a word is refused anywhere in a name, or, written `=word`, only
//! as the whole name; blank lines and lines from `#` on are ignored. Without a file the built-in
//! list ([`DEFAULT`]) holds: names that pass for the site or its people, and the commonest
//! slurs.
//!
//! [`name_key`]: crate::accounts::name_key

use std::path::Path;
use std::sync::Arc;

use crate::accounts::name_key;

/// The built-in list.
pub const DEFAULT: &str = include_str!("refused-names.txt");

/// The words refused in new names.
#[derive(Clone, Debug)]
pub struct RefusedNames {
    /// Refused anywhere in a name.
    anywhere: Arc<[String]>,
    /// Refused as the whole name.
    whole: Arc<[String]>,
}

impl Default for RefusedNames {
    fn default() -> RefusedNames {
        RefusedNames::parse(DEFAULT)
    }
}

/// A name's form for the list: its key without `_` and `-`.
fn squeezed(name: &str) -> String {
    name_key(name)
        .chars()
        .filter(|c| *c != '_' && *c != '-')
        .collect()
}

impl RefusedNames {
    /// The list written as `text` (the file's format above).
    pub fn parse(text: &str) -> RefusedNames {
        let (mut anywhere, mut whole) = (Vec::new(), Vec::new());
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("").trim();
            if let Some(word) = line.strip_prefix('=') {
                let word = squeezed(word);
                if !word.is_empty() {
                    whole.push(word);
                }
            } else {
                let word = squeezed(line);
                if !word.is_empty() {
                    anywhere.push(word);
                }
            }
        }
        RefusedNames {
            anywhere: anywhere.into(),
            whole: whole.into(),
        }
    }

    /// The list in the file at `path`.
    pub fn from_file(path: &Path) -> Result<RefusedNames, String> {
        std::fs::read_to_string(path)
            .map(|text| RefusedNames::parse(&text))
            .map_err(|e| format!("--refused-names {}: {e}", path.display()))
    }

    /// Whether `name` may not be taken.
    pub fn refuses(&self, name: &str) -> bool {
        let name = squeezed(name);
        self.whole.contains(&name) || self.anywhere.iter().any(|w| name.contains(w.as_str()))
    }

    /// How many words the list has.
    pub fn len(&self) -> usize {
        self.anywhere.len() + self.whole.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_refused_anywhere_or_whole_in_the_names_key() {
        let list = RefusedNames::parse("# a comment\nstaff\n=admin  # only alone\n\n  =Root\n");
        assert_eq!(list.len(), 3);
        assert!(list.refuses("Staffer"));
        assert!(list.refuses("the_STAFF"));
        assert!(list.refuses("ＡＤＭＩＮ"), "as looked up: NFKC, lowercased");
        assert!(list.refuses("a_d-m_i_n"), "without _ and -");
        assert!(!list.refuses("badminton"), "=admin is the whole name only");
        assert!(list.refuses("root") && !list.refuses("rooted"));
    }

    #[test]
    fn the_built_in_list_refuses_the_sites_own_names() {
        let list = RefusedNames::default();
        for name in [
            "admin",
            "Moderator42",
            "Trigonal_Team",
            "deleted-player",
            "support",
        ] {
            assert!(list.refuses(name), "{name}");
        }
        for name in ["Ann", "badminton", "Scunthorpe_fan", "triangle_lover"] {
            assert!(!list.refuses(name), "{name}");
        }
    }
}
