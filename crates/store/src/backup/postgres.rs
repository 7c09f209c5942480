//! The PostgreSQL backup and restore: `pg_dump` and `pg_restore`, run as child processes (the
//! newest installed, which can dump and restore every older server). The games counted
//! share pg_dump's snapshot; a restore goes only into a database with none of Trigonal's tables,
//! in one transaction. The password never goes on their command line, where anyone on the
//! machine could read it: it goes in their environment.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use super::{blocking, head, opened, BackupReport, Partial, PG_ARCHIVE, SQLITE_FILE};
use crate::postgres::describe;
use crate::StoreError;

/// Where a PostgreSQL URL points, without user or password (for messages).
fn place(config: &tokio_postgres::Config) -> String {
    let host = match config.get_hosts().first() {
        Some(tokio_postgres::config::Host::Tcp(h)) => h.clone(),
        #[cfg(unix)]
        Some(tokio_postgres::config::Host::Unix(p)) => p.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    format!(
        "PostgreSQL at {host}:{port}/{}",
        config.get_dbname().unwrap_or("")
    )
}

/// A connection to `url`, and where it points (for messages).
async fn connect(url: &str) -> Result<(tokio_postgres::Client, String), StoreError> {
    let mut config: tokio_postgres::Config = url
        .parse()
        .map_err(|e| StoreError::BadLocation(format!("--db: not a PostgreSQL URL: {e}")))?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(Duration::from_secs(5));
    }
    let place = place(&config);
    let (client, connection) = config
        .connect(tokio_postgres::NoTls)
        .await
        .map_err(|e| StoreError::Unavailable(format!("cannot reach {place}: {}", describe(&e))))?;
    tokio::spawn(connection);
    Ok((client, place))
}

fn pg(place: &str, e: &tokio_postgres::Error) -> StoreError {
    StoreError::Database(format!("{place}: {}", describe(e)))
}

/// The backup: `pg_dump` of `url` into a file beside `out`, moved to `out`.
pub(super) async fn backup(url: &str, out: &Path) -> Result<BackupReport, StoreError> {
    let (client, place) = connect(url).await?;
    // A snapshot shared with pg_dump: the games counted are the games dumped.
    client
        .batch_execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        .await
        .map_err(|e| pg(&place, &e))?;
    let row = client
        .query_one(
            "SELECT pg_export_snapshot(), to_regclass('trigonal_schema') IS NOT NULL",
            &[],
        )
        .await
        .map_err(|e| pg(&place, &e))?;
    let (snapshot, trigonal): (String, bool) = (row.get(0), row.get(1));
    if !trigonal {
        return Err(StoreError::Backup(format!(
            "{place} is not a Trigonal database (it has no trigonal_schema table)"
        )));
    }
    let games: i64 = client
        .query_one("SELECT count(*) FROM games", &[])
        .await
        .map_err(|e| pg(&place, &e))?
        .get(0);
    let out = out.to_path_buf();
    let url = url.to_string();
    let bytes = blocking(move || {
        let tool = pg_tool("pg_dump")?;
        let part = Partial::beside(&out)?;
        let (url, password) = without_password(&url);
        let mut file = OsString::from("--file=");
        file.push(part.path());
        run(
            &tool,
            &[
                "--format=custom".into(),
                "--no-owner".into(),
                "--no-password".into(),
                format!("--snapshot={snapshot}").into(),
                file,
                format!("--dbname={url}").into(),
            ],
            password.as_deref(),
        )?;
        part.place(&out)
    })
    .await?;
    // The snapshot was needed until pg_dump had its own.
    let _ = client.batch_execute("COMMIT").await;
    Ok(BackupReport {
        kind: "postgresql",
        bytes,
        games: games as u64,
    })
}

