//! The SQLite store: the truth about every game. WAL mode, `synchronous = FULL`; schema version
//! in `PRAGMA user_version` with ordered migrations.
//!
//! One connection, owned by one thread, which runs requests in batches: each request in a
//! savepoint of its own (so one request's failure undoes only its own changes), the batch in one
//! transaction, each request answered only after that transaction is committed. A burst of moves
//! from many games thus costs one disk sync, not one each (group commit).
//!
//! The key `(game_id, ply)` of `moves` is what makes "of two submissions at the same ply, exactly
//! one wins" hold, even between processes sharing the file: the second insert fails.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, ErrorCode, OptionalExtension, Savepoint, TransactionBehavior};
use tokio::sync::oneshot;
use trigonal_ai::Level;

use crate::token::TokenDigest;

/// One step of the schema.
enum Migration {
    /// Statements.
    Sql(&'static str),
    /// Work SQL alone cannot do.
    Code(fn(&rusqlite::Transaction<'_>) -> rusqlite::Result<()>),
}

/// The schema, one migration per version: migration `i` takes `user_version` from `i` to `i + 1`.
/// Append new migrations; never edit a released one.
const MIGRATIONS: &[Migration] = &[
    // 1: games, their seats, their moves.
    Migration::Sql(
        "CREATE TABLE games (
        id       TEXT PRIMARY KEY NOT NULL,
        game     TEXT NOT NULL,
        variant  TEXT,
        players  INTEGER NOT NULL,
        ply      INTEGER NOT NULL DEFAULT 0,  -- moves played
        to_move  INTEGER,                     -- seat to move; NULL once over
        created  INTEGER NOT NULL,            -- unix milliseconds
        updated  INTEGER NOT NULL
    );
    CREATE INDEX games_by_created ON games (created);
    CREATE TABLE seats (
        game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        kind     TEXT NOT NULL,               -- human | open | ai | record
        level    TEXT,                        -- for ai seats
        token    TEXT,                        -- the secret of the person in the seat
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID;
    CREATE TABLE moves (
        game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,
        move     TEXT NOT NULL,               -- canonical notation
        seat     INTEGER NOT NULL,            -- who played it
        at       INTEGER NOT NULL,            -- unix milliseconds
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID;",
    ),
    // 2: seat tokens are kept only as digests (see `TokenDigest`).
    Migration::Code(digest_tokens),
];

/// Migration 2: replaces every stored seat token by its digest, in a column named for it.
fn digest_tokens(tx: &rusqlite::Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch("ALTER TABLE seats RENAME COLUMN token TO token_digest")?;
    let tokens = tx
        .prepare("SELECT game_id, seat, token_digest FROM seats WHERE token_digest IS NOT NULL")?
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut update =
        tx.prepare("UPDATE seats SET token_digest = ?3 WHERE game_id = ?1 AND seat = ?2")?;
    for (game, seat, token) in tokens {
        update.execute(params![game, seat, TokenDigest::of(&token).as_str()])?;
    }
    Ok(())
}

/// A failure of the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite said no.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The file was written by a newer Trigonal, whose schema this one does not know.
    #[error("the database {path} has schema version {found}, newer than this Trigonal knows ({known}); use a newer trigonal")]
    TooNew {
        /// The database file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
        /// The newest version this build knows.
        known: usize,
    },
    /// A stored value this build cannot read.
    #[error("stored data is damaged: {0}")]
    Damaged(String),
    /// The database thread is gone or dropped the request.
    #[error("database thread failed: {0}")]
    Task(String),
    /// The batch the request was in could not be started or committed.
    #[error("database commit failed: {0}")]
    Commit(String),
}

/// What sits in a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person the creator knows; the creator got the token.
    Human,
    /// Waiting for anyone to join from the lobby; a `Human` seat once someone joins.
    Open,
    /// The computer.
    Ai,
    /// A seat of an uploaded record: nobody plays it.
    Record,
}

impl SeatKind {
    /// The name used in the database and the API.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Open => "open",
            SeatKind::Ai => "ai",
            SeatKind::Record => "record",
        }
    }
}

