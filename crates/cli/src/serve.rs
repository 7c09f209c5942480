//! `trigonal serve` and `trigonal worker`: Trigonal's server — the browser front end, the API
//! and the WebSocket — and processes that only play computer seats, over one store: a SQLite
//! file, or a PostgreSQL database shared by many processes (see `crates/server`, `docs/api.md`
//! and README "Running several servers").

use std::net::SocketAddr;

use anyhow::Result;
use clap::Args;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where the games are: a SQLite file, created if missing, or a PostgreSQL URL
    /// (postgres://user:password@host:port/database). Migrations run at start.
    #[arg(long, default_value = "trigonal.db")]
    db: String,
    /// New games (created or uploaded) one address may start a minute, in bursts of as many;
    /// 0 for no limit. Kept by each process. Behind a reverse proxy every player shares the
    /// proxy's address.
    #[arg(long, default_value_t = trigonal_server::Config::GAMES_PER_MINUTE)]
    games_per_minute: u32,
    /// Computer searches this process runs at once (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Play no computer seat here: leave them to `trigonal worker` processes.
    #[arg(long)]
    no_computer: bool,
    /// The most connections open at once; one more is closed at once. (Each request's head
    /// must arrive within 10 s and its body within 10 s more; at shutdown, requests in flight
    /// get 5 s.)
    #[arg(long, default_value_t = trigonal_server::Limits::default().connections)]
    max_connections: usize,
}

#[derive(Args, Debug)]
pub struct WorkerArgs {
    /// Where the games are: a PostgreSQL URL shared with the `serve` processes (or a SQLite file).
    #[arg(long)]
    db: String,
    /// Computer searches run at once (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

pub fn serve(args: &ServeArgs) -> Result<()> {
    let computer = if args.no_computer {
        0
    } else {
        args.threads.unwrap_or_else(trigonal_server::cores)
    };
    trigonal_server::serve_blocking(trigonal_server::Config {
        addr: args.addr,
        db: args.db.clone(),
        games_per_minute: args.games_per_minute,
        computer,
        limits: trigonal_server::Limits {
            connections: args.max_connections,
            ..trigonal_server::Limits::default()
        },
    })?;
    Ok(())
}

pub fn work(args: &WorkerArgs) -> Result<()> {
    let threads = args.threads.unwrap_or_else(trigonal_server::cores);
    anyhow::ensure!(threads > 0, "--threads must be at least 1");
    trigonal_server::work_blocking(&args.db, threads)?;
    Ok(())
}
