//! `trigonal analyse`: every position of a record with the computer's evaluation and best move.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use trigonal_ai::{Agent, Thought};
use trigonal_core::{Options, Seat};
use trigonal_games::{visit, Kit, Visitor};

use crate::GameOptions;

#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The game id.
    game: String,
    /// The record to analyse (`-` reads standard input).
    #[arg(long)]
    record: PathBuf,
    /// The agent that evaluates each position: `hint` (medium's search, its best move),
    /// `hint:MS`, `ai:LEVEL`, `ai:LEVEL:MS` or `uct:MS`.
    #[arg(long, default_value = "hint")]
    agent: String,
    /// Seed of the agent's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One JSON line per position instead of a table.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    options: GameOptions,
}

/// One analysed position, as `--json` prints it.
#[derive(Serialize)]
struct Line {
    /// Moves played before this position.
    ply: usize,
    /// 0-based seat to move.
    to_move: u8,
    /// The move the record plays here (`null` after the last).
    played: Option<String>,
    /// The agent's best move.
    best: String,
    /// Each seat's expected share of the win.
    shares: Vec<f64>,
    /// Alpha-beta's value for the seat to move, where the agent gives one.
    score: Option<i32>,
    /// Whether the value is proven.
    proven: bool,
    /// How the search went.
    detail: String,
}

pub fn run(args: &AnalyseArgs) -> Result<()> {
    let agent: Agent = args.agent.parse()?;
    anyhow::ensure!(
        agent != Agent::Random,
        "a random agent has no evaluation to give; use ai:LEVEL or uct:MS"
    );
    let record = crate::input::read_record(&args.record, &args.game)?;
    let options = record.options(&args.options.options())?;
    visit(
        &args.game,
        Analyse {
            args,
            agent,
            moves: &record.moves,
            options: &options,
        },
    )?
}

struct Analyse<'a> {
    args: &'a AnalyseArgs,
    agent: Agent,
    moves: &'a [String],
    options: &'a Options,
}

impl Visitor for Analyse<'_> {
    type Output = Result<()>;
    fn visit<G: Kit>(self) -> Result<()> {
        let mut position = G::new(self.options)?;
        // Check the whole record first, so that a bad move is reported before any thinking.
        let mut moves = Vec::new();
        let mut check = position.clone();
        for (i, text) in self.moves.iter().enumerate() {
            let mv = check
                .parse_legal(text)
                .map_err(|e| crate::input::bad_record_move(i, text, e))?;
            check.play(mv);
            moves.push(mv);
        }
        let mut player = self.agent.player::<G>(self.args.seed);
        let mut out = std::io::stdout().lock();
        if !self.args.json {
            let seats: Vec<String> = (0..position.players())
                .map(|s| format!("{:>5}", Seat(s as u8).to_string()))
                .collect();
            writeln!(
                out,
                "{:>4}  {:<4} {:<16} {:<16} {}  value",
                "ply",
                "move",
                "played",
                "best",
                seats.join(" ")
            )?;
        }
        for ply in 0..=moves.len() {
            let Some(seat) = position.to_move() else {
                break;
            };
            let thought = player.think(&position);
            let played = moves.get(ply).copied();
            if self.args.json {
                let line = Line {
                    ply,
                    to_move: seat.0,
                    played: played.map(|m| m.to_string()),
                    best: thought.best.to_string(),
                    shares: thought.shares.clone(),
                    score: thought.score,
                    proven: thought.proven,
                    detail: thought.detail.clone(),
                };
                writeln!(out, "{}", serde_json::to_string(&line)?)?;
            } else {
                writeln!(out, "{}", table_line(ply, seat, played, &thought))?;
            }
            out.flush()?;
            let Some(mv) = played else { break };
            player.advance(mv);
            position.play(mv);
        }
        if let Some(outcome) = position.outcome() {
            let winners: Vec<String> = outcome.winners.iter().map(|s| s.to_string()).collect();
            let text = if winners.is_empty() {
                "a draw".to_string()
            } else {
                format!("won by {}", winners.join(" and "))
            };
            if !self.args.json {
                writeln!(out, "The game is over: {text}.")?;
            }
        }
        Ok(())
    }
}

fn table_line<M: std::fmt::Display + PartialEq>(
    ply: usize,
    seat: Seat,
    played: Option<M>,
    thought: &Thought<M>,
) -> String {
    let shares: Vec<String> = thought
        .shares
        .iter()
        .map(|s| format!("{:>5.2}", s))
        .collect();
    let played_text = match &played {
        Some(m) if *m == thought.best => format!("{m} ="),
        Some(m) => m.to_string(),
        None => "-".to_string(),
    };
    format!(
        "{:>4}  {:<4} {:<16} {:<16} {}  {}",
        ply + 1,
        seat.to_string(),
        played_text,
        thought.best.to_string(),
        shares.join(" "),
        thought.detail
    )
}