impl FromStr for SeatKind {
    type Err = String;
    fn from_str(s: &str) -> Result<SeatKind, String> {
        [
            SeatKind::Human,
            SeatKind::Open,
            SeatKind::Ai,
            SeatKind::Record,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
        .ok_or_else(|| format!("unknown seat kind {s:?}"))
    }
}

/// One seat of a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// What sits there.
    pub kind: SeatKind,
    /// The computer's level, for `Ai` seats.
    pub level: Option<Level>,
    /// The digest of the secret of the person in the seat (`Human` seats).
    pub token_digest: Option<TokenDigest>,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// Canonical notation.
    pub text: String,
    /// The seat that played it.
    pub seat: u8,
    /// When, in unix milliseconds.
    pub at: i64,
}

/// A stored game with its seats and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id in URLs.
    pub id: String,
    /// The registry id (`triangoli`, …).
    pub game: String,
    /// The variant, where the game has them.
    pub variant: Option<String>,
    /// The number of players.
    pub players: usize,
    /// The seats in order.
    pub seats: Vec<SeatRow>,
    /// The moves in order.
    pub moves: Vec<MoveRow>,
    /// The seat to move after the moves, `None` when over.
    pub to_move: Option<u8>,
    /// Created, unix milliseconds.
    pub created: i64,
    /// Last changed, unix milliseconds.
    pub updated: i64,
}

/// A line of the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The game's id in URLs.
    pub id: String,
    /// The registry id.
    pub game: String,
    /// The variant.
    pub variant: Option<String>,
    /// The number of players.
    pub players: usize,
    /// Moves played.
    pub ply: usize,
    /// Whether the game is over.
    pub over: bool,
    /// Seats open for anyone to join.
    pub open_seats: Vec<u8>,
    /// Created, unix milliseconds.
    pub created: i64,
}

/// The current time in unix milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The most requests committed together.
const MAX_BATCH: usize = 256;

/// What a request does once its batch is committed (or not): answers its caller.
type Done = Box<dyn FnOnce(Option<&str>) + Send>;

/// A request to the database thread: runs in its savepoint (or is told why there is none).
type Job = Box<dyn for<'a> FnOnce(Result<Savepoint<'a>, String>) -> Done + Send>;

/// The store: a handle to the database thread, cheap to clone. The thread stops when the last
/// handle is dropped.
#[derive(Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
}

