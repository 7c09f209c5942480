//! Backups of a store, and restoring one into an empty store ([`backup`], [`restore`]).
//!
//! SQLite: a consistent copy made with SQLite's online backup API while a server writes, checked
//! with `PRAGMA integrity_check`, a single file (no WAL beside it) ([`sqlite`]). PostgreSQL: a
//! `pg_dump` custom archive, restored with `pg_restore`; both are run as child processes
//! ([`postgres`]).
//!
//! A failure leaves nothing at the destination: a backup is written beside it and renamed into
//! place once complete (never over an existing file); a restore goes only into an empty store, in
//! one transaction.

mod postgres;
mod sqlite;

use std::ffi::OsString;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use tempfile::TempPath;

use crate::StoreError;

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
        Where::Postgres(url) => postgres::backup(&url, out).await,
        Where::File(path) => {
            let out = out.to_path_buf();
            blocking(move || sqlite::backup(&path, &out, sqlite::PAGES_PER_STEP)).await
        }
    }
}

/// Restores the backup `input` into the store `location`, which must be empty: a SQLite file
/// that does not exist yet (or holds no data), or a PostgreSQL database with none of Trigonal's
/// tables. Then opens it as [`crate::open`] does, running the migrations an older backup lacks.
pub async fn restore(input: &Path, location: &str) -> Result<BackupReport, StoreError> {
    match where_is(location)? {
        Where::Postgres(url) => postgres::restore(input, &url).await,
        Where::File(path) => {
            let (src, dst) = (input.to_path_buf(), path.clone());
            let report = blocking(move || sqlite::restore(&src, &dst)).await?;
            opened(input, location).await?;
            blocking(move || sqlite::checkpoint(&path)).await?;
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

/// The first bytes of the file at `path`, as many as a SQLite header (fewer if it is shorter):
/// enough to tell the two kinds of backup apart.
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
