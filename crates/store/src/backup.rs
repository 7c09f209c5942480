//! Backups of a store, and restoring one into an empty store ([`backup`], [`restore`]).
//!
//! SQLite: a consistent copy made with SQLite's online backup API while a server writes, checked
//! with `PRAGMA integrity_check`, a single file (no WAL beside it). PostgreSQL: a `pg_dump`
//! custom archive, restored with `pg_restore`; both are run as child processes.
//!
//! A failure leaves nothing at the destination: a backup is written beside it and renamed into
//! place once complete (never over an existing file); a restore goes only into an empty store, in
//! one transaction.

use std::ffi::OsString;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, ErrorCode, OpenFlags};
use tempfile::TempPath;

use crate::StoreError;

/// Pages a step of the SQLite copy (1 MiB of 4 KiB pages): the backup's share of the disk comes
/// in bursts with pauses between them.
const PAGES_PER_STEP: i32 = 256;

/// The pause between steps.
const PAUSE: Duration = Duration::from_millis(5);

/// How long a copy waits for a database another connection keeps locked before giving up.
const BUSY_LIMIT: Duration = Duration::from_secs(30);

/// What a backup wrote, or what a restore read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupReport {
    /// `"sqlite"` or `"postgresql"`.
    pub kind: &'static str,
    /// The size of the backup file, in bytes.
    pub bytes: u64,
    /// The games in the backup.
    pub games: u64,
}

/// Backs up the store `location` (a SQLite file or a `postgres://` URL) into the new file `out`,
/// while servers go on using the store. SQLite: a checked copy of the file as of one moment;
/// PostgreSQL: a `pg_dump` custom archive. Refuses a missing store, a database that is not
/// Trigonal's, and an `out` that exists; on any failure nothing is left at `out`.
pub async fn backup(location: &str, out: &Path) -> Result<BackupReport, StoreError> {
    refuse_existing(out)?;
    match where_is(location)? {
        Where::Postgres(url) => pg_backup(&url, out).await,
        Where::File(path) => {
            let out = out.to_path_buf();
            blocking(move || sqlite_backup(&path, &out, PAGES_PER_STEP)).await
        }
    }
}

/// Restores the backup `input` into the store `location`, which must be empty: a SQLite file
/// that does not exist yet (or holds no data), or a PostgreSQL database with none of Trigonal's
/// tables. Then opens it as [`crate::open`] does, running the migrations an older backup lacks.
pub async fn restore(input: &Path, location: &str) -> Result<BackupReport, StoreError> {
    match where_is(location)? {
        Where::Postgres(url) => pg_restore(input, &url).await,
        Where::File(path) => {
            let (src, dst) = (input.to_path_buf(), path.clone());
            let report = blocking(move || sqlite_restore(&src, &dst)).await?;
            opened(input, location).await?;
            // Into the main file: the restored store is one file again, as a backup is.
            blocking(move || {
                let c = Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
                c.busy_timeout(Duration::from_secs(10))?;
                c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
                Ok(())
            })
            .await?;
            Ok(report)
        }
    }
}

/// A store's place, as `--db` gives it.
enum Where {
    Postgres(String),
    File(PathBuf),
}

/// Reads `location` as [`crate::open`] does.
fn where_is(location: &str) -> Result<Where, StoreError> {
    if location.starts_with("postgres://") || location.starts_with("postgresql://") {
        return Ok(Where::Postgres(location.to_string()));
    }
    if let Some((scheme, _)) = location.split_once("://") {
        return Err(StoreError::BadLocation(format!(
            "--db {location:?}: unknown scheme {scheme:?}; give a SQLite file path or a postgres:// URL"
        )));
    }
    Ok(Where::File(PathBuf::from(location)))
}

/// Runs blocking work off the async threads.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| StoreError::Task(e.to_string()))?
}

