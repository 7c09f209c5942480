//! `trigonal accuracy`: how often an agent's move keeps the exact value of random Triangoli
//! positions (the solver knows it): a win stays a win, a draw at least a draw.

use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use trigonal_ai::solve::{keeps_value, move_verdicts, random_position, solve_triangoli};
use trigonal_ai::Agent;
use trigonal_triangoli::Triangoli;

#[derive(Args, Debug)]
pub struct AccuracyArgs {
    /// The game id (the solver is for `triangoli`).
    game: String,
    /// Empty triangles in each position.
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
fn keeping_moves(position: &Triangoli, threads: usize) -> Result<String> {
    let solved = solve_triangoli(position, trigonal_ai::solve::TABLE_BITS, threads)?;
    let verdicts = move_verdicts(position, &solved, None).expect("a Triangoli position");
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
    anyhow::ensure!(
        args.game == "triangoli",
        "accuracy needs the exact solver, which is for triangoli only (not {})",
        args.game
    );
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
        seed = seed.wrapping_add(1);
        // A random game may end before reaching the count of empty triangles: try the next.
        let Some(position) = random_position(args.empties, seed) else {
            continue;
        };
        let mut player = agent.player::<Triangoli>(seed);
        let thought = player.think(&position);
        tried += 1;
        if keeps_value(&position, thought.best, threads) {
            kept += 1;
        } else if args.misses {
            let keeping = keeping_moves(&position, threads)?;
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
            "{} kept the exact value in {kept} of {tried} positions with {} empty triangles ({:.1}%)",
            args.agent,
            args.empties,
            100.0 * share
        );
    }
    Ok(())
}