impl Store {
    /// Opens (creating if needed) the database at `path`, in WAL mode, and runs the migrations it
    /// lacks.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let mut conn = Connection::open(path)?;
        conn.busy_timeout(Duration::from_secs(10))?;
        let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::Damaged(format!(
                "could not switch {} to WAL mode (it is in {mode} mode)",
                path.display()
            )));
        }
        // FULL: a commit is on disk before the move is acknowledged, even across a power cut.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Overwrite what is deleted or replaced (moves taken back, tokens digested by migration 2)
        // instead of leaving it in free space.
        conn.pragma_update(None, "secure_delete", "ON")?;
        migrate(&mut conn, path)?;
        let (jobs, queue) = mpsc::channel();
        std::thread::Builder::new()
            .name("trigonal-db".into())
            .spawn(move || run_batches(conn, queue))
            .map_err(|e| StoreError::Task(e.to_string()))?;
        Ok(Store { jobs })
    }

    /// The schema version of the open database.
    pub async fn schema_version(&self) -> Result<i64, StoreError> {
        self.call(|c| c.query_row("PRAGMA user_version", [], |r| r.get(0)))
            .await
    }

    /// Runs `f` on the database thread in a savepoint, which `f` commits to keep its changes
    /// (dropping it undoes them); answers once the batch holding it is committed.
    async fn call<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(Savepoint<'_>) -> Result<T, rusqlite::Error> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move |savepoint| {
            let result = match savepoint {
                Ok(savepoint) => f(savepoint).map_err(StoreError::from),
                Err(e) => Err(StoreError::Commit(e)),
            };
            Box::new(move |commit_error: Option<&str>| {
                let result = match (result, commit_error) {
                    (Ok(_), Some(e)) => Err(StoreError::Commit(e.to_string())),
                    (result, _) => result,
                };
                let _ = reply.send(result);
            })
        });
        self.jobs
            .send(job)
            .map_err(|_| StoreError::Task("the database thread has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError::Task("the request was dropped".into()))?
    }

    /// Stores a new game with its seats and any moves already played (an uploaded record).
    pub async fn insert_game(&self, game: GameRow) -> Result<(), StoreError> {
        self.call(move |tx| {
            tx.execute(
                "INSERT INTO games (id, game, variant, players, ply, to_move, created, updated)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    game.id,
                    game.game,
                    game.variant,
                    game.players as i64,
                    game.moves.len() as i64,
                    game.to_move,
                    game.created,
                    game.updated
                ],
            )?;
            {
                let mut seat = tx.prepare(
                    "INSERT INTO seats (game_id, seat, kind, level, token_digest) VALUES (?1, ?2, ?3, ?4, ?5)",
                )?;
                for (i, s) in game.seats.iter().enumerate() {
                    seat.execute(params![
                        game.id,
                        i as i64,
                        s.kind.as_str(),
                        s.level.map(|l| l.to_string()),
                        s.token_digest.as_ref().map(TokenDigest::as_str)
                    ])?;
                }
                let mut mv = tx.prepare(
                    "INSERT INTO moves (game_id, ply, move, seat, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                )?;
                for (ply, m) in game.moves.iter().enumerate() {
                    mv.execute(params![game.id, ply as i64, m.text, m.seat, m.at])?;
                }
            }
            tx.commit()
        })
        .await
    }

    /// The game `id` with its seats and moves, if stored.
    pub async fn load_game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let id = id.to_string();
        let row = self
            .call(move |c| {
                // In one savepoint: the game, its seats and its moves as of one moment.
                let Some(mut game) = c
                    .query_row(
                        "SELECT id, game, variant, players, to_move, created, updated
                         FROM games WHERE id = ?1",
                        [&id],
                        |r| {
                            Ok(GameRow {
                                id: r.get(0)?,
                                game: r.get(1)?,
                                variant: r.get(2)?,
                                players: r.get::<_, i64>(3)? as usize,
                                seats: Vec::new(),
                                moves: Vec::new(),
                                to_move: r.get(4)?,
                                created: r.get(5)?,
                                updated: r.get(6)?,
                            })
                        },
                    )
                    .optional()?
                else {
                    return Ok(None);
                };
                let mut seats_stmt = c.prepare_cached(
                    "SELECT kind, level, token_digest FROM seats WHERE game_id = ?1 ORDER BY seat",
                )?;
                let seats = seats_stmt
                    .query_map([&id], |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, Option<String>>(1)?,
                            r.get::<_, Option<String>>(2)?,
                        ))
                    })?
                    .collect::<Result<Vec<_>, _>>()?;
                let mut moves = c.prepare_cached(
                    "SELECT move, seat, at FROM moves WHERE game_id = ?1 ORDER BY ply",
                )?;
                game.moves = moves
                    .query_map([&id], |r| {
                        Ok(MoveRow {
                            text: r.get(0)?,
                            seat: r.get(1)?,
                            at: r.get(2)?,
                        })
                    })?
                    .collect::<Result<Vec<_>, _>>()?;
                drop(moves);
                drop(seats_stmt);
                c.commit()?;
                Ok(Some((game, seats)))
            })
            .await?;
        let Some((mut game, seats)) = row else {
            return Ok(None);
        };
        for (kind, level, token_digest) in seats {
            let kind: SeatKind = kind.parse().map_err(StoreError::Damaged)?;
            let level = level
                .map(|l| l.parse::<Level>())
                .transpose()
                .map_err(|e| StoreError::Damaged(e.to_string()))?;
            game.seats.push(SeatRow {
                kind,
                level,
                token_digest: token_digest.map(TokenDigest::from_stored),
            });
        }
        Ok(Some(game))
    }

    /// Appends move `mv` at `ply` of game `id`, and records who moves next (`None`: the game is
    /// over). Returns `false`, changing nothing, when that ply is already taken or the game is
    /// not at that ply: another submission was first.
    pub async fn append_move(
        &self,
        id: &str,
        ply: usize,
        mv: MoveRow,
        to_move: Option<u8>,
    ) -> Result<bool, StoreError> {
        let id = id.to_string();
        self.call(move |tx| {
            let inserted = tx.execute(
                "INSERT INTO moves (game_id, ply, move, seat, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, ply as i64, mv.text, mv.seat, mv.at],
            );
            match inserted {
                Ok(_) => {}
                Err(rusqlite::Error::SqliteFailure(e, _))
                    if e.code == ErrorCode::ConstraintViolation =>
                {
                    return Ok(false)
                }
                Err(e) => return Err(e),
            }
            // The game must be at `ply` (no gap left by another process's undo).
            let changed = tx.execute(
                "UPDATE games SET ply = ?2 + 1, to_move = ?3, updated = ?4 WHERE id = ?1 AND ply = ?2",
                params![id, ply as i64, to_move, mv.at],
            )?;
            if changed != 1 {
                return Ok(false);
            }
            tx.commit()?;
            Ok(true)
        })
        .await
    }

    /// Deletes the moves of game `id` from `ply` on, leaving `to_move` to move. Returns `false`,
    /// changing nothing, when the game does not have exactly `moves` moves.
    pub async fn truncate_moves(
        &self,
        id: &str,
        moves: usize,
        ply: usize,
        to_move: Option<u8>,
    ) -> Result<bool, StoreError> {
        let id = id.to_string();
        let now = now_ms();
        self.call(move |tx| {
            let changed = tx.execute(
                "UPDATE games SET ply = ?3, to_move = ?4, updated = ?5 WHERE id = ?1 AND ply = ?2",
                params![id, moves as i64, ply as i64, to_move, now],
            )?;
            if changed != 1 {
                return Ok(false);
            }
            tx.execute(
                "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
                params![id, ply as i64],
            )?;
            tx.commit()?;
            Ok(true)
        })
        .await
    }

    /// Gives the open seat `seat` of game `id` to the holder of the token of `digest`: it
    /// becomes a `human` seat. Returns `false` when the seat is not open (or was just taken).
    pub async fn claim_seat(
        &self,
        id: &str,
        seat: u8,
        digest: &TokenDigest,
    ) -> Result<bool, StoreError> {
        let (id, digest) = (id.to_string(), digest.as_str().to_string());
        let now = now_ms();
        self.call(move |tx| {
            let changed = tx.execute(
                "UPDATE seats SET kind = 'human', token_digest = ?3
                 WHERE game_id = ?1 AND seat = ?2 AND kind = 'open' AND token_digest IS NULL",
                params![id, seat, digest],
            )?;
            if changed != 1 {
                return Ok(false);
            }
            tx.execute(
                "UPDATE games SET updated = ?2 WHERE id = ?1",
                params![id, now],
            )?;
            tx.commit()?;
            Ok(true)
        })
        .await
    }

    /// The newest games, at most `limit`: with `open_only`, unfinished games with a seat waiting
    /// for someone to join.
    pub async fn list_games(
        &self,
        open_only: bool,
        limit: usize,
    ) -> Result<Vec<Summary>, StoreError> {
        self.call(move |c| {
            let sql = if open_only {
                "SELECT g.id, g.game, g.variant, g.players, g.ply, g.to_move, g.created,
                        (SELECT group_concat(s.seat) FROM seats s
                         WHERE s.game_id = g.id AND s.kind = 'open' AND s.token_digest IS NULL)
                 FROM games g
                 WHERE g.to_move IS NOT NULL AND EXISTS
                       (SELECT 1 FROM seats s
                        WHERE s.game_id = g.id AND s.kind = 'open' AND s.token_digest IS NULL)
                 ORDER BY g.created DESC, g.id LIMIT ?1"
            } else {
                "SELECT g.id, g.game, g.variant, g.players, g.ply, g.to_move, g.created,
                        (SELECT group_concat(s.seat) FROM seats s
                         WHERE s.game_id = g.id AND s.kind = 'open' AND s.token_digest IS NULL)
                 FROM games g
                 ORDER BY g.created DESC, g.id LIMIT ?1"
            };
            let mut stmt = c.prepare_cached(sql)?;
            let rows = stmt.query_map([limit as i64], |r| {
                let open: Option<String> = r.get(7)?;
                let mut open_seats: Vec<u8> = open
                    .as_deref()
                    .unwrap_or("")
                    .split(',')
                    .filter_map(|s| s.parse().ok())
                    .collect();
                open_seats.sort_unstable();
                Ok(Summary {
                    id: r.get(0)?,
                    game: r.get(1)?,
                    variant: r.get(2)?,
                    players: r.get::<_, i64>(3)? as usize,
                    ply: r.get::<_, i64>(4)? as usize,
                    over: r.get::<_, Option<u8>>(5)?.is_none(),
                    open_seats,
                    created: r.get(6)?,
                })
            })?;
            rows.collect()
        })
        .await
    }

    /// The ids of unfinished games whose seat to move is the computer's.
    pub async fn games_awaiting_ai(&self) -> Result<Vec<String>, StoreError> {
        self.call(|c| {
            let mut stmt = c.prepare(
                "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move
                 WHERE s.kind = 'ai' ORDER BY g.updated",
            )?;
            let ids = stmt.query_map([], |r| r.get(0))?;
            ids.collect()
        })
        .await
    }
}

