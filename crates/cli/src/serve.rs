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
}

pub fn run(args: &ServeArgs) -> Result<()> {
    trigonal_server::serve_blocking(trigonal_server::Config {
        addr: args.addr,
        db: args.db.clone(),
    })?;
    Ok(())
}
