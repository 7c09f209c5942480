//! Game records: optional `key: value` header lines, then the moves in canonical notation separated
//! by whitespace or newlines; `#` starts a comment to the end of the line.

use std::fmt::Write as _;

use crate::game::{Game, MoveError, Options};

/// A parsed game record. Moves are kept as text: whether they are legal is known only when they
/// are replayed ([`Record::replay`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Header lines in their order, keys in lower case.
    pub headers: Vec<(String, String)>,
    /// The moves, in order.
    pub moves: Vec<String>,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A header line whose value does not fit its key.
    #[error("header {key:?}: {reason}")]
    Header {
        /// The header's key.
        key: String,
        /// What is wrong with its value.
        reason: String,
    },
    /// The header asks for other options than were given elsewhere.
    #[error("the record's options do not fit: {0}")]
    Options(String),
    /// The move at `index` (0-based) cannot be played.
    #[error("move {number}: {}", move_error(text, error), number = index + 1)]
    Move {
        /// 0-based index of the move in the record.
        index: usize,
        /// The move's text as written.
        text: String,
        /// Why it cannot be played.
        error: MoveError,
    },
}

/// Why a record's move failed, its text quoted once: a malformed move's error quotes it, an
/// illegal move's names it in canonical form, and a move after the end is quoted here.
fn move_error(text: &str, error: &MoveError) -> String {
    match error {
        MoveError::GameOver => format!("{}: {error}", crate::game::quoted(text)),
        _ => error.to_string(),
    }
}

fn is_header_key(key: &str) -> bool {
    let mut chars = key.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl Record {
    /// Parses a record. Header lines are recognised only before the first move. Parsing never
    /// fails: every non-header word is a move, checked when replayed.
    pub fn parse(text: &str) -> Record {
        let mut record = Record::default();
        for line in text.lines() {
            let content = line.split('#').next().unwrap_or("");
            if content.trim().is_empty() {
                continue;
            }
            if record.moves.is_empty() {
                if let Some((key, value)) = content.split_once(':') {
                    let key = key.trim();
                    if is_header_key(key) && value.starts_with(|c: char| c.is_whitespace()) {
                        record
                            .headers
                            .push((key.to_ascii_lowercase(), value.trim().to_string()));
                        continue;
                    }
                }
            }
            record
                .moves
                .extend(content.split_whitespace().map(str::to_string));
        }
        record
    }

    /// The value of header `key`, if present.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The game options the headers give (`players: N`, `version:` or `variant:`), merged with
    /// `given` (from the command line, say); a conflict between the two is an error.
    pub fn options(&self, given: &Options) -> Result<Options, RecordError> {
        let players = match self.header("players") {
            None => None,
            Some(v) => Some(v.parse::<usize>().map_err(|_| RecordError::Header {
                key: "players".into(),
                reason: format!("{} is not a number of players", crate::game::quoted(v)),
            })?),
        };
        let variant = self
            .header("version")
            .or_else(|| self.header("variant"))
            .map(str::to_string);
        let merged = Options {
            players: merge("players", given.players, players)?,
            variant: merge("variant", given.variant.clone(), variant)?,
        };
        Ok(merged)
    }

    /// Replays the moves from the start position of `G` with the record's options merged with
    /// `given`. Stops at the first move that cannot be played.
    pub fn replay<G: Game>(&self, given: &Options) -> Result<G, RecordError> {
        let options = self.options(given)?;
        let mut game = G::new(&options).map_err(|e| RecordError::Options(e.0))?;
        for (index, text) in self.moves.iter().enumerate() {
            let mv = game.parse_legal(text).map_err(|error| RecordError::Move {
                index,
                text: text.clone(),
                error,
            })?;
            game.play(mv);
        }
        Ok(game)
    }

    /// The record as text: header lines, then one move a line.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (key, value) in &self.headers {
            let _ = writeln!(out, "{key}: {value}");
        }
        for mv in &self.moves {
            let _ = writeln!(out, "{mv}");
        }
        out
    }

    /// A record of `moves` played from the start of a game with `options`, with the headers that
    /// recreate those options.
    pub fn from_moves(game_id: &str, options: &Options, moves: Vec<String>) -> Record {
        let mut headers = vec![("game".to_string(), game_id.to_string())];
        if let Some(players) = options.players {
            headers.push(("players".into(), players.to_string()));
        }
        if let Some(variant) = &options.variant {
            headers.push(("version".into(), variant.clone()));
        }
        Record { headers, moves }
    }
}

fn merge<T: PartialEq + std::fmt::Debug>(
    what: &str,
    given: Option<T>,
    header: Option<T>,
) -> Result<Option<T>, RecordError> {
    match (given, header) {
        (Some(a), Some(b)) if a != b => Err(RecordError::Options(format!(
            "{what} is {a:?} on the command line but {b:?} in the record"
        ))),
        (Some(a), _) => Ok(Some(a)),
        (None, b) => Ok(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_comments_and_moves() {
        let r = Record::parse(
            "# a game\nplayers: 3\nVersion: simple  # the short one\n\nWc5 c5-e7 # slide\n  end\nnote: late\n",
        );
        assert_eq!(
            r.headers,
            vec![
                ("players".to_string(), "3".to_string()),
                ("version".to_string(), "simple".to_string())
            ]
        );
        // A header-like line after the first move is not a header.
        assert_eq!(r.moves, vec!["Wc5", "c5-e7", "end", "note:", "late"]);
        let o = r.options(&Options::default()).unwrap();
        assert_eq!(o.players, Some(3));
        assert_eq!(o.variant.as_deref(), Some("simple"));
    }

    #[test]
    fn moves_with_colons_are_not_headers() {
        let r = Record::parse("L0/L1:2,L4\n");
        assert!(r.headers.is_empty());
        assert_eq!(r.moves, vec!["L0/L1:2,L4"]);
    }

    #[test]
    fn conflicting_options_are_refused() {
        let r = Record::parse("players: 3\n");
        let given = Options {
            players: Some(4),
            variant: None,
        };
        assert!(matches!(r.options(&given), Err(RecordError::Options(_))));
        let bad = Record::parse("players: many\n");
        assert!(matches!(
            bad.options(&Options::default()),
            Err(RecordError::Header { .. })
        ));
    }

    #[test]
    fn text_round_trip() {
        let r = Record::from_moves(
            "four-triangles",
            &Options {
                players: Some(2),
                variant: Some("full".into()),
            },
            vec!["@T4".into(), "+L4,R6".into()],
        );
        assert_eq!(Record::parse(&r.to_text()), r);
    }
}