/// Opens the restored store `location`, which runs its migrations.
async fn opened(input: &Path, location: &str) -> Result<(), StoreError> {
    match crate::open(location).await {
        Ok(_) => Ok(()),
        // The data is in place and sound; only this build is too old to serve it.
        Err(StoreError::TooNew { found, known, .. }) => Err(StoreError::Backup(format!(
            "restored {}, but it has schema version {found}, newer than this trigonal knows \
             ({known}): serve it with a newer trigonal",
            input.display()
        ))),
        Err(e) => Err(e),
    }
}

fn refuse_existing(out: &Path) -> Result<(), StoreError> {
    if out.symlink_metadata().is_ok() {
        return Err(exists(out));
    }
    Ok(())
}

fn exists(out: &Path) -> StoreError {
    StoreError::Backup(format!(
        "{} exists: a backup never replaces a file; remove it or choose another name",
        out.display()
    ))
}

/// A file being written beside its destination; removed (with any SQLite journal beside it)
/// unless [`Partial::place`] moved it there.
struct Partial(Option<TempPath>);

impl Partial {
    fn beside(out: &Path) -> Result<Partial, StoreError> {
        let dir = folder_of(out);
        let mut prefix = OsString::from(".");
        prefix.push(out.file_name().unwrap_or("backup".as_ref()));
        prefix.push(".");
        // Readable by its owner only (tempfile's default): a backup holds password hashes.
        tempfile::Builder::new()
            .prefix(&prefix)
            .suffix(".partial")
            .tempfile_in(dir)
            .map(|f| Partial(Some(f.into_temp_path())))
            .map_err(|e| StoreError::Backup(format!("cannot write in {}: {e}", dir.display())))
    }

    fn path(&self) -> &Path {
        self.0.as_deref().expect("not yet placed")
    }

    /// Syncs the file to disk and moves it to `out`, unless something is there by now; its size.
    fn place(mut self, out: &Path) -> Result<u64, StoreError> {
        let io =
            |e: std::io::Error| StoreError::Backup(format!("cannot write {}: {e}", out.display()));
        let file = std::fs::File::open(self.path()).map_err(io)?;
        file.sync_all().map_err(io)?;
        let bytes = file.metadata().map_err(io)?.len();
        drop(file);
        let path = self.0.take().expect("not yet placed");
        path.persist_noclobber(out).map_err(|e| {
            if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                exists(out)
            } else {
                io(e.error)
            }
        })?;
        // Best effort: the rename is on disk once the folder is; some file systems cannot sync
        // a folder.
        if let Ok(dir) = std::fs::File::open(folder_of(out)) {
            let _ = dir.sync_all();
        }
        Ok(bytes)
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        // The file itself goes with its `TempPath`.
        if let Some(path) = &self.0 {
            for side in ["-journal", "-wal", "-shm"] {
                let mut name = path.as_os_str().to_os_string();
                name.push(side);
                let _ = std::fs::remove_file(name);
            }
        }
    }
}

/// The folder `path` is in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The first bytes of the file at `path`, as many as a SQLite header (fewer if it is shorter).
fn head(path: &Path) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(100);
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(100).read_to_end(&mut bytes);
    }
    bytes
}

/// What a pg_dump custom archive starts with.
const PG_ARCHIVE: &[u8] = b"PGDMP";

/// What a SQLite database starts with.
const SQLITE_FILE: &[u8] = b"SQLite format 3\0";

// ---- SQLite ----

/// `e`, said of the SQLite file at `path`.
fn sql(path: &Path, e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => {
            StoreError::Backup(format!("{} is not a SQLite database", path.display()))
        }
        _ => StoreError::Database(format!("{}: {e}", path.display())),
    }
}

/// A read-only connection to the existing SQLite file `path` (a `what`), which is not created if
/// missing.
fn open_existing(path: &Path, what: &str) -> Result<Connection, StoreError> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(StoreError::Backup(format!(
                "no {what} at {}",
                path.display()
            )));
        }
        Err(e) => {
            return Err(StoreError::Backup(format!(
                "cannot read {}: {e}",
                path.display()
            )))
        }
        Ok(m) if m.is_dir() => {
            return Err(StoreError::Backup(format!(
                "{} is a folder, not a {what}",
                path.display()
            )))
        }
        Ok(_) => {}
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| sql(path, e))?;
    conn.busy_timeout(Duration::from_secs(10))
        .map_err(|e| sql(path, e))?;
    Ok(conn)
}

