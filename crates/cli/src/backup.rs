//! `trigonal backup` and `trigonal restore`: a store copied while it serves (a SQLite file to a
//! checked copy, a PostgreSQL database to a `pg_dump` archive), and a backup put into an empty
//! store. The work is `trigonal_store::backup` and `trigonal_store::restore`; this prints what
//! was done in one line.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use trigonal_store::BackupReport;

#[derive(Args, Debug)]
pub struct BackupArgs {
    /// The store to back up: a SQLite file or a PostgreSQL URL. Servers may go on using it.
    // `hide_env_values`: a URL may hold a password, which `--help` must not print.
    #[arg(long, env = "TRIGONAL_DB", hide_env_values = true)]
    db: String,
    /// The backup to write; it must not exist. For SQLite a SQLite file, for PostgreSQL a
    /// pg_dump custom archive (pg_dump must be installed).
    #[arg(value_name = "OUT")]
    out: PathBuf,
}

#[derive(Args, Debug)]
pub struct RestoreArgs {
    /// The backup, as `trigonal backup` wrote it.
    #[arg(value_name = "IN")]
    input: PathBuf,
    /// The store to restore into, which must be empty: a new SQLite file (or one that holds no
    /// data), or a PostgreSQL database without Trigonal's tables (pg_restore must be installed).
    #[arg(long, env = "TRIGONAL_DB", hide_env_values = true)]
    db: String,
}

pub fn backup(args: &BackupArgs) -> Result<()> {
    let report = runtime()?.block_on(trigonal_store::backup(&args.db, &args.out))?;
    let how = match report.kind {
        "sqlite" => "a SQLite file, integrity checked",
        _ => "a pg_dump custom archive",
    };
    println!(
        "backed up {} to {} ({}, {how})",
        games(&report),
        args.out.display(),
        size(report.bytes)
    );
    Ok(())
}

pub fn restore(args: &RestoreArgs) -> Result<()> {
    let report = runtime()?.block_on(trigonal_store::restore(&args.input, &args.db))?;
    println!(
        "restored {} from {} ({})",
        games(&report),
        args.input.display(),
        size(report.bytes)
    );
    Ok(())
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?)
}

fn games(report: &BackupReport) -> String {
    match report.games {
        1 => "1 game".into(),
        n => format!("{n} games"),
    }
}

/// `bytes` for people: `812 bytes`, `48.0 KiB`, `3.2 MiB`, `1.5 GiB`.
fn size(bytes: u64) -> String {
    let mut value = bytes as f64;
    for unit in ["bytes", "KiB", "MiB", "GiB"] {
        if value < 1024.0 || unit == "GiB" {
            return if unit == "bytes" {
                format!("{bytes} bytes")
            } else {
                format!("{value:.1} {unit}")
            };
        }
        value /= 1024.0;
    }
    unreachable!("the loop returns at GiB")
}

#[cfg(test)]
mod tests {
    use super::size;

    #[test]
    fn sizes_read_in_their_unit() {
        assert_eq!(size(812), "812 bytes");
        assert_eq!(size(48 * 1024), "48.0 KiB");
        assert_eq!(size(3 * 1024 * 1024 + 200 * 1024), "3.2 MiB");
        assert_eq!(size(3 << 40), "3072.0 GiB");
    }
}
