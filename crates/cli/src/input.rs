//! Reading records and building positions from them.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};
use trigonal_core::{Game, Options, Record};

/// The largest record read, so that a wrong file cannot exhaust memory.
const MAX_RECORD_BYTES: u64 = 16 << 20;

/// Reads the text of `path`, or standard input for `-`.
pub fn read_text(path: &Path) -> Result<String> {
    let mut text = String::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .take(MAX_RECORD_BYTES)
            .read_to_string(&mut text)
            .context("reading standard input")?;
    } else {
        std::fs::File::open(path)
            .with_context(|| format!("opening {}", path.display()))?
            .take(MAX_RECORD_BYTES)
            .read_to_string(&mut text)
            .with_context(|| format!("reading {}", path.display()))?;
    }
    Ok(text)
}

/// Reads and parses a record, checking a `game:` header against `game_id`.
pub fn read_record(path: &Path, game_id: &str) -> Result<Record> {
    let record = Record::parse(&read_text(path)?);
    if let Some(named) = record.header("game") {
        anyhow::ensure!(
            named == game_id,
            "the record is a game of {named:?}, not {game_id:?}"
        );
    }
    Ok(record)
}

/// The start position with `options`, or the position after the record at `path`.
pub fn position<G: Game>(record: Option<&Path>, options: &Options) -> Result<G> {
    match record {
        None => Ok(G::new(options)?),
        Some(path) => Ok(read_record(path, G::ID)?.replay::<G>(options)?),
    }
}
