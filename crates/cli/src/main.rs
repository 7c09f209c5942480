//! `trigonal`: Trigonal's command line.
//!
//! Runs the server, lets people play in the terminal, and gives tools and tests the fixed
//! command-line contract of docs/command-line.md (`perft`, `moves`, `replay`, `random`) plus
//! benchmarks. It knows no game's rules: every game is reached through the registry
//! (`trigonal-games`), generic code through its `Visitor`, the rest through `DynGame`.

mod accuracy;
mod analyse;
mod arena;
mod backup;
mod bench;
mod contract;
mod input;
mod play;
mod puzzles;
mod serve;
mod solve;
mod terminal;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use trigonal_core::Options;

/// Trigonal: triangle-grid strategy games in the terminal and the browser.
#[derive(Parser, Debug)]
#[command(name = "trigonal", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options that pick a game's set-up, where the game has them.
#[derive(Args, Debug, Clone, Default)]
pub struct GameOptions {
    /// Number of players (Four Triangles: 2–4).
    #[arg(long)]
    players: Option<usize>,
    /// Variant (Four Triangles: `full` or `simple`).
    #[arg(long)]
    variant: Option<String>,
}

impl GameOptions {
    fn options(&self) -> Options {
        Options {
            players: self.players,
            variant: self.variant.clone(),
        }
    }
}

#[derive(Subcommand, Debug)]
enum AdminCommand {
    /// Make a player a moderator (at once on every server running on the store), or with
    /// --revoke no longer one.
    Moderator {
        /// The player's name, written any way.
        name: String,
        /// Take the role away instead.
        #[arg(long)]
        revoke: bool,
        /// The store: a SQLite file or a postgres:// URL.
        #[arg(long, env = "TRIGONAL_DB")]
        db: String,
    },
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count move sequences: one line "perft d COUNT" for each depth d = 1..DEPTH.
    Perft {
        /// The game id.
        game: String,
        /// The deepest depth to count.
        depth: u32,
        /// Start from the position after this record (`-` reads standard input).
        #[arg(long)]
        record: Option<PathBuf>,
        #[command(flatten)]
        options: GameOptions,
    },
    /// Print every legal move in canonical notation, one a line, sorted by byte order.
    Moves {
        /// The game id.
        game: String,
        /// Start from the position after this record (`-` reads standard input).
        #[arg(long)]
        record: Option<PathBuf>,
        #[command(flatten)]
        options: GameOptions,
    },
    /// Replay a record; print {"over":…,"scores":…,"winners":…} or name the first illegal move.
    Replay {
        /// The game id.
        game: String,
        /// The record (`-` reads standard input).
        file: PathBuf,
        #[command(flatten)]
        options: GameOptions,
    },
    /// Play a uniformly random legal game and print its moves, one a line.
    Random {
        /// The game id.
        game: String,
        /// The random seed; the same seed gives the same game.
        #[arg(long)]
        seed: u64,
        #[command(flatten)]
        options: GameOptions,
    },
    /// Measure random playouts per second and legal moves generated per second.
    Bench(bench::BenchArgs),
    /// Play a game in the terminal.
    Play(play::PlayArgs),
    /// Run the server: the browser front end and the API at http://127.0.0.1:8080 (`--addr`).
    Serve(serve::ServeArgs),
    /// Play the computer seats of a shared database's games, serving nothing.
    Worker(serve::WorkerArgs),
    /// Agents play a series of games; each agent's score with a 95% interval.
    Arena(arena::ArenaArgs),
    /// Solve a Triangoli endgame exactly: the result, the final margin and a best move.
    Solve(solve::SolveArgs),
    /// Each position of a record with its evaluation and best move.
    Analyse(analyse::AnalyseArgs),
    /// Puzzles proven exact, from games between agents (`generate`).
    #[command(subcommand)]
    Puzzles(puzzles::PuzzlesCommand),
    /// How often an agent's move keeps the exact value of random Triangoli endgames.
    Accuracy(accuracy::AccuracyArgs),
    /// Compute every player's ratings again from the stored results of the rated games.
    Ratings {
        /// Required: recompute (the only thing this command does).
        #[arg(long, required = true)]
        recompute: bool,
        /// The store: a SQLite file or a postgres:// URL.
        #[arg(long)]
        db: String,
    },
    /// The operator's commands on a store, for servers running on it or not.
    #[command(subcommand)]
    Admin(AdminCommand),
    /// Back up a store while it serves: a SQLite file to a checked copy, a PostgreSQL database
    /// to a pg_dump archive. Writes OUT only when the backup is complete.
    Backup(backup::BackupArgs),
    /// Restore a backup into an empty store (a new SQLite file or an empty PostgreSQL database),
    /// migrating it if it is older than this trigonal.
    Restore(backup::RestoreArgs),
    /// Speak the Trigonal Engine Protocol (docs/engine-protocol.md) on standard input and
    /// output, with Trigonal's computer choosing the moves, for any harness.
    Engine {
        /// The computer's level.
        #[arg(long, default_value = "medium")]
        level: trigonal_ai::Level,
    },
}

