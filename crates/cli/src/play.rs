//! `trigonal play`: a game at one terminal, every seat a person typing moves.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use trigonal_core::{DynGame, Options, Record};

use crate::GameOptions;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game id.
    game: String,
    /// Continue the game of this record (`-` is not allowed: standard input is for moves).
    #[arg(long)]
    record: Option<PathBuf>,
    #[command(flatten)]
    options: GameOptions,
}

const HELP: &str = "Type a move in the notation shown by `moves`, or a command:
  moves    list the legal moves
  undo     take back the last move
  record   print the game so far as a record
  help     this text
  quit     leave the game";

/// A game in progress at the terminal: the start options and the moves played, so that undo can
/// replay from the start.
struct Session {
    id: String,
    options: Options,
    history: Vec<String>,
    position: Box<dyn DynGame>,
}

impl Session {
    fn new(id: &str, options: &Options) -> Result<Session> {
        let position = trigonal_games::new_game(id, options)?;
        Ok(Session {
            id: id.to_string(),
            options: position.options(),
            history: Vec::new(),
            position,
        })
    }

    fn play(&mut self, text: &str) -> Result<String, trigonal_core::MoveError> {
        let canonical = self.position.play(text)?;
        self.history.push(canonical.clone());
        Ok(canonical)
    }

    fn undo(&mut self) -> Result<Option<String>> {
        let Some(last) = self.history.pop() else {
            return Ok(None);
        };
        let mut position = trigonal_games::new_game(&self.id, &self.options)?;
        for mv in &self.history {
            position.play(mv)?;
        }
        self.position = position;
        Ok(Some(last))
    }

    fn record(&self) -> Record {
        Record::from_moves(&self.id, &self.options, self.history.clone())
    }
}

pub fn run(args: &PlayArgs) -> Result<()> {
    let mut session = Session::new(&args.game, &args.options.options())?;
    if let Some(path) = &args.record {
        anyhow::ensure!(
            path.as_os_str() != "-",
            "--record - is not allowed: standard input is for the moves"
        );
        let record = crate::input::read_record(path, &args.game)?;
        session = Session::new(&args.game, &record.options(&args.options.options())?)?;
        for (i, mv) in record.moves.iter().enumerate() {
            session
                .play(mv)
                .map_err(|e| anyhow::anyhow!("move {} ({mv:?}) of the record: {e}", i + 1))?;
        }
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} — type `help` for commands.",
        session.position.name()
    )?;
    loop {
        writeln!(out, "\n{}", session.position.diagram())?;
        let Some(seat) = session.position.to_move() else {
            writeln!(out, "Record:\n{}", session.record().to_text())?;
            return Ok(());
        };
        loop {
            write!(out, "{seat}> ")?;
            out.flush()?;
            let Some(line) = lines.next() else {
                writeln!(out)?;
                return Ok(());
            };
            let line = line?;
            let input = line.trim();
            match input {
                "" => continue,
                "help" | "?" => writeln!(out, "{HELP}")?,
                "quit" | "exit" => return Ok(()),
                "moves" => {
                    let mut moves = session.position.legal_moves();
                    moves.sort();
                    writeln!(out, "{} legal: {}", moves.len(), moves.join(" "))?;
                }
                "record" => write!(out, "{}", session.record().to_text())?,
                "undo" => match session.undo()? {
                    Some(mv) => {
                        writeln!(out, "Took back {mv}.")?;
                        break;
                    }
                    None => writeln!(out, "Nothing to take back.")?,
                },
                text => match session.play(text) {
                    Ok(mv) => {
                        writeln!(out, "{seat} plays {mv}.")?;
                        break;
                    }
                    Err(e) => writeln!(out, "Refused: {e}. (`moves` lists the legal moves.)")?,
                },
            }
        }
    }
}
