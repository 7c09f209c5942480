//! `trigonal puzzles generate`: puzzles from real play. Agents (by default the computer's `easy`
//! and `medium` levels) play games; every position of each game that the game's exact solver
//! settles quickly is judged ([`trigonal_ai::puzzle::judge`]) and kept when exactly one move
//! keeps the side to move's result — the answer proven, not guessed. One puzzle a JSON line;
//! the figures (games, positions judged, kept, rejected as ambiguous, kept per hour) on standard
//! error. Games without an exact solver get no puzzles from this command yet.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use serde::Serialize;
use trigonal_ai::puzzle::{judge, Judged};
use trigonal_ai::Agent;

use crate::GameOptions;

#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Make puzzles from games between agents, one JSON line each.
    Generate(GenerateArgs),
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// The game id (a game with an exact solver: `triangoli`).
    game: String,
    /// Puzzles to make.
    #[arg(long)]
    count: usize,
    /// Seed of the agents' random choices; the same seed and agents give the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where the puzzles go, one JSON line each (`-`: standard output).
    #[arg(long)]
    out: PathBuf,
    /// The two agents that play the games (as `trigonal arena` takes them).
    #[arg(long, value_delimiter = ',', default_value = "ai:easy,ai:medium")]
    agents: Vec<String>,
    /// Threads the solver runs on.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
    threads: usize,
    /// The longest the solver may take to judge one position's moves, in seconds.
    #[arg(long, default_value_t = 60)]
    patience: u64,
    #[command(flatten)]
    options: GameOptions,
}

/// A puzzle as the file keeps it.
#[derive(Serialize)]
struct PuzzleLine<'a> {
    game: &'a str,
    /// The moves from the start to the puzzle's position, canonical text, space-separated.
    record: String,
    /// The seat to move.
    to_move: u8,
    /// The one move that keeps the result.
    answer: &'a str,
    /// `win` or `draw`, for the side to move, with best play.
    result: String,
    /// The final margin with best play, in words.
    margin: &'a str,
    /// The legal moves to choose from.
    legal: usize,
}

pub fn run(command: &PuzzlesCommand) -> Result<()> {
    let PuzzlesCommand::Generate(args) = command;
    generate(args)
}

fn generate(args: &GenerateArgs) -> Result<()> {
    let info = trigonal_games::info(&args.game)?;
    let solver = trigonal_games::solver(info.id).with_context(|| {
        format!(
            "puzzles are made only for games with an exact solver (triangoli), not {}",
            info.id
        )
    })?;
    let agents: Vec<Agent> = args
        .agents
        .iter()
        .map(|a| a.parse::<Agent>())
        .collect::<Result<_, _>>()?;
    anyhow::ensure!(agents.len() == 2, "give two agents, as --agents A,B");
    let mut out: Box<dyn Write> = if args.out.as_os_str() == "-" {
        Box::new(std::io::stdout().lock())
    } else {
        Box::new(std::io::BufWriter::new(
            std::fs::File::create(&args.out)
                .with_context(|| format!("cannot write {}", args.out.display()))?,
        ))
    };
    let began = Instant::now();
    let (mut games, mut judged, mut kept, mut ambiguous) = (0u64, 0u64, 0usize, 0u64);
    let mut seen = HashSet::new();
    while kept < args.count {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(games);
        let mut players = agents
            .iter()
            .enumerate()
            .map(|(i, a)| trigonal_games::dyn_player(info.id, *a, seed + i as u64))
            .collect::<Result<Vec<_>, _>>()?;
        let mut position = trigonal_games::new_game(info.id, &args.options.options())?;
        let mut record = Vec::new();
        games += 1;
        while let Some(seat) = position.to_move() {
            if seen.insert(position.position_hash()) {
                let deadline = Some(Instant::now() + Duration::from_secs(args.patience));
                match judge(&*solver, &*position, args.threads, deadline) {
                    Judged::Puzzle {
                        solved,
                        answer,
                        legal,
                    } => {
                        judged += 1;
                        let line = PuzzleLine {
                            game: info.id,
                            record: record.join(" "),
                            to_move: seat.0,
                            answer: &answer,
                            result: solved.verdict.to_string(),
                            margin: &solved.margin,
                            legal,
                        };
                        serde_json::to_writer(&mut out, &line)?;
                        writeln!(out)?;
                        kept += 1;
                        if kept == args.count {
                            break;
                        }
                    }
                    Judged::Ambiguous(_) => {
                        judged += 1;
                        ambiguous += 1;
                    }
                    Judged::Lost | Judged::Forced => judged += 1,
                    Judged::Unsettled => {}
                }
            }
            // The game goes on as the agents play it, each taking the first seat in turn.
            let n = players.len();
            let mover = &mut players[(usize::from(seat.0) + games as usize) % n];
            let thought = mover
                .think(&*position)
                .context("an agent found no move in a game not over")?;
            let played = position.play(&thought.best)?;
            for p in &mut players {
                p.advance(&played);
            }
            record.push(played);
        }
    }
    out.flush()?;
    let hours = began.elapsed().as_secs_f64() / 3600.0;
    // Of the positions that have a result to find (a win or a draw), the share with more than
    // one way to keep it.
    let candidates = kept as u64 + ambiguous;
    eprintln!(
        "{kept} puzzles from {games} games in {:.0} s: {judged} positions judged, {ambiguous} of \
         {candidates} ({:.0}%) rejected as ambiguous; {:.0} puzzles an hour",
        began.elapsed().as_secs_f64(),
        100.0 * ambiguous as f64 / candidates.max(1) as f64,
        kept as f64 / hours.max(1e-9),
    );
    Ok(())
}
