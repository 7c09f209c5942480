//! `trigonal solve`: the exact result of a position with best play, its final margin and a best
//! move, for a game whose kit has an exact solver (Triangoli's); `--bench` times the solver on
//! random positions.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use trigonal_ai::solve::{SolveError, Solved, Solver, Verdict};

use crate::GameOptions;

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game id (a game with an exact solver: `triangoli`).
    game: String,
    /// The position after this record (`-` reads standard input); the start when left out.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Print the result as one JSON line.
    #[arg(long)]
    json: bool,
    /// Also give every legal move's result: win, draw or loss for the side to move.
    #[arg(long)]
    moves: bool,
    /// Instead of one position, time the solver on random positions with this much of the game
    /// left (Triangoli: empty triangles; see --positions, --seed): each position's time, result
    /// and positions visited, then the median, mean and slowest.
    #[arg(long, value_name = "EMPTIES")]
    bench: Option<u32>,
    /// Positions timed by --bench.
    #[arg(long, default_value_t = 20)]
    positions: usize,
    /// Seed of the random positions of --bench.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads the solver runs on (sharing one table); the machine's cores when left out.
    #[arg(long, default_value_t = cores())]
    threads: usize,
    #[command(flatten)]
    options: GameOptions,
}

#[derive(Serialize)]
struct SolvedJson<'a> {
    to_move: u8,
    result: String,
    /// The final margin in the game's counts (Triangoli: `cylinders`, `sectors`).
    #[serde(flatten)]
    margin: std::collections::BTreeMap<&'static str, i32>,
    best: &'a str,
    nodes: u64,
    seconds: f64,
    /// With --moves: each legal move and its result for the side to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<(String, String)>>,
}

/// The exact solver of game `id`: an error naming the games that have one, where it has none.
pub fn solver(id: &str) -> Result<Box<dyn Solver>> {
    let info = trigonal_games::info(id)?;
    (info.solver)().ok_or_else(|| {
        let with: Vec<&str> = trigonal_games::GAMES
            .iter()
            .filter(|g| (g.solver)().is_some())
            .map(|g| g.id)
            .collect();
        anyhow::anyhow!(
            "{} (games with one: {})",
            SolveError::NoSolver(info.id.to_string()),
            with.join(", ")
        )
    })
}

pub fn run(args: &SolveArgs) -> Result<()> {
    let solver = solver(&args.game)?;
    if let Some(empties) = args.bench {
        return bench(args, solver.as_ref(), empties);
    }
    let mut position = trigonal_games::new_game(&args.game, &args.options.options())?;
    if let Some(path) = &args.record {
        let record = crate::input::read_record(path, &args.game)?;
        position = trigonal_games::new_game(&args.game, &record.options(&args.options.options())?)?;
        for (i, mv) in record.moves.iter().enumerate() {
            position
                .play(mv)
                .map_err(|e| crate::input::bad_record_move(i, mv, e))?;
        }
    }
    let solved = solver.solve(position.as_ref(), args.threads)?;
    let moves = args.moves.then(|| {
        solver
            .move_verdicts(position.as_ref(), &solved, None)
            .expect("no deadline, and the solver's own game")
    });
    if args.json {
        let json = SolvedJson {
            to_move: solved.seat.0,
            result: solved.verdict.to_string(),
            margin: solved.parts.iter().copied().collect(),
            best: &solved.best,
            nodes: solved.nodes,
            seconds: solved.elapsed.as_secs_f64(),
            moves: moves.map(|moves| {
                moves
                    .into_iter()
                    .map(|(mv, verdict)| (mv, verdict.to_string()))
                    .collect()
            }),
        };
        println!("{}", serde_json::to_string(&json)?);
    } else {
        println!("{}", explain(&solved));
        if let Some(moves) = moves {
            for verdict in [Verdict::Win, Verdict::Draw, Verdict::Loss] {
                let these: Vec<&str> = moves
                    .iter()
                    .filter(|(_, v)| *v == verdict)
                    .map(|(mv, _)| mv.as_str())
                    .collect();
                if !these.is_empty() {
                    println!("Moves that {}: {}", verdict.as_verb(), these.join(" "));
                }
            }
        }
    }
    Ok(())
}

