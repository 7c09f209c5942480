//! The SQLite backup and restore: a copy made with SQLite's online backup API in one read
//! transaction (so a server's writes neither stop nor restart it), checked with
//! `PRAGMA integrity_check`, in rollback mode so that it is one file; restored only into a new
//! file or an empty store.

use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, ErrorCode, OpenFlags};

use super::{head, BackupReport, Partial, PG_ARCHIVE};
use crate::StoreError;

/// Pages a step of the copy (1 MiB of 4 KiB pages): the backup's share of the disk comes in
/// bursts with pauses between them.
pub(super) const PAGES_PER_STEP: i32 = 256;

/// The pause between steps.
const PAUSE: Duration = Duration::from_millis(5);

/// How long a copy waits for a database another connection keeps locked before giving up.
const BUSY_LIMIT: Duration = Duration::from_secs(30);

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

/// The backup: `path` copied, `pages` a step, into a checked file beside `out`, then moved to
/// `out`.
pub(super) fn backup(path: &Path, out: &Path, pages: i32) -> Result<BackupReport, StoreError> {
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

/// The restore: the backup `input`, checked, copied into the empty store `target` in one
/// transaction.
pub(super) fn restore(input: &Path, target: &Path) -> Result<BackupReport, StoreError> {
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
        // The shipped puzzle sets, stored by every server at start and not yet attempted, are
        // no one's data: a store that was only served holds them.
        let only_theirs = if table == "puzzles" {
            " WHERE owner IS NOT NULL OR attempts > 0"
        } else {
            ""
        };
        let held: bool = conn
            .query_row(
                &format!(
                    "SELECT EXISTS (SELECT 1 FROM \"{}\"{only_theirs})",
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

/// Moves what the migrations of a restored store wrote into its main file: the restored store is
/// one file again, as a backup is.
pub(super) fn checkpoint(path: &Path) -> Result<(), StoreError> {
    let c = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
    c.busy_timeout(Duration::from_secs(10))?;
    c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::blocking;
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
        let report =
            tokio::time::timeout(Duration::from_secs(60), blocking(move || backup(&p, &o, 1)))
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
        let report = crate::backup(live.to_str().unwrap(), &out).await.unwrap();
        assert_eq!((report.kind, report.games), ("sqlite", 3));
        let again = crate::backup(live.to_str().unwrap(), &out)
            .await
            .unwrap_err();
        assert!(again.to_string().contains("exists"), "{again}");

        let target = dir.path().join("new.db");
        let report = crate::restore(&out, target.to_str().unwrap())
            .await
            .unwrap();
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
        let twice = crate::restore(&out, target.to_str().unwrap())
            .await
            .unwrap_err();
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
        let e = crate::backup(other.to_str().unwrap(), &out)
            .await
            .unwrap_err();
        assert!(e.to_string().contains("not a Trigonal database"), "{e}");
        let target = dir.path().join("t.db");
        let e = crate::restore(&other, target.to_str().unwrap())
            .await
            .unwrap_err();
        assert!(e.to_string().contains("not a Trigonal database"), "{e}");
        // Nothing was written, not even a partial file.
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["other.db"]);
    }
}
