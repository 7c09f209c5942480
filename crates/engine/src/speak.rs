//! The engine side: Trigonal's computer answering a harness (`trigonal engine`).

use std::io::{BufRead, Write};
use std::time::Duration;

use trigonal_ai::{Agent, DynPlayer, Level};
use trigonal_core::{DynGame, Options};
use trigonal_games::dyn_player;

/// A game being played for a harness.
struct Game {
    position: Box<dyn DynGame>,
    start: Box<dyn DynGame>,
    history: Vec<String>,
    player: Box<dyn DynPlayer>,
}

/// Speaks the protocol on `input` and `output` as an engine playing at `level`, until `quit` or
/// the end of `input`. Warnings (unknown commands, bad moves from the harness) go to `warn`.
pub fn speak(
    level: Level,
    input: impl BufRead,
    mut output: impl Write,
    mut warn: impl Write,
) -> std::io::Result<()> {
    let mut game: Option<Game> = None;
    let mut legal: Vec<String> = Vec::new();
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["tep", ..] => {
                writeln!(output, "id name Trigonal ai:{level}")?;
                writeln!(output, "id author the Trigonal team")?;
                writeln!(output, "tepok")?;
            }
            ["isready"] => writeln!(output, "readyok")?,
            ["newgame", id, rest @ ..] => match new_game(id, rest, level) {
                Ok(g) => game = Some(g),
                Err(e) => writeln!(warn, "newgame: {e}")?,
            },
            ["position", moves @ ..] => {
                if let Some(g) = &mut game {
                    if let Err(e) = g.catch_up(moves) {
                        writeln!(warn, "position: {e}")?;
                    }
                } else {
                    writeln!(warn, "position before newgame")?;
                }
            }
            ["legal", moves @ ..] => legal = moves.iter().map(ToString::to_string).collect(),
            ["go", rest @ ..] => {
                let Some(g) = &mut game else {
                    writeln!(warn, "go before newgame")?;
                    continue;
                };
                g.player.limit(movetime(rest));
                match g.player.think(g.position.as_ref()) {
                    Some(thought) => {
                        writeln!(output, "info {}", thought.detail)?;
                        writeln!(output, "bestmove {}", thought.best)?;
                    }
                    // The game is over here: answer one of the harness's moves, if any.
                    None => match legal.first() {
                        Some(mv) => writeln!(output, "bestmove {mv}")?,
                        None => writeln!(warn, "go in a finished game")?,
                    },
                }
            }
            ["quit"] => return Ok(()),
            _ => writeln!(warn, "ignored: {line}")?,
        }
        output.flush()?;
    }
    Ok(())
}

/// The `movetime` of a `go` line's arguments.
fn movetime(args: &[&str]) -> Option<Duration> {
    let at = args.iter().position(|w| *w == "movetime")?;
    let ms: u64 = args.get(at + 1)?.parse().ok()?;
    Some(Duration::from_millis(ms.max(1)))
}

/// A new game from `newgame <id> players <N> seat <S> [variant <V>]`.
fn new_game(id: &str, rest: &[&str], level: Level) -> Result<Game, String> {
    let mut options = Options::default();
    let mut words = rest.iter();
    while let Some(key) = words.next() {
        let value = words
            .next()
            .ok_or_else(|| format!("{key} without a value"))?;
        match *key {
            "players" => {
                options.players = Some(value.parse().map_err(|_| format!("players {value}"))?)
            }
            "variant" => options.variant = Some(value.to_string()),
            "seat" => {}
            other => return Err(format!("unknown {other}")),
        }
    }
    let start = trigonal_games::new_game(id, &options).map_err(|e| e.to_string())?;
    let player = dyn_player(id, Agent::Ai { level, ms: None }, 1).map_err(|e| e.to_string())?;
    Ok(Game {
        position: start.clone_box(),
        start,
        history: Vec::new(),
        player,
    })
}

impl Game {
    /// Brings the game to `moves` (all from the start): only the new ones are played when the
    /// old are still there, else it is replayed and the player forgets.
    fn catch_up(&mut self, moves: &[&str]) -> Result<(), String> {
        let known = self.history.len();
        let extends = moves.len() >= known && moves[..known] == self.history[..];
        if !extends {
            self.position = self.start.clone_box();
            self.history.clear();
            self.player.forget();
        }
        for mv in &moves[self.history.len()..] {
            let canonical = self.position.play(mv).map_err(|e| format!("{mv}: {e}"))?;
            self.player.advance(&canonical);
            self.history.push(canonical);
        }
        Ok(())
    }
}