/// The restore: `pg_restore` of the archive `input` into the empty database `url`, in one
/// transaction, then migrated.
pub(super) async fn restore(input: &Path, url: &str) -> Result<BackupReport, StoreError> {
    let bytes = match std::fs::metadata(input) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(StoreError::Backup(format!(
                "no backup at {}",
                input.display()
            )))
        }
        Err(e) => {
            return Err(StoreError::Backup(format!(
                "cannot read {}: {e}",
                input.display()
            )))
        }
        Ok(m) => m.len(),
    };
    let start = head(input);
    if start.starts_with(SQLITE_FILE) {
        return Err(StoreError::Backup(format!(
            "{} is a SQLite backup: restore it into a SQLite file, not a postgres:// URL",
            input.display()
        )));
    }
    if !start.starts_with(PG_ARCHIVE) {
        return Err(StoreError::Backup(format!(
            "{} is not a pg_dump custom archive (pg_dump --format=custom, as trigonal backup writes)",
            input.display()
        )));
    }
    let tool = blocking(|| pg_tool("pg_restore")).await?;
    let listed = {
        let (tool, input) = (tool.clone(), input.to_path_buf());
        blocking(move || run(&tool, &["--list".into(), input.into_os_string()], None)).await?
    };
    let has_schema = listed.lines().any(|l| {
        let words: Vec<&str> = l.split_whitespace().collect();
        words
            .windows(3)
            .any(|w| w[0] == "TABLE" && w[2] == "trigonal_schema")
    });
    if !has_schema {
        return Err(StoreError::Backup(format!(
            "{} is a pg_dump archive, but not of a Trigonal database (it has no trigonal_schema table)",
            input.display()
        )));
    }
    let (client, place) = connect(url).await?;
    let row = client
        .query_one(
            "SELECT to_regclass('trigonal_schema') IS NOT NULL, to_regclass('games') IS NOT NULL",
            &[],
        )
        .await
        .map_err(|e| pg(&place, &e))?;
    if row.get::<_, bool>(0) || row.get::<_, bool>(1) {
        let games: i64 = if row.get(1) {
            client
                .query_one("SELECT count(*) FROM games", &[])
                .await
                .map_err(|e| pg(&place, &e))?
                .get(0)
        } else {
            0
        };
        return Err(StoreError::Backup(format!(
            "{place} already holds Trigonal's tables ({games} game{}): restore only into a new, \
             empty database (createdb)",
            if games == 1 { "" } else { "s" }
        )));
    }
    {
        let (url, input) = (url.to_string(), input.to_path_buf());
        blocking(move || {
            let (url, password) = without_password(&url);
            run(
                &tool,
                &[
                    "--no-owner".into(),
                    "--no-password".into(),
                    "--exit-on-error".into(),
                    "--single-transaction".into(),
                    format!("--dbname={url}").into(),
                    input.into_os_string(),
                ],
                password.as_deref(),
            )
            .map_err(|e| StoreError::Backup(format!("{e}; nothing was restored")))
        })
        .await?;
    }
    opened(input, url).await?;
    let games: i64 = client
        .query_one("SELECT count(*) FROM games", &[])
        .await
        .map_err(|e| pg(&place, &e))?
        .get(0);
    Ok(BackupReport {
        kind: "postgresql",
        bytes,
        games: games as u64,
    })
}

/// The newest `name` (`pg_dump`, `pg_restore`) installed, on `PATH` or in
/// `/usr/lib/postgresql/*/bin` (where Debian and Ubuntu keep each version's): the newest can
/// dump and restore every older server.
fn pg_tool(name: &str) -> Result<PathBuf, StoreError> {
    let mut candidates: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join(name)).collect())
        .unwrap_or_default();
    if let Ok(versions) = std::fs::read_dir("/usr/lib/postgresql") {
        let mut dirs: Vec<PathBuf> = versions.flatten().map(|d| d.path()).collect();
        dirs.sort();
        candidates.extend(dirs.into_iter().map(|d| d.join("bin").join(name)));
    }
    candidates
        .into_iter()
        .filter(|p| p.is_file())
        .filter_map(|p| Some((tool_version(&p)?, p)))
        // The first of the newest: PATH's when it is as new as any.
        .rev()
        .max_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, p)| p)
        .ok_or_else(|| {
            StoreError::Backup(format!(
                "{name} is not installed (looked on PATH and in /usr/lib/postgresql/*/bin): \
                 install PostgreSQL's client programs (e.g. apt-get install postgresql-client)"
            ))
        })
}

/// The version `tool --version` prints (`pg_dump (PostgreSQL) 15.8 (Debian …)` → `[15, 8]`).
fn tool_version(tool: &Path) -> Option<Vec<u32>> {
    let out = Command::new(tool)
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    parse_version(&String::from_utf8_lossy(&out.stdout))
}

