//! `trigonal arena`: agents play a series of games, seats rotating; each agent's score with a
//! 95% interval and, for two agents, the Elo difference.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use trigonal_ai::arena::{self, GamePlayed, Summary};
use trigonal_ai::{Agent, Player};
use trigonal_core::{Game, Options, Record};
use trigonal_engine::EnginePlayer;
use trigonal_games::{visit, Kit, Visitor};

use crate::GameOptions;

#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// The game id.
    game: String,
    /// The agents, comma-separated, one per player: `random`, `uct:MS` (plain UCT, MS ms a
    /// move), `ai:LEVEL` or `ai:LEVEL:MS` (a level with MS ms a move), `hint` or `hint:MS`
    /// (the search hints use, always its best move), or
    /// `cmd:COMMAND` (an outside engine speaking docs/engine-protocol.md, run by `sh -c`).
    #[arg(long, value_delimiter = ',', required = true)]
    agents: Vec<String>,
    /// Games to play; seats rotate from game to game.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Seed of the series; the same seed replays the same series under iteration budgets.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print the result as one JSON line.
    #[arg(long)]
    json: bool,
    /// Write every game's record into this directory (`game-0001.txt`, …).
    #[arg(long)]
    records: Option<PathBuf>,
    /// Play under a clock: minutes+seconds of increment (`3+2`, `0.2+0`); each agent thinks
    /// within what its clock allows, and a move after its time ran out loses the game.
    #[arg(long)]
    clock: Option<trigonal_clock::Control>,
    #[command(flatten)]
    options: GameOptions,
}

/// One of the players of a series: Trigonal's own, or an outside engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    /// A computer agent.
    Agent(Agent),
    /// An outside engine run by this command.
    Engine(String),
}

impl std::fmt::Display for Entrant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entrant::Agent(a) => write!(f, "{a}"),
            Entrant::Engine(command) => write!(f, "cmd:{command}"),
        }
    }
}

impl Entrant {
    /// A player of `G` for a game, seeded with `seed`.
    fn player<G: Kit>(&self, seed: u64) -> Box<dyn Player<G>> {
        match self {
            Entrant::Agent(a) => a.player::<G>(seed),
            Entrant::Engine(command) => Box::new(EnginePlayer::new(command)),
        }
    }
}

/// Parses the agent list; errors name the bad one.
pub fn parse_agents(texts: &[String]) -> Result<Vec<Entrant>> {
    texts
        .iter()
        .map(|t| {
            let t = t.trim();
            match t.strip_prefix("cmd:") {
                Some(command) if !command.trim().is_empty() => {
                    Ok(Entrant::Engine(command.trim().to_string()))
                }
                Some(_) => Err(anyhow::anyhow!(
                    "bad agent {t:?}: cmd: needs the engine's command"
                )),
                None => t
                    .parse::<Agent>()
                    .map(Entrant::Agent)
                    .map_err(anyhow::Error::from),
            }
        })
        .collect()
}

pub fn run(args: &ArenaArgs) -> Result<()> {
    let agents = parse_agents(&args.agents)?;
    anyhow::ensure!(
        (2..=4).contains(&agents.len()),
        "--agents needs 2 to 4 agents, one per player (got {})",
        agents.len()
    );
    anyhow::ensure!(args.games >= 1, "--games must be at least 1");
    let info = trigonal_games::info(&args.game)?;
    let mut options = args.options.options();
    if options.players.is_none() && agents.len() != info.players.0 {
        options.players = Some(agents.len());
    }
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let (summary, slowest, forfeits) = visit(
        &args.game,
        Series {
            args,
            agents: &agents,
            options: &options,
        },
    )??;
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        print_table(&summary, &slowest);
        for (game, agent, why) in &forfeits {
            println!("game {game}: {agent} forfeited: {why}");
        }
    }
    Ok(())
}

struct Series<'a> {
    args: &'a ArenaArgs,
    agents: &'a [Entrant],
    options: &'a Options,
}

/// A forfeit: the game (counted from 1), the agent, and why.
type Forfeit = (usize, String, String);

