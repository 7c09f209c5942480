//! `trigonal puzzles generate`: puzzles from real play. Agents (by default the computer's `easy`
//! and `medium` levels) play games, and every position of each game is judged:
//! - in a game with an exact solver, where it settles the position quickly
//!   ([`trigonal_ai::puzzle::judge`]): kept when exactly one move keeps the side to move's win or
//!   draw, or exactly one keeps the best margin — the answer proven, not guessed;
//! - in any other game, by search ([`trigonal_ai::puzzle::judge_search`]): one move proven to
//!   win, or far above every other, found again at twice the playouts.
//!
//! Positions with fewer than `--min-legal` legal moves are passed over. One puzzle a JSON line
//! ([`Puzzle`], what a kit ships as its set); the figures (games, positions judged, kept,
//! rejected as ambiguous, kept per hour) on standard error.
//!
//! `trigonal puzzles check FILE` checks a set: every puzzle replayed on the rules, every exact
//! one proven again ([`trigonal_games::puzzles::check`]).

use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use trigonal_ai::puzzle::{judge, judge_search, Explanation, Found, Goal, Judged, Puzzle};
use trigonal_ai::{Agent, Kit};
use trigonal_core::DynGame;
use trigonal_games::Visitor;

use crate::GameOptions;

#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Make puzzles from games between agents, one JSON line each.
    Generate(GenerateArgs),
    /// Check a set of puzzles: each replayed on the rules, each exact one proven again.
    Check(CheckArgs),
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The set, one JSON line a puzzle (as `generate` writes them).
    file: PathBuf,
    /// Threads the exact solver runs on.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
    threads: usize,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// The game id.
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
    /// The agents that play the games, one a seat in turn (as `trigonal arena` takes them).
    #[arg(long, value_delimiter = ',', default_value = "ai:easy,ai:medium")]
    agents: Vec<String>,
    /// Threads the exact solver runs on.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
    threads: usize,
    /// The longest the exact solver may take to judge one position's moves, in seconds.
    #[arg(long, default_value_t = 60)]
    patience: u64,
    /// Playouts of the first search judging a position (games without an exact solver); the
    /// second has twice as many.
    #[arg(long, default_value_t = 20_000)]
    playouts: u64,
    /// Positions with fewer legal moves than this are no puzzles.
    #[arg(long, default_value_t = 3)]
    min_legal: usize,
    #[command(flatten)]
    options: GameOptions,
}

pub fn run(command: &PuzzlesCommand) -> Result<()> {
    match command {
        PuzzlesCommand::Generate(args) => generate(args),
        PuzzlesCommand::Check(args) => check(args),
    }
}

/// Checks every puzzle of a set ([`trigonal_games::puzzles::check`]); the first wrong one is an
/// error naming its line.
fn check(args: &CheckArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let set = Puzzle::parse_set(&text).map_err(anyhow::Error::msg)?;
    let began = Instant::now();
    let mut proven = 0;
    for (i, puzzle) in set.iter().enumerate() {
        match trigonal_games::puzzles::check(puzzle, args.threads) {
            Ok(again) => proven += usize::from(again),
            Err(e) => anyhow::bail!("puzzle {} (line {}): {e}", puzzle.id(), i + 1),
        }
    }
    eprintln!(
        "{} puzzles checked, {proven} of them proven again by the solver, in {:.1} s",
        set.len(),
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

/// How one position was judged.
enum Verdict {
    Kept(String, Goal, Explanation),
    Ambiguous,
    Judged,
    Unsettled,
}

/// Judges a position by search, with the game's own type.
struct Search<'a> {
    position: &'a dyn DynGame,
    playouts: u64,
    seed: u64,
}

impl Visitor for Search<'_> {
    type Output = Option<Found>;
    fn visit<G: Kit>(self) -> Option<Found> {
        let position = self.position.as_any().downcast_ref::<G>()?;
        judge_search(position, self.playouts, self.seed)
    }
}

fn percent(share: f64) -> i64 {
    (share * 100.0).round() as i64
}

