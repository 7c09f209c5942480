//! `trigonal bench`: random playouts per second and legal moves generated per second, on one
//! core, as the median of several timed runs.

use std::time::{Duration, Instant};

use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde::Serialize;
use trigonal_core::{random_playout, Options};
use trigonal_games::{visit, Kit, Visitor};

use crate::GameOptions;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The game id; every game when left out.
    game: Option<String>,
    /// Timed runs per measurement; the median is reported.
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// Seconds per timed run.
    #[arg(long, default_value_t = 1.0)]
    seconds: f64,
    /// Print one JSON line per game instead of a table.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    options: GameOptions,
}

/// What one game measured.
#[derive(Serialize, Debug)]
struct Measured {
    game: &'static str,
    playouts_per_sec: f64,
    moves_per_sec: f64,
    plies_per_playout: f64,
    runs: usize,
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

struct Bench<'a> {
    runs: usize,
    run_time: Duration,
    options: &'a Options,
    progress: &'a ProgressBar,
}

impl Visitor for Bench<'_> {
    type Output = Result<Measured>;

    fn visit<G: Kit>(self) -> Result<Measured> {
        let start = G::new(self.options)?;
        self.progress.set_message(G::ID);
        let mut rng = SmallRng::seed_from_u64(1);
        let mut buffer = Vec::new();
        let mut playout_rates = Vec::new();
        let (mut plies, mut games) = (0u64, 0u64);
        for _ in 0..self.runs {
            let began = Instant::now();
            let mut n = 0u64;
            while began.elapsed() < self.run_time {
                for _ in 0..16 {
                    let mut position = start.clone();
                    random_playout(&mut position, &mut rng, &mut buffer);
                    n += 1;
                }
            }
            playout_rates.push(n as f64 / began.elapsed().as_secs_f64());
            self.progress.inc(1);
        }
        // Positions met in random games, then legal-move generation over them.
        let mut sample = Vec::new();
        while sample.len() < 2000 {
            let mut position = start.clone();
            games += 1;
            while position.to_move().is_some() {
                sample.push(position.clone());
                position.legal_moves(&mut buffer);
                let mv = buffer[position.playout_choice(&buffer, rand::Rng::gen(&mut rng))];
                position.play(mv);
                plies += 1;
            }
        }
        let mut move_rates = Vec::new();
        for _ in 0..self.runs {
            let began = Instant::now();
            let mut generated = 0u64;
            while began.elapsed() < self.run_time {
                for position in &sample {
                    position.legal_moves(&mut buffer);
                    generated += buffer.len() as u64;
                }
            }
            move_rates.push(generated as f64 / began.elapsed().as_secs_f64());
            self.progress.inc(1);
        }
        Ok(Measured {
            game: G::ID,
            playouts_per_sec: median(playout_rates),
            moves_per_sec: median(move_rates),
            plies_per_playout: plies as f64 / games as f64,
            runs: self.runs,
        })
    }
}

pub fn run(args: &BenchArgs) -> Result<()> {
    anyhow::ensure!(args.runs > 0, "--runs must be at least 1");
    anyhow::ensure!(
        args.seconds > 0.0 && args.seconds <= 600.0,
        "--seconds must be above 0 and at most 600"
    );
    let games: Vec<String> = match &args.game {
        Some(g) => vec![g.clone()],
        None => trigonal_games::ids()
            .into_iter()
            .map(String::from)
            .collect(),
    };
    for g in &games {
        trigonal_games::info(g)?;
    }
    let progress = ProgressBar::new((games.len() * args.runs * 2) as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} runs  {msg}").expect("a valid template"),
    );
    let options = args.options.options();
    let mut results = Vec::new();
    for g in &games {
        let bench = Bench {
            runs: args.runs,
            run_time: Duration::from_secs_f64(args.seconds),
            options: &options,
            progress: &progress,
        };
        results.push(visit(g, bench)??);
    }
    progress.finish_and_clear();
    if args.json {
        for r in &results {
            println!("{}", serde_json::to_string(r)?);
        }
    } else {
        println!(
            "{:<16} {:>14} {:>16} {:>14}",
            "game", "playouts/s", "moves/s", "plies/playout"
        );
        for r in &results {
            println!(
                "{:<16} {:>14} {:>16} {:>14.1}",
                r.game,
                thousands(r.playouts_per_sec),
                thousands(r.moves_per_sec),
                r.plies_per_playout
            );
        }
        println!(
            "(one core; median of {} runs of {} s each)",
            args.runs, args.seconds
        );
    }
    Ok(())
}

/// 1234567.8 as "1,234,568".
fn thousands(x: f64) -> String {
    let digits = format!("{:.0}", x);
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