/// The command line, or the program ends with clap's message — in which a value too long to read
/// (clap repeats a bad value whole) is shortened as the program's own messages quote text.
fn parse() -> Cli {
    Cli::try_parse().unwrap_or_else(|e| {
        if !e.use_stderr() {
            e.exit() // --help, --version
        }
        eprint!("{}", shortened(&e.render().to_string()));
        std::process::exit(e.exit_code())
    })
}

/// `text` with each word too long to repeat (not counting the quotes and punctuation round it;
/// see [`trigonal_core::clipped`]) cut to its start and its length.
fn shortened(text: &str) -> String {
    let edge = |c: char| "'\"`:;,.".contains(c);
    text.split(' ')
        .map(|word| {
            let core = word.trim_matches(edge);
            let start = trigonal_core::clipped(core);
            if start == core {
                return word.to_string();
            }
            let n = core.chars().count();
            let (before, after) = word.split_at(word.find(core).unwrap_or(0));
            format!("{before}{start}{} ({n} characters)", &after[core.len()..])
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() -> ExitCode {
    let cli = parse();
    let result = match cli.command {
        Command::Perft {
            game,
            depth,
            record,
            options,
        } => contract::perft(&game, depth, record.as_deref(), &options.options()),
        Command::Moves {
            game,
            record,
            options,
        } => contract::moves(&game, record.as_deref(), &options.options()),
        Command::Replay {
            game,
            file,
            options,
        } => contract::replay(&game, &file, &options.options()),
        Command::Random {
            game,
            seed,
            options,
        } => contract::random(&game, seed, &options.options()),
        Command::Bench(args) => bench::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Serve(args) => serve::serve(&args),
        Command::Worker(args) => serve::work(&args),
        Command::Arena(args) => arena::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Analyse(args) => analyse::run(&args),
        Command::Puzzles(command) => puzzles::run(&command),
        Command::Accuracy(args) => accuracy::run(&args),
        Command::Ratings { recompute: _, db } => trigonal_server::recompute_ratings_blocking(&db)
            .map(|n| println!("recomputed the ratings of {n} rated games"))
            .map_err(anyhow::Error::from),
        Command::Admin(AdminCommand::Moderator { name, revoke, db }) => {
            match trigonal_server::set_moderator_blocking(&db, &name, !revoke) {
                Ok(true) => {
                    if revoke {
                        println!("{name} is no longer a moderator");
                    } else {
                        println!("{name} is a moderator");
                    }
                    Ok(())
                }
                Ok(false) => Err(anyhow::anyhow!("there is no player named {name:?}")),
                Err(e) => Err(e.into()),
            }
        }
        Command::Backup(args) => backup::backup(&args),
        Command::Restore(args) => backup::restore(&args),
        Command::Engine { level } => trigonal_engine::speak(
            level,
            std::io::stdin().lock(),
            std::io::stdout().lock(),
            std::io::stderr(),
        )
        .map_err(anyhow::Error::from),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("trigonal: {e:#}");
            ExitCode::FAILURE
        }
    }
}
