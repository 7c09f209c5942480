//! Reading records and building positions from them.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};
use trigonal_core::{Game, MoveError, Options, Record, RecordError};

/// The largest record read, so that a wrong file cannot exhaust memory.
const MAX_RECORD_BYTES: u64 = 16 << 20;

/// Reads the text of `path`, or standard input for `-`: all of it, or an error naming the limit
/// when there is more than [`MAX_RECORD_BYTES`] (never a silently shortened record).
pub fn read_text(path: &Path) -> Result<String> {
    let (name, mut bytes) = (
        if path.as_os_str() == "-" {
            "standard input".to_string()
        } else {
            path.display().to_string()
        },
        Vec::new(),
    );
    // One byte more than the limit tells a record over it from one exactly at it.
    if path.as_os_str() == "-" {
        std::io::stdin()
            .take(MAX_RECORD_BYTES + 1)
            .read_to_end(&mut bytes)
            .context("reading standard input")?;
    } else {
        std::fs::File::open(path)
            .with_context(|| format!("opening {name}"))?
            .take(MAX_RECORD_BYTES + 1)
            .read_to_end(&mut bytes)
            .with_context(|| format!("reading {name}"))?;
    }
    anyhow::ensure!(
        bytes.len() as u64 <= MAX_RECORD_BYTES,
        "{name} is larger than the limit of {} MiB for a record",
        MAX_RECORD_BYTES >> 20
    );
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        anyhow::anyhow!("{name} is not valid UTF-8 text (the bytes at offset {at} are not)")
    })
}

/// The error for the `index`-th move (0-based) of a record, `text`, refused with `error`: its
/// number and the move quoted once.
pub fn bad_record_move(index: usize, text: &str, error: MoveError) -> anyhow::Error {
    anyhow::anyhow!(
        "{} of the record",
        RecordError::Move {
            index,
            text: text.to_string(),
            error,
        }
    )
}

/// Reads and parses a record, checking a `game:` header against `game_id`.
pub fn read_record(path: &Path, game_id: &str) -> Result<Record> {
    let record = Record::parse(&read_text(path)?);
    if let Some(named) = record.header("game") {
        anyhow::ensure!(
            named == game_id,
            "the record is a game of {}, not {game_id:?}",
            trigonal_core::quoted(named)
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