/// Brings the schema up to date, one migration per transaction.
/// The database thread: runs the requests in batches until every [`Store`] handle is gone.
fn run_batches(mut conn: Connection, queue: mpsc::Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        batch.extend(queue.try_iter().take(MAX_BATCH - 1));
        let mut done = Vec::with_capacity(batch.len());
        match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
            Err(e) => {
                let e = e.to_string();
                for job in batch {
                    done.push(job(Err(e.clone())));
                }
                answer(done, None);
            }
            Ok(mut tx) => {
                for job in batch {
                    let savepoint = tx.savepoint().map_err(|e| e.to_string());
                    // A request that panics is dropped (its caller hears so); the rest go on.
                    if let Ok(d) = catch_unwind(AssertUnwindSafe(|| job(savepoint))) {
                        done.push(d);
                    }
                }
                let committed = tx.commit().map_err(|e| e.to_string());
                if let Err(e) = &committed {
                    tracing::error!(error = %e, "database commit failed");
                }
                answer(done, committed.err().as_deref());
            }
        }
    }
}

fn answer(done: Vec<Done>, commit_error: Option<&str>) {
    for d in done {
        d(commit_error);
    }
}

fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let mut migrated = false;
    loop {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version < 0 || version as usize > MIGRATIONS.len() {
            return Err(StoreError::TooNew {
                path: path.to_path_buf(),
                found: version,
                known: MIGRATIONS.len(),
            });
        }
        let Some(migration) = MIGRATIONS.get(version as usize) else {
            drop(tx);
            if migrated {
                // Into the main file now: what a migration replaced (plain tokens) must not
                // wait there for the next automatic checkpoint.
                conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
            }
            return Ok(());
        };
        migrated = true;
        match migration {
            Migration::Sql(sql) => tx.execute_batch(sql)?,
            Migration::Code(run) => run(&tx)?,
        }
        tx.pragma_update(None, "user_version", version + 1)?;
        tx.commit()?;
        tracing::info!(version = version + 1, "database migrated");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(kind: SeatKind) -> SeatRow {
        SeatRow {
            kind,
            level: (kind == SeatKind::Ai).then_some(Level::Easy),
            token_digest: (kind == SeatKind::Human).then(|| TokenDigest::of("t0")),
        }
    }

    fn game(id: &str) -> GameRow {
        GameRow {
            id: id.into(),
            game: "triangoli".into(),
            variant: None,
            players: 2,
            seats: vec![seat(SeatKind::Human), seat(SeatKind::Ai)],
            moves: Vec::new(),
            to_move: Some(0),
            created: 1,
            updated: 1,
        }
    }

    fn mv(text: &str, seat: u8) -> MoveRow {
        MoveRow {
            text: text.into(),
            seat,
            at: 2,
        }
    }

    #[tokio::test]
    async fn migrations_moves_and_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let store = Store::open(&path).unwrap();
        assert_eq!(
            store.schema_version().await.unwrap(),
            MIGRATIONS.len() as i64
        );
        store.insert_game(game("g1")).await.unwrap();
        assert!(store
            .append_move("g1", 0, mv("a", 0), Some(1))
            .await
            .unwrap());
        // The same ply again, and a ply the game is not at: refused, nothing changed.
        assert!(!store
            .append_move("g1", 0, mv("b", 0), Some(1))
            .await
            .unwrap());
        assert!(!store
            .append_move("g1", 2, mv("b", 0), Some(1))
            .await
            .unwrap());
        assert_eq!(store.games_awaiting_ai().await.unwrap(), vec!["g1"]);
        drop(store);

        let store = Store::open(&path).unwrap();
        let row = store.load_game("g1").await.unwrap().unwrap();
        assert_eq!(row.moves, vec![mv("a", 0)]);
        assert_eq!(row.to_move, Some(1));
        assert_eq!(row.seats[1].level, Some(Level::Easy));
        assert!(store.truncate_moves("g1", 1, 0, Some(0)).await.unwrap());
        assert!(!store.truncate_moves("g1", 1, 0, Some(0)).await.unwrap());
        let row = store.load_game("g1").await.unwrap().unwrap();
        assert!(row.moves.is_empty());
        assert!(store.load_game("nope").await.unwrap().is_none());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_batch_commits_each_request_alone() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("t.db")).unwrap();
        for g in 0..20 {
            store.insert_game(game(&format!("g{g}"))).await.unwrap();
        }
        // Many requests at once, so that they share batches: eleven at ply 0 of the same game
        // (one wins), one each in the others, and some that fail (no such game: a foreign key).
        let mut calls = Vec::new();
        for i in 0..40 {
            let store = store.clone();
            let id = match i {
                0..10 => "g0".to_string(),
                10..30 => format!("g{}", i - 10),
                _ => format!("missing{i}"),
            };
            calls.push(tokio::spawn(async move {
                let ok = store
                    .append_move(&id, 0, mv(&format!("m{i}"), 0), Some(1))
                    .await;
                (i, ok)
            }));
        }
        let mut won_g0 = 0;
        for call in calls {
            let (i, ok) = call.await.unwrap();
            match i {
                0..=10 => won_g0 += usize::from(ok.unwrap()),
                11..30 => assert!(ok.unwrap(), "request {i}"),
                _ => assert!(ok.is_err() || !ok.unwrap(), "request {i}"),
            }
        }
        assert_eq!(won_g0, 1);
        let g0 = store.load_game("g0").await.unwrap().unwrap();
        assert_eq!(g0.moves.len(), 1);
        for g in 1..20 {
            let row = store.load_game(&format!("g{g}")).await.unwrap().unwrap();
            assert_eq!(row.moves, vec![mv(&format!("m{}", g + 10), 0)]);
        }
    }

    #[tokio::test]
    async fn open_seats_are_claimed_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("t.db")).unwrap();
        let mut g = game("g2");
        g.seats[1] = seat(SeatKind::Open);
        store.insert_game(g).await.unwrap();
        let lobby = store.list_games(true, 50).await.unwrap();
        assert_eq!(lobby.len(), 1);
        assert_eq!(lobby[0].open_seats, vec![1]);
        let (x, y) = (TokenDigest::of("x"), TokenDigest::of("y"));
        assert!(!store.claim_seat("g2", 0, &x).await.unwrap());
        assert!(store.claim_seat("g2", 1, &x).await.unwrap());
        assert!(!store.claim_seat("g2", 1, &y).await.unwrap());
        let row = store.load_game("g2").await.unwrap().unwrap();
        assert_eq!(row.seats[1].token_digest, Some(x));
        assert!(store.list_games(true, 50).await.unwrap().is_empty());
        assert_eq!(store.list_games(false, 50).await.unwrap().len(), 1);
    }

    #[tokio::test]
    async fn a_version_1_database_keeps_its_games_with_tokens_digested() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        {
            let c = Connection::open(&path).unwrap();
            let Migration::Sql(v1) = MIGRATIONS[0] else {
                panic!("migration 1 is SQL")
            };
            c.execute_batch(v1).unwrap();
            c.execute_batch(
                "PRAGMA user_version = 1;
                 INSERT INTO games (id, game, players, ply, to_move, created, updated)
                 VALUES ('g1', 'triangoli', 2, 1, 1, 5, 6);
                 INSERT INTO seats VALUES ('g1', 0, 'human', NULL, 'secret-0');
                 INSERT INTO seats VALUES ('g1', 1, 'open', NULL, NULL);
                 INSERT INTO moves VALUES ('g1', 0, 'd4', 0, 2);",
            )
            .unwrap();
        }
        let store = Store::open(&path).unwrap();
        assert_eq!(
            store.schema_version().await.unwrap(),
            MIGRATIONS.len() as i64
        );
        let row = store.load_game("g1").await.unwrap().unwrap();
        assert_eq!(row.moves, vec![mv("d4", 0)]);
        assert_eq!(row.seats[0].token_digest, Some(TokenDigest::of("secret-0")));
        assert!(row.seats[0]
            .token_digest
            .as_ref()
            .unwrap()
            .matches("secret-0"));
        assert_eq!(row.seats[1].token_digest, None);
        let bytes = std::fs::read(&path).unwrap();
        assert!(!bytes.windows(8).any(|w| w == b"secret-0"));
    }

    #[test]
    fn a_newer_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        {
            let c = Connection::open(&path).unwrap();
            c.pragma_update(None, "user_version", 99).unwrap();
        }
        assert!(matches!(
            Store::open(&path),
            Err(StoreError::TooNew { found: 99, .. })
        ));
    }
}