/// Random games tried for one that reaches a position with what a solver is asked for left.
const TRIES: u64 = 1_000;

/// The next position after `stream` (moved on to the stream used) with `left` left and the game
/// not over, reached by random moves; an error when [`TRIES`] games in a row end first.
pub fn random_position(
    solver: &dyn Solver,
    left: u32,
    stream: &mut u64,
) -> Result<Box<dyn trigonal_core::DynGame>> {
    for _ in 0..TRIES {
        *stream = stream.wrapping_add(1);
        if let Some(position) = solver.random_position(left, *stream) {
            return Ok(position);
        }
    }
    anyhow::bail!(
        "no random game reached a position with {left} {} in {TRIES} tries",
        solver.measure()
    )
}

/// The solution in words.
pub fn explain(s: &Solved) -> String {
    let seat = s.seat;
    let other = seat.next(2);
    let names: Vec<&str> = s.parts.iter().map(|&(name, _)| name).collect();
    let result = match s.verdict {
        Verdict::Win => format!("{seat} (to move) wins {}", s.margin),
        Verdict::Loss => format!("{seat} (to move) loses: {other} wins {}", s.margin),
        Verdict::Draw => format!("a draw: equal {}", names.join(" and equal ")),
    };
    let margin: Vec<String> = s
        .parts
        .iter()
        .map(|(name, n)| format!("{n:+} {name}"))
        .collect();
    format!(
        "Result with best play: {result}.\nFinal margin for {seat}: {}.\nBest move: {}\n({} positions in {:.3} s)",
        margin.join(", "),
        s.best,
        s.nodes,
        s.elapsed.as_secs_f64()
    )
}

fn bench(args: &SolveArgs, solver: &dyn Solver, empties: u32) -> Result<()> {
    anyhow::ensure!(args.positions >= 1, "--positions must be at least 1");
    anyhow::ensure!(
        empties >= 1,
        "--bench takes at least 1 {}",
        solver.measure()
    );
    let progress = ProgressBar::new(args.positions as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} positions  {msg}")
            .expect("a valid template"),
    );
    let mut times = Vec::new();
    let mut nodes = Vec::new();
    let mut verdicts = [0usize; 3];
    let mut stream = args.seed;
    while times.len() < args.positions {
        let position = random_position(solver, empties, &mut stream)?;
        let solved = solver.solve(position.as_ref(), args.threads)?;
        // Printed whether or not the bar is drawn (it is not when the output is no terminal).
        progress.suspend(|| {
            println!(
                "  position {} (stream {stream}): {:.3} s, {}, {} positions",
                times.len() + 1,
                solved.elapsed.as_secs_f64(),
                solved.in_words(),
                solved.nodes
            )
        });
        times.push(solved.elapsed);
        nodes.push(solved.nodes);
        verdicts[match solved.verdict {
            Verdict::Win => 0,
            Verdict::Draw => 1,
            Verdict::Loss => 2,
        }] += 1;
        progress.set_message(format!("last {:.3} s", solved.elapsed.as_secs_f64()));
        progress.inc(1);
    }
    progress.finish_and_clear();
    times.sort();
    nodes.sort();
    let n = times.len();
    let mean = times.iter().sum::<Duration>() / n as u32;
    println!(
        "{n} random positions with {empties} {} (seed {}, {} thread(s)):",
        solver.measure(),
        args.seed,
        args.threads
    );
    println!(
        "  time   median {:.3} s, mean {:.3} s, max {:.3} s",
        times[n / 2].as_secs_f64(),
        mean.as_secs_f64(),
        times[n - 1].as_secs_f64()
    );
    println!(
        "  nodes  median {}, max {}, total {}",
        nodes[n / 2],
        nodes[n - 1],
        nodes.iter().sum::<u64>()
    );
    println!(
        "  results for the side to move: {} wins, {} draws, {} losses",
        verdicts[0], verdicts[1], verdicts[2]
    );
    Ok(())
}

/// The cores of this machine (1 if unknown).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