fn judge_one(args: &GenerateArgs, position: &dyn DynGame, seed: u64) -> Result<Verdict> {
    let legal = position.legal_moves().len();
    if legal < args.min_legal {
        return Ok(Verdict::Judged);
    }
    if let Some(solver) = trigonal_games::solver(position.id()) {
        let deadline = Some(Instant::now() + Duration::from_secs(args.patience));
        return Ok(match judge(&*solver, position, args.threads, deadline) {
            Judged::Puzzle {
                goal,
                solved,
                answer,
                legal,
            } => {
                let mut values: BTreeMap<String, i64> =
                    [("legal".to_string(), legal as i64)].into();
                if goal != Goal::Draw {
                    for (part, n) in &solved.parts {
                        values.insert(part.to_string(), i64::from(*n));
                    }
                }
                let key = format!("exact-{}", goal.as_str());
                Verdict::Kept(answer, goal, Explanation { key, values })
            }
            Judged::Ambiguous(_) => Verdict::Ambiguous,
            Judged::Lost | Judged::Forced => Verdict::Judged,
            Judged::Unsettled => Verdict::Unsettled,
        });
    }
    let search = Search {
        position,
        playouts: args.playouts,
        seed,
    };
    Ok(match trigonal_games::visit(position.id(), search)? {
        Some(found) => {
            let key = match found.goal {
                Goal::Win => "search-win",
                _ => "search-best",
            };
            let values = [
                ("legal".to_string(), found.legal as i64),
                ("share".to_string(), percent(found.shares.0)),
                ("next".to_string(), percent(found.shares.1)),
            ]
            .into();
            let explanation = Explanation {
                key: key.into(),
                values,
            };
            Verdict::Kept(found.answer, found.goal, explanation)
        }
        None => Verdict::Judged,
    })
}

fn generate(args: &GenerateArgs) -> Result<()> {
    let info = trigonal_games::info(&args.game)?;
    let agents: Vec<Agent> = args
        .agents
        .iter()
        .map(|a| a.parse::<Agent>())
        .collect::<Result<_, _>>()?;
    anyhow::ensure!(!agents.is_empty(), "give the agents, as --agents A,B");
    let mut out: Box<dyn Write> = if args.out.as_os_str() == "-" {
        Box::new(std::io::stdout().lock())
    } else {
        Box::new(std::io::BufWriter::new(
            std::fs::File::create(&args.out)
                .with_context(|| format!("cannot write {}", args.out.display()))?,
        ))
    };
    let options = args.options.options();
    let began = Instant::now();
    let (mut games, mut judged, mut kept, mut ambiguous) = (0u64, 0u64, 0usize, 0u64);
    let mut seen = HashSet::new();
    while kept < args.count {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(games);
        let mut position = trigonal_games::new_game(info.id, &options)?;
        let mut players = (0..position.players())
            .map(|i| trigonal_games::dyn_player(info.id, agents[i % agents.len()], seed + i as u64))
            .collect::<Result<Vec<_>, _>>()?;
        let mut record = Vec::new();
        games += 1;
        while let Some(seat) = position.to_move() {
            if seen.insert(position.position_hash()) {
                match judge_one(args, &*position, seed ^ judged)? {
                    Verdict::Kept(answer, goal, explanation) => {
                        judged += 1;
                        let puzzle = Puzzle {
                            game: info.id.to_string(),
                            players: position.players(),
                            variant: position.options().variant,
                            record: record.join(" "),
                            to_move: seat.0,
                            solution: vec![answer],
                            goal: goal.as_str().to_string(),
                            explanation,
                        };
                        serde_json::to_writer(&mut out, &puzzle)?;
                        writeln!(out)?;
                        out.flush()?;
                        kept += 1;
                        if kept == args.count {
                            break;
                        }
                    }
                    Verdict::Ambiguous => {
                        judged += 1;
                        ambiguous += 1;
                    }
                    Verdict::Judged => judged += 1,
                    Verdict::Unsettled => {}
                }
            }
            // The game goes on as the agents play it, the first agent taking a later seat in
            // each game.
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
    // Of the positions with a result to find, the share with more than one way to keep it
    // (exact judging only: a search finds no ambiguity, only moves not clear enough).
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
