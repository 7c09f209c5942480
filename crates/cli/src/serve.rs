//! `trigonal serve`: Trigonal's server — the browser front end, the API and the WebSocket — with
//! every game stored in a SQLite file (see `crates/server` and `docs/api.md`).

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The SQLite database file, created if missing (WAL mode; migrations run at start).
    #[arg(long, default_value = "trigonal.db")]
    db: PathBuf,
    /// New games (created or uploaded) one address may start a minute, in bursts of as many;
    /// 0 for no limit. Behind a reverse proxy every player shares the proxy's address.
    #[arg(long, default_value_t = trigonal_server::Config::GAMES_PER_MINUTE)]
    games_per_minute: u32,
}

pub fn run(args: &ServeArgs) -> Result<()> {
    trigonal_server::serve_blocking(trigonal_server::Config {
        addr: args.addr,
        db: args.db.clone(),
        games_per_minute: args.games_per_minute,
    })?;
    Ok(())
}
