//! `trigonal accuracy`: how often an agent's move keeps the exact value of random positions of a
//! game with an exact solver (Triangoli's): a win stays a win, a draw at least a draw.

use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use trigonal_ai::solve::Solver;
use trigonal_ai::Agent;
use trigonal_core::DynGame;

#[derive(Args, Debug)]
pub struct AccuracyArgs {
    /// The game id (a game with an exact solver: `triangoli`).
    game: String,
    /// How much of the game is left in each position (Triangoli: empty triangles).
    #[arg(long)]
    empties: u32,
    /// Positions to try.
    #[arg(long, default_value_t = 20)]
    positions: usize,
    /// The agent whose moves are judged (`ai:hard`, `uct:100`, …).
    #[arg(long)]
    agent: String,
    /// Seed of the random positions (and of the agent).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print `{"positions": N, "kept": K, "share": K/N}`.
    #[arg(long)]
    json: bool,
    /// Also print each position whose value the agent's move lost: its seed, its exact result,
    /// how many of its legal moves keep it, the move played and the agent's account of it.
    #[arg(long)]
    misses: bool,
}

/// The exact result of `position` and how many of its legal moves keep it, in words.
fn keeping_moves(solver: &dyn Solver, position: &dyn DynGame, threads: usize) -> Result<String> {
    let solved = solver.solve(position, threads)?;
    let verdicts = solver
        .move_verdicts(position, &solved, None)
        .expect("no deadline, and the solver's own game");
    let keep = verdicts
        .iter()
        .filter(|(_, v)| solved.verdict.kept_by(*v))
        .count();
    Ok(format!(
        "{}, {keep} of {} moves keep it",
        solved.in_words(),
        verdicts.len()
    ))
}

#[derive(Serialize)]
struct Accuracy {
    positions: usize,
    kept: usize,
    share: f64,
}

pub fn run(args: &AccuracyArgs) -> Result<()> {
    let solver = crate::solve::solver(&args.game)?;
    anyhow::ensure!(args.positions >= 1, "--positions must be at least 1");
    let agent: Agent = args.agent.parse()?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let progress = ProgressBar::new(args.positions as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} positions  {elapsed_precise}  {msg}")
            .expect("a valid template"),
    );
    let (mut tried, mut kept, mut seed) = (0, 0, args.seed);
    while tried < args.positions {
        // A random game may end before reaching what is to be left: the next seed is tried.
        let position = crate::solve::random_position(solver.as_ref(), args.empties, &mut seed)?;
        let mut player = trigonal_games::dyn_player(&args.game, agent, seed)?;
        let thought = player
            .think(position.as_ref())
            .expect("a position of the player's game, not over");
        tried += 1;
        let keeps = solver.keeps_value(position.as_ref(), &thought.best, threads);
        if keeps.expect("the player's move is legal") {
            kept += 1;
        } else if args.misses {
            let keeping = keeping_moves(solver.as_ref(), position.as_ref(), threads)?;
            progress.suspend(|| {
                eprintln!(
                    "position seed {seed}: {keeping}; {} lost the value ({})",
                    thought.best, thought.detail
                )
            });
        }
        progress.set_message(format!("{kept} kept"));
        progress.inc(1);
    }
    progress.finish_and_clear();
    let share = kept as f64 / tried as f64;
    if args.json {
        let line = Accuracy {
            positions: tried,
            kept,
            share: (share * 1000.0).round() / 1000.0,
        };
        println!("{}", serde_json::to_string(&line)?);
    } else {
        println!(
            "{} kept the exact value in {kept} of {tried} positions with {} {} ({:.1}%)",
            args.agent,
            args.empties,
            solver.measure(),
            100.0 * share
        );
    }
    Ok(())
}
