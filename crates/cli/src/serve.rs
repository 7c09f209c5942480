//! `trigonal serve` and `trigonal worker`: Trigonal's server — the browser front end, the API
//! and the WebSocket — and processes that only play computer seats, over one store: a SQLite
//! file, or a PostgreSQL database shared by many processes (see `crates/server`, `docs/api.md`
//! and `docs/operations.md`). Every flag can also be given as an environment variable
//! (`TRIGONAL_…`), as container platforms prefer.

use std::net::SocketAddr;

use anyhow::Result;
use clap::Args;
use trigonal_server::{LogFormat, TrustedProxies};

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Words refused in new names, a word a line (`=word`: only as the whole name; `#`
    /// comments), replacing the built-in list; checked at sign-up and at moderators' renames.
    #[arg(long, env = "TRIGONAL_REFUSED_NAMES")]
    refused_names: Option<std::path::PathBuf>,
    /// The address to listen on.
    #[arg(long, env = "TRIGONAL_ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where the games are: a SQLite file, created if missing, or a PostgreSQL URL
    /// (postgres://user:password@host:port/database). Migrations run at start.
    #[arg(long, env = "TRIGONAL_DB", default_value = "trigonal.db")]
    db: String,
    /// New games (created or uploaded) one client address may start a minute, in bursts of as
    /// many; 0 for no limit. Kept by each process.
    #[arg(long, env = "TRIGONAL_GAMES_PER_MINUTE", default_value_t = trigonal_server::Config::GAMES_PER_MINUTE)]
    games_per_minute: u32,
    /// Computer searches this process runs at once (default: one per core).
    #[arg(long, env = "TRIGONAL_THREADS")]
    threads: Option<usize>,
    /// Play no computer seat here: leave them to `trigonal worker` processes.
    #[arg(long, env = "TRIGONAL_NO_COMPUTER", value_parser = clap::builder::BoolishValueParser::new())]
    no_computer: bool,
    /// The most connections open at once; one more is closed at once. (Each request's head
    /// must arrive within 10 s and its body within 10 s more.)
    #[arg(long, env = "TRIGONAL_MAX_CONNECTIONS", default_value_t = trigonal_server::Limits::default().connections)]
    max_connections: usize,
    /// The reverse proxies in front, as CIDR[,CIDR…]: only from these peers are
    /// X-Forwarded-For / Forwarded (the client's address), X-Forwarded-Proto and X-Request-Id
    /// believed. Default: none.
    #[arg(long, env = "TRIGONAL_TRUST_PROXY", default_value = "")]
    trust_proxy: TrustedProxies,
    /// Serve /metrics (with /healthz and /readyz) on this address only, not on --addr.
    #[arg(long, env = "TRIGONAL_METRICS_ADDR")]
    metrics_addr: Option<SocketAddr>,
    /// How log lines are written to standard error: text or json (one object a line).
    #[arg(long, env = "TRIGONAL_LOG_FORMAT", default_value = "text")]
    log_format: LogFormat,
    /// The computer's time on each position of a game's analysis, in milliseconds: longer is a
    /// stronger analysis that takes longer and more of the computer's threads.
    #[arg(long, env = "TRIGONAL_ANALYSIS_MS", default_value_t = trigonal_server::Limits::default().analysis_budget.as_millis() as u64)]
    analysis_ms: u64,
    /// At shutdown (SIGTERM, Ctrl-C), the seconds requests in flight may still take.
    #[arg(long, env = "TRIGONAL_SHUTDOWN_GRACE", default_value_t = 5)]
    shutdown_grace: u64,
    /// Send mail through this SMTP server, smtp://host:port (address confirmations, "your
    /// turn" in correspondence games). Default: no mail.
    #[arg(long, env = "TRIGONAL_SMTP", requires = "site_url")]
    smtp: Option<String>,
    /// The sender of mail.
    #[arg(
        long,
        env = "TRIGONAL_MAIL_FROM",
        default_value = "Trigonal <trigonal@localhost>"
    )]
    mail_from: String,
    /// The site's address, for the links in mail and as the sender of Web Push notices
    /// (https://trigonal.example.org). When set, it is also the one origin whose pages may
    /// change anything here (else the scheme, host and port each request came to).
    #[arg(long, env = "TRIGONAL_SITE_URL")]
    site_url: Option<String>,
    /// Another origin whose pages may change anything here, beside the site's own
    /// (https://friend.example.org); repeat it, or separate them with commas. Default: none.
    #[arg(long, env = "TRIGONAL_ALLOWED_ORIGIN", value_delimiter = ',')]
    allowed_origin: Vec<trigonal_server::Origin>,
    /// Let browsers' push services be reached over plain http:// (a push service on a private
    /// network or on this machine); by default only https://.
    #[arg(long, env = "TRIGONAL_PUSH_OVER_HTTP")]
    push_over_http: bool,
}