fn parse_version(text: &str) -> Option<Vec<u32>> {
    let version = text.split(')').nth(1)?.split_whitespace().next()?;
    let numbers: Vec<u32> = version
        .split('.')
        .map_while(|n| {
            let digits: String = n.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect();
    (!numbers.is_empty()).then_some(numbers)
}

/// Runs `tool` with `args` (and `password` as `PGPASSWORD`); its standard output, or its
/// standard error on one line when it fails.
fn run(tool: &Path, args: &[OsString], password: Option<&str>) -> Result<String, StoreError> {
    let name = tool.file_name().map_or_else(
        || tool.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    let mut command = Command::new(tool);
    command.args(args).stdin(Stdio::null());
    if let Some(password) = password {
        command.env("PGPASSWORD", password);
    }
    let out = command
        .output()
        .map_err(|e| StoreError::Backup(format!("cannot run {}: {e}", tool.display())))?;
    if !out.status.success() {
        let said: Vec<String> = String::from_utf8_lossy(&out.stderr)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect();
        return Err(StoreError::Backup(format!(
            "{name} failed ({}): {}",
            out.status,
            said.join(" / ")
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `url` without its password, and the password: given to pg_dump and pg_restore in their
/// environment, not on their command line, where anyone on the machine could read it. `url` as
/// it is when it has no password, or none that can be taken out of it.
fn without_password(url: &str) -> (String, Option<String>) {
    let unchanged = || (url.to_string(), None);
    // Read as the connection read it, which is as libpq does (several hosts, a socket folder in
    // `?host=`); the password comes decoded.
    let Ok(config) = url.parse::<tokio_postgres::Config>() else {
        return unchanged();
    };
    let Some(password) = config
        .get_password()
        .and_then(|p| String::from_utf8(p.to_vec()).ok())
    else {
        return unchanged();
    };
    // That reading finds the password between the user's `:` and the first `@`.
    let Some(cut) = url.split_once("://").and_then(|(scheme, rest)| {
        let (credentials, after) = rest.split_once('@')?;
        let (user, _) = credentials.split_once(':')?;
        Some(format!("{scheme}://{user}@{after}"))
    }) else {
        return unchanged();
    };
    // Sure of the cut: what is left reads as the same connection, but for the password.
    let same = cut
        .parse::<tokio_postgres::Config>()
        .is_ok_and(|mut c| *c.password(&password) == config);
    if !same {
        return unchanged();
    }
    (cut, Some(password))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_leaves_the_url_for_the_environment() {
        assert_eq!(
            without_password("postgres://u:p%40ss%2Fw@db.example:5433/trigonal?sslmode=disable"),
            (
                "postgres://u@db.example:5433/trigonal?sslmode=disable".to_string(),
                Some("p@ss/w".to_string())
            )
        );
        assert_eq!(
            without_password("postgresql://u@h/db"),
            ("postgresql://u@h/db".to_string(), None)
        );
        assert_eq!(
            without_password("postgres://h/db"),
            ("postgres://h/db".to_string(), None)
        );
        // libpq's own forms: several hosts, and a socket folder with no host before the path.
        assert_eq!(
            without_password("postgres://u:s%3Acret@h1:5432,h2:5433/db"),
            (
                "postgres://u@h1:5432,h2:5433/db".to_string(),
                Some("s:cret".to_string())
            )
        );
        assert_eq!(
            without_password("postgresql://u:pw@/trigonal?host=%2Frun%2Fpostgresql"),
            (
                "postgresql://u@/trigonal?host=%2Frun%2Fpostgresql".to_string(),
                Some("pw".to_string())
            )
        );
    }

    #[test]
    fn tool_versions_compare_as_numbers() {
        let v = |s| parse_version(s).unwrap();
        assert_eq!(
            v("pg_dump (PostgreSQL) 15.8 (Debian 15.8-0+deb12u1)\n"),
            [15, 8]
        );
        assert_eq!(v("pg_dump (PostgreSQL) 16beta1"), [16]);
        assert!(v("pg_dump (PostgreSQL) 9.6.24") < v("pg_dump (PostgreSQL) 15.8"));
        assert_eq!(parse_version("something else"), None);
    }
}