impl Visitor for Series<'_> {
    /// The summary, each agent's slowest move in seconds, and the forfeits.
    type Output = Result<(Summary, Vec<f64>, Vec<Forfeit>)>;
    fn visit<G: Kit>(self) -> Self::Output {
        let start = G::new(self.options)?;
        anyhow::ensure!(
            start.players() == self.agents.len(),
            "{} agents for a game of {} players: give one agent per player",
            self.agents.len(),
            start.players()
        );
        let filled = start.options();
        let progress = ProgressBar::new(self.args.games as u64);
        progress.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} games  {elapsed_precise}  {msg}")
                .expect("a valid template"),
        );
        let mut totals = vec![0.0; self.agents.len()];
        let mut slowest = vec![0f64; self.agents.len()];
        let mut write_error = None;
        let mut forfeits = Vec::new();
        let agents = self.agents;
        let played = arena::run_with::<G>(
            self.options,
            agents.len(),
            self.args.games,
            self.args.seed,
            self.args.clock,
            |agent, seed| agents[agent].player::<G>(seed),
            |game: &GamePlayed| {
                for (agent, why) in game.forfeits.iter().enumerate() {
                    if let Some(why) = why {
                        let name = agents[agent].to_string();
                        progress
                            .println(format!("game {}: {name} forfeited: {why}", game.game + 1));
                        forfeits.push((game.game + 1, name, why.clone()));
                    }
                }
                for (t, p) in totals.iter_mut().zip(&game.points) {
                    *t += p;
                }
                for (s, t) in slowest.iter_mut().zip(&game.slowest) {
                    *s = s.max(*t);
                }
                let scores: Vec<String> = self
                    .agents
                    .iter()
                    .zip(&totals)
                    .map(|(a, t)| format!("{a} {t}"))
                    .collect();
                progress.set_message(scores.join(", "));
                progress.inc(1);
                if let Some(dir) = &self.args.records {
                    if let Err(e) = write_record::<G>(dir, &filled, self.agents, game) {
                        write_error.get_or_insert(e);
                    }
                }
            },
        )?;
        progress.finish_and_clear();
        if let Some(e) = write_error {
            return Err(e);
        }
        let names: Vec<String> = self.agents.iter().map(ToString::to_string).collect();
        Ok((arena::summarise(&names, &played), slowest, forfeits))
    }
}

fn write_record<G: Game>(
    dir: &std::path::Path,
    options: &Options,
    agents: &[Entrant],
    game: &GamePlayed,
) -> Result<()> {
    let mut record = Record::from_moves(G::ID, options, game.moves.clone());
    for (seat, &a) in game.seating.iter().enumerate() {
        record
            .headers
            .push((format!("p{}", seat + 1), agents[a].to_string()));
    }
    let path = dir.join(format!("game-{:04}.txt", game.game + 1));
    let mut file =
        std::fs::File::create(&path).with_context(|| format!("creating {}", path.display()))?;
    file.write_all(record.to_text().as_bytes())?;
    Ok(())
}

fn print_table(summary: &Summary, slowest: &[f64]) {
    let g = summary.games as f64;
    println!(
        "{:<16} {:>8} {:>8} {:>20} {:>13}",
        "agent", "score", "share", "95% interval", "slowest move"
    );
    for (i, agent) in summary.agents.iter().enumerate() {
        let [lo, hi] = summary.ci95[i];
        println!(
            "{:<16} {:>8} {:>7.1}% {:>20} {:>11.3} s",
            agent,
            summary.score[i],
            100.0 * summary.score[i] / g,
            format!("{lo} – {hi}"),
            slowest[i]
        );
    }
    let fair = 100.0 / summary.agents.len() as f64;
    println!(
        "{} games, seats rotating (fair share {fair:.1}%)",
        summary.games
    );
    if let Some(elo) = summary.elo {
        println!(
            "Elo difference {} − {}: {elo:+.0}",
            summary.agents[0], summary.agents[1]
        );
    }
    for (agent, &lost) in summary.agents.iter().zip(&summary.lost_on_time) {
        if lost > 0 {
            println!("{agent} lost {lost} game(s) on time");
        }
    }
    for (agent, &forfeited) in summary.agents.iter().zip(&summary.forfeits) {
        if forfeited > 0 {
            println!("{agent} forfeited {forfeited} game(s)");
        }
    }
}