#[derive(Args, Debug)]
pub struct WorkerArgs {
    /// Where the games are: a PostgreSQL URL shared with the `serve` processes (or a SQLite file).
    #[arg(long, env = "TRIGONAL_DB")]
    db: String,
    /// Computer searches run at once (default: one per core).
    #[arg(long, env = "TRIGONAL_THREADS")]
    threads: Option<usize>,
    /// Serve /metrics, /healthz and /readyz on this address (default: nothing is served).
    #[arg(long, env = "TRIGONAL_METRICS_ADDR")]
    metrics_addr: Option<SocketAddr>,
    /// How log lines are written to standard error: text or json (one object a line).
    #[arg(long, env = "TRIGONAL_LOG_FORMAT", default_value = "text")]
    log_format: LogFormat,
    /// The computer's time on each position of a game's analysis, in milliseconds.
    #[arg(long, env = "TRIGONAL_ANALYSIS_MS", default_value_t = trigonal_server::Limits::default().analysis_budget.as_millis() as u64)]
    analysis_ms: u64,
}

pub fn serve(args: &ServeArgs) -> Result<()> {
    let site = match &args.site_url {
        Some(url) => Some(
            url.parse::<trigonal_server::Origin>()
                .map_err(|e| anyhow::anyhow!("--site-url: {e}"))?,
        ),
        None => None,
    };
    let computer = if args.no_computer {
        0
    } else {
        args.threads.unwrap_or_else(trigonal_server::cores)
    };
    trigonal_server::serve_blocking(
        trigonal_server::Config {
            addr: args.addr,
            db: args.db.clone(),
            games_per_minute: args.games_per_minute,
            computer,
            limits: trigonal_server::Limits {
                connections: args.max_connections,
                grace: std::time::Duration::from_secs(args.shutdown_grace),
                analysis_budget: std::time::Duration::from_millis(args.analysis_ms),
                ..trigonal_server::Limits::default()
            },
            trust_proxy: args.trust_proxy.clone(),
            metrics_addr: args.metrics_addr,
            mail: args.smtp.as_ref().map(|smtp| trigonal_server::MailConfig {
                smtp: smtp.clone(),
                from: args.mail_from.clone(),
                site: args.site_url.clone().unwrap_or_default(),
            }),
            push: trigonal_server::PushConfig {
                contact: args
                    .site_url
                    .clone()
                    .unwrap_or_else(|| trigonal_server::PushConfig::default().contact),
                over_http: args.push_over_http,
            },
            origins: trigonal_server::Origins {
                site,
                allowed: args.allowed_origin.clone(),
            },
            refused_names: match &args.refused_names {
                Some(path) => {
                    trigonal_server::RefusedNames::from_file(path).map_err(anyhow::Error::msg)?
                }
                None => trigonal_server::RefusedNames::default(),
            },
        },
        args.log_format,
    )?;
    Ok(())
}

pub fn work(args: &WorkerArgs) -> Result<()> {
    let threads = args.threads.unwrap_or_else(trigonal_server::cores);
    anyhow::ensure!(threads > 0, "--threads must be at least 1");
    trigonal_server::work_blocking(
        &args.db,
        threads,
        args.metrics_addr,
        args.log_format,
        std::time::Duration::from_millis(args.analysis_ms),
    )?;
    Ok(())
}