/// Refuses a database that is not a Trigonal store (migrated at least once: it has the games).
fn check_trigonal(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(|e| sql(path, e))?;
    let games: bool = conn
        .query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games')",
            [],
            |r| r.get(0),
        )
        .map_err(|e| sql(path, e))?;
    if version < 1 || !games {
        return Err(StoreError::Backup(format!(
            "{} is not a Trigonal database (it has no games table)",
            path.display()
        )));
    }
    Ok(())
}

fn count_games(conn: &Connection, path: &Path) -> Result<u64, StoreError> {
    conn.query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0))
        .map(|n| n as u64)
        .map_err(|e| sql(path, e))
}

/// `PRAGMA integrity_check` of `conn`, `what` in its error.
fn check_integrity(conn: &Connection, what: &str) -> Result<(), StoreError> {
    let found = conn
        .prepare("PRAGMA integrity_check")
        .and_then(|mut s| {
            s.query_map([], |r| r.get::<_, String>(0))?
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| StoreError::Database(format!("{what}: {e}")))?;
    if found != ["ok"] {
        let first: Vec<&str> = found.iter().take(3).map(String::as_str).collect();
        return Err(StoreError::Damaged(format!(
            "{what} fails SQLite's integrity check: {}",
            first.join("; ")
        )));
    }
    Ok(())
}

/// Copies `src` into `dst` with SQLite's online backup API, `pages` a step (-1: all in one).
fn copy(src: &Connection, dst: &mut Connection, pages: i32) -> rusqlite::Result<()> {
    let wal = src
        .query_row("PRAGMA journal_mode", [], |r| r.get::<_, String>(0))?
        .eq_ignore_ascii_case("wal");
    if wal {
        // One read transaction over every step: in WAL mode it sees the file as of one moment
        // without holding up the server's writes, so the copy never starts over because of
        // them (the backup API restarts when another connection changes what it has not read).
        src.execute_batch("BEGIN")?;
        src.query_row("SELECT count(*) FROM sqlite_master", [], |_| Ok(()))?;
    }
    let copied = (|| {
        let backup = Backup::new(src, dst)?;
        let mut busy_since = None;
        loop {
            match backup.step(pages)? {
                StepResult::Done => return Ok(()),
                StepResult::More => busy_since = None,
                _ => {
                    // Busy or locked by another connection for a moment: wait, within reason.
                    let since = *busy_since.get_or_insert_with(Instant::now);
                    if since.elapsed() > BUSY_LIMIT {
                        return Err(rusqlite::Error::SqliteFailure(
                            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
                            Some(format!("locked by another connection for {BUSY_LIMIT:?}")),
                        ));
                    }
                }
            }
            std::thread::sleep(PAUSE);
        }
    })();
    if wal {
        let _ = src.execute_batch("COMMIT");
    }
    copied
}

/// The SQLite backup: `path` copied, `pages` a step, into a checked file beside `out`, then
/// moved to `out`.
fn sqlite_backup(path: &Path, out: &Path, pages: i32) -> Result<BackupReport, StoreError> {
    let src = open_existing(path, "database")?;
    check_trigonal(&src, path)?;
    let part = Partial::beside(out)?;
    let copy_path = part.path().to_path_buf();
    let mut dst = Connection::open(&copy_path).map_err(|e| sql(&copy_path, e))?;
    copy(&src, &mut dst, pages).map_err(|e| sql(path, e))?;
    drop(src);
    // The copy keeps the source's WAL mode in its header: one file in rollback mode instead,
    // so that the backup is all in the file moved into place.
    dst.query_row("PRAGMA journal_mode = DELETE", [], |_| Ok(()))
        .map_err(|e| sql(&copy_path, e))?;
    check_integrity(&dst, &format!("the copy of {}", path.display()))?;
    let games = count_games(&dst, &copy_path)?;
    dst.close().map_err(|(_, e)| sql(&copy_path, e))?;
    let bytes = part.place(out)?;
    Ok(BackupReport {
        kind: "sqlite",
        bytes,
        games,
    })
}

/// The SQLite restore: the backup `input`, checked, copied into the empty store `target` in one
/// transaction.
fn sqlite_restore(input: &Path, target: &Path) -> Result<BackupReport, StoreError> {
    let src = open_existing(input, "backup")?;
    if head(input).starts_with(PG_ARCHIVE) {
        return Err(StoreError::Backup(format!(
            "{} is a PostgreSQL archive (pg_dump): restore it into a postgres:// URL",
            input.display()
        )));
    }
    check_trigonal(&src, input)?;
    check_integrity(&src, &input.display().to_string())?;
    let games = count_games(&src, input)?;
    let bytes = std::fs::metadata(input)
        .map(|m| m.len())
        .map_err(|e| StoreError::Backup(format!("cannot read {}: {e}", input.display())))?;
    let created = target.symlink_metadata().is_err();
    let mut dst = if created {
        Connection::open(target)
            .map_err(|e| StoreError::Backup(format!("cannot create {}: {e}", target.display())))?
    } else {
        open_empty(target)?
    };
    let copied = copy(&src, &mut dst, -1)
        .map_err(|e| sql(target, e))
        .and_then(|()| dst.close().map_err(|(_, e)| sql(target, e)));
    if copied.is_err() && created {
        // Nothing half made is left where there was nothing.
        for side in ["", "-journal", "-wal", "-shm"] {
            let mut name = target.as_os_str().to_os_string();
            name.push(side);
            let _ = std::fs::remove_file(name);
        }
    }
    copied?;
    Ok(BackupReport {
        kind: "sqlite",
        bytes,
        games,
    })
}

/// A connection to the existing SQLite file `target`, if it holds no data (a store no game was
/// ever stored in); refuses anything else.
fn open_empty(target: &Path) -> Result<Connection, StoreError> {
    let refuse = |why: &str| {
        StoreError::Backup(format!(
            "{} {why}: restore only into a new file or an empty store",
            target.display()
        ))
    };
    if target.is_dir() {
        return Err(refuse("is a folder"));
    }
    let conn = Connection::open_with_flags(
        target,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| sql(target, e))?;
    conn.busy_timeout(Duration::from_secs(10))
        .map_err(|e| sql(target, e))?;
    let tables = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .and_then(|mut s| {
            s.query_map([], |r| r.get::<_, String>(0))?
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| match e.sqlite_error_code() {
            Some(ErrorCode::NotADatabase) => refuse("exists and is not a SQLite database"),
            _ => sql(target, e),
        })?;
    for table in &tables {
        let held: bool = conn
            .query_row(
                &format!(
                    "SELECT EXISTS (SELECT 1 FROM \"{}\")",
                    table.replace('"', "\"\"")
                ),
                [],
                |r| r.get(0),
            )
            .map_err(|e| sql(target, e))?;
        if held {
            let games = if tables.iter().any(|t| t == "games") {
                count_games(&conn, target)?
            } else {
                0
            };
            return Err(refuse(&format!(
                "already holds data ({games} game{})",
                if games == 1 { "" } else { "s" }
            )));
        }
    }
    Ok(conn)
}

// ---- PostgreSQL ----

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

/// An error with its causes, on one line.
fn describe(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let more = c.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        cause = c.source();
    }
    text.replace('\n', " ")
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

/// The PostgreSQL backup: `pg_dump` of `url` into a file beside `out`, moved to `out`.
async fn pg_backup(url: &str, out: &Path) -> Result<BackupReport, StoreError> {
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

/// The PostgreSQL restore: `pg_restore` of the archive `input` into the empty database `url`, in
/// one transaction, then migrated.
async fn pg_restore(input: &Path, url: &str) -> Result<BackupReport, StoreError> {
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
/// environment, not on their command line, where anyone on the machine could read it.
fn without_password(url: &str) -> (String, Option<String>) {
    let unchanged = || (url.to_string(), None);
    let Some((scheme, rest)) = url.split_once("://") else {
        return unchanged();
    };
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let Some((userinfo, host)) = authority.rsplit_once('@') else {
        return unchanged();
    };
    let Some((user, password)) = userinfo.split_once(':') else {
        return unchanged();
    };
    let Some(password) = percent_decoded(password) else {
        return unchanged();
    };
    (format!("{scheme}://{user}@{host}{tail}"), Some(password))
}

/// `text` with its `%XX` escapes decoded; `None` when they are not valid UTF-8.
fn percent_decoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{now_ms, Change, Commit, Committed, GameRow, MoveRow, SeatKind, SeatRow};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    fn game(id: &str) -> GameRow {
        let seat = SeatRow {
            kind: SeatKind::Human,
            level: None,
            token_digest: None,
            owner: None,
            keys: Vec::new(),
        };
        GameRow {
            id: id.into(),
            game: "triangoli".into(),
            variant: None,
            players: 2,
            seats: vec![seat.clone(), seat],
            moves: Vec::new(),
            to_move: Some(0),
            version: 0,
            created: now_ms(),
            updated: now_ms(),
            table: Default::default(),
            chat: Vec::new(),
            present: Vec::new(),
            deadline: None,
        }
    }

    fn text(n: usize) -> String {
        // Long moves: the file grows by many pages while it is copied.
        format!("m{n}-{}", "x".repeat(400))
    }

    /// A writer commits moves to many games as fast as it can while the file is copied one page
    /// a step: the copy finishes (it does not start over at every commit), and shows every game
    /// as of one moment — each game's version equal to its moves, and the moves acknowledged
    /// before the copy began all there.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_copy_made_one_page_a_step_under_writes_is_of_one_moment() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("live.db");
        let store = crate::open(path.to_str().unwrap()).await.unwrap();
        let ids: Vec<String> = (0..8).map(|g| format!("g{g}")).collect();
        for id in &ids {
            store.insert_game(game(id), false).await.unwrap();
        }
        let acked = Arc::new(std::sync::Mutex::new(vec![0usize; ids.len()]));
        let stop = Arc::new(AtomicBool::new(false));
        let writer = {
            let (store, ids, acked, stop) = (
                Arc::clone(&store),
                ids.clone(),
                Arc::clone(&acked),
                Arc::clone(&stop),
            );
            tokio::spawn(async move {
                let mut ply = 0;
                while !stop.load(Ordering::Relaxed) {
                    for (g, id) in ids.iter().enumerate() {
                        let done = store
                            .commit(Commit {
                                game: id.clone(),
                                version: ply as i64,
                                change: Change::Move {
                                    ply,
                                    mv: MoveRow {
                                        text: text(ply),
                                        seat: (ply % 2) as u8,
                                        at: now_ms(),
                                    },
                                },
                                to_move: Some(((ply + 1) % 2) as u8),
                                table: Default::default(),
                                deadline: None,
                                computer_due: false,
                                by: None,
                                at: now_ms(),
                                rate: None,
                            })
                            .await
                            .unwrap();
                        assert_eq!(
                            done,
                            Committed::Done {
                                version: ply as i64 + 1
                            }
                        );
                        acked.lock().unwrap()[g] = ply + 1;
                    }
                    ply += 1;
                }
            })
        };
        // Some 150 pages of moves before the copy begins: at a page a step, 150 steps.
        let started = Instant::now();
        while acked.lock().unwrap().iter().sum::<usize>() < 1400 {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the writer is too slow"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let before = acked.lock().unwrap().clone();
        let out = dir.path().join("copy.db");
        let (p, o) = (path.clone(), out.clone());
        // A copy that started over at every commit would never end.
        let report = tokio::time::timeout(
            Duration::from_secs(60),
            blocking(move || sqlite_backup(&p, &o, 1)),
        )
        .await
        .expect("the copy ends while the writer writes")
        .unwrap();
        stop.store(true, Ordering::Relaxed);
        writer.await.unwrap();
        let after = acked.lock().unwrap().clone();
        assert!(
            after.iter().sum::<usize>() > before.iter().sum::<usize>() + ids.len(),
            "the writer went on during the copy: {before:?} → {after:?}"
        );
        assert!(
            report.bytes > 100 * 4096,
            "many steps: {} bytes",
            report.bytes
        );
        assert_eq!(report.games, ids.len() as u64);
        assert!(!dir.path().join("copy.db-wal").exists(), "one file");
        assert_eq!(head(&out).get(18..20), Some(&[1u8, 1][..]), "rollback mode");

        let copy = Connection::open_with_flags(&out, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        for (g, id) in ids.iter().enumerate() {
            let (version, ply, moves): (i64, i64, i64) = copy
                .query_row(
                    "SELECT version, ply, (SELECT count(*) FROM moves WHERE game_id = ?1)
                     FROM games WHERE id = ?1",
                    [id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .unwrap();
            assert_eq!((version, ply), (moves, moves), "game {id} is whole");
            assert!(
                moves as usize >= before[g],
                "game {id}: {moves} < {}",
                before[g]
            );
            assert!(
                moves as usize <= after[g],
                "game {id}: {moves} > {}",
                after[g]
            );
        }
    }

    #[tokio::test]
    async fn a_backup_restored_into_a_new_file_has_every_game_and_refuses_to_go_twice() {
        let dir = tempfile::tempdir().unwrap();
        let live = dir.path().join("live.db");
        let store = crate::open(live.to_str().unwrap()).await.unwrap();
        for g in 0..3 {
            store
                .insert_game(game(&format!("g{g}")), false)
                .await
                .unwrap();
        }
        let out = dir.path().join("b.db");
        let report = backup(live.to_str().unwrap(), &out).await.unwrap();
        assert_eq!((report.kind, report.games), ("sqlite", 3));
        let again = backup(live.to_str().unwrap(), &out).await.unwrap_err();
        assert!(again.to_string().contains("exists"), "{again}");

        let target = dir.path().join("new.db");
        let report = restore(&out, target.to_str().unwrap()).await.unwrap();
        assert_eq!(report.games, 3);
        // One file: whatever the migrations wrote is in it.
        let wal = std::fs::metadata(dir.path().join("new.db-wal")).map_or(0, |m| m.len());
        assert_eq!(wal, 0);
        let restored = crate::open(target.to_str().unwrap()).await.unwrap();
        for g in 0..3 {
            let id = format!("g{g}");
            assert_eq!(
                restored.load_game(&id).await.unwrap(),
                store.load_game(&id).await.unwrap()
            );
        }
        let twice = restore(&out, target.to_str().unwrap()).await.unwrap_err();
        assert!(
            twice.to_string().contains("already holds data (3 games)"),
            "{twice}"
        );
    }

    #[tokio::test]
    async fn a_database_that_is_not_trigonals_is_neither_backed_up_nor_restored() {
        let dir = tempfile::tempdir().unwrap();
        let other = dir.path().join("other.db");
        Connection::open(&other)
            .unwrap()
            .execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hi');")
            .unwrap();
        let out = dir.path().join("b.db");
        let e = backup(other.to_str().unwrap(), &out).await.unwrap_err();
        assert!(e.to_string().contains("not a Trigonal database"), "{e}");
        let target = dir.path().join("t.db");
        let e = restore(&other, target.to_str().unwrap()).await.unwrap_err();
        assert!(e.to_string().contains("not a Trigonal database"), "{e}");
        // Nothing was written, not even a partial file.
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["other.db"]);
    }

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
