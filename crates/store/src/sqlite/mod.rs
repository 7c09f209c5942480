//! The SQLite store: one file, the embedded default. WAL mode, `synchronous = FULL`; schema
//! version in `PRAGMA user_version` with ordered migrations.
//!
//! One connection, owned by one thread, which runs requests in batches: each request in a
//! savepoint of its own (so one request's failure undoes only its own changes), the batch in one
//! transaction, each request answered only after that transaction is committed. A burst of moves
//! from many games thus costs one disk sync, not one each (group commit).
//!
//! Events go to the processes's own receivers only: a SQLite file is served by one process.
//! (Other processes sharing the file still cannot make a double move — the keys hold — but they
//! hear of each other's changes only when they reload.)

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use async_trait::async_trait;
use rusqlite::{params, Connection, ErrorCode, OptionalExtension, Savepoint, TransactionBehavior};
use tokio::sync::{broadcast, oneshot};

use crate::{
    ms, now_ms, AccountRow, Accounts, Analyses, AnalysisRow, Change, ChatRow, Claim, Commit,
    Committed, GameRow, Games, Jobs, MoveRow, Presence, Ratings, SeatRow, SessionRow, Store,
    StoreError, StoreEvent, Summary, Table, TokenDigest, AFFINITY, CHAT_KEPT, EVENTS, PATIENCE,
    PRESENCE_TTL,
};

mod accounts;
mod analyses;
mod batch;
mod games;
mod learning;
mod mail;
mod push;
mod ratings;
mod rows;
mod safety;
pub(crate) mod schema;
mod seeks;
mod tournaments;

use batch::*;
pub(crate) use rows::table_json;
use rows::*;
use schema::*;

/// The SQLite store: a handle to the database thread, cheap to clone. The thread stops when the
/// last handle is dropped.
#[derive(Clone)]
pub struct SqliteStore {
    requests: mpsc::Sender<Request>,
    events: broadcast::Sender<StoreEvent>,
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`, in WAL mode, and runs the migrations it
    /// lacks. Blocks: call it off the async runtime.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
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
        // One process serves a file: whatever an earlier run of it had claimed is free again.
        conn.execute(
            "UPDATE jobs SET owner = NULL, lease_until = 0 WHERE owner IS NOT NULL",
            [],
        )?;
        let (requests, queue) = mpsc::channel();
        std::thread::Builder::new()
            .name("trigonal-db".into())
            .spawn(move || run_batches(conn, queue))
            .map_err(|e| StoreError::Task(e.to_string()))?;
        Ok(SqliteStore {
            requests,
            events: broadcast::channel(EVENTS).0,
        })
    }

    /// Runs `f` on the database thread in a savepoint, which `f` commits to keep its changes
    /// (dropping it undoes them); answers once the batch holding it is committed.
    async fn call<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(Savepoint<'_>) -> Result<T, rusqlite::Error> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let request: Request = Box::new(move |savepoint| {
            let result = match savepoint {
                Ok(savepoint) => f(savepoint).map_err(StoreError::from),
                Err(e) => Err(StoreError::Database(e)),
            };
            Box::new(move |commit_error: Option<&str>| {
                let result = match (result, commit_error) {
                    (Ok(_), Some(e)) => Err(StoreError::Database(format!("commit failed: {e}"))),
                    (result, _) => result,
                };
                let _ = reply.send(result);
            })
        });
        self.requests
            .send(request)
            .map_err(|_| StoreError::Task("the database thread has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError::Task("the request was dropped".into()))?
    }

    /// The game `id` as of one moment, if stored — and, given `newer_than`, only if its version
    /// is not that one.
    async fn load(&self, id: &str, newer_than: Option<i64>) -> Result<Option<GameRow>, StoreError> {
        let name = id.to_string();
        let id = id.to_string();
        let row = self
            .call(move |c| {
                // In one savepoint: the game, its seats and its moves as of one moment.
                let Some((table, mut game)) = c
                    .query_row(
                        "SELECT id, game, variant, players, to_move, version, created, updated,
                                table_state, deadline
                         FROM games WHERE id = ?1 AND (?2 IS NULL OR version <> ?2)",
                        params![id, newer_than],
                        |r| {
                            Ok((
                                r.get::<_, String>(8)?,
                                GameRow {
                                    id: r.get(0)?,
                                    game: r.get(1)?,
                                    variant: r.get(2)?,
                                    players: r.get::<_, i64>(3)? as usize,
                                    seats: Vec::new(),
                                    moves: Vec::new(),
                                    to_move: r.get(4)?,
                                    version: r.get(5)?,
                                    created: r.get(6)?,
                                    updated: r.get(7)?,
                                    table: Table::default(),
                                    chat: Vec::new(),
                                    present: Vec::new(),
                                    deadline: r.get(9)?,
                                },
                            ))
                        },
                    )
                    .optional()?
                else {
                    return Ok(None);
                };
                let mut seats_stmt = c.prepare_cached(
                    "SELECT kind, level, token_digest, owner,
                            (SELECT group_concat(digest) FROM seat_keys k
                             WHERE k.game_id = s.game_id AND k.seat = s.seat)
                     FROM seats s WHERE game_id = ?1 ORDER BY seat",
                )?;
                let seats = seats_stmt
                    .query_map([&id], |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, Option<String>>(1)?,
                            r.get::<_, Option<String>>(2)?,
                            r.get::<_, Option<String>>(3)?,
                            r.get::<_, Option<String>>(4)?,
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
                game.chat = c
                    .prepare_cached(
                        "SELECT seat, text, at FROM
                           (SELECT n, seat, text, at FROM chat WHERE game_id = ?1
                            ORDER BY n DESC LIMIT ?2)
                         ORDER BY n",
                    )?
                    .query_map(params![id, CHAT_KEPT as i64], |r| {
                        Ok(ChatRow {
                            seat: r.get(0)?,
                            text: r.get(1)?,
                            at: r.get(2)?,
                        })
                    })?
                    .collect::<Result<Vec<_>, _>>()?;
                game.present = present(&c, &id)?;
                drop(seats_stmt);
                c.commit()?;
                Ok(Some((game, seats, table)))
            })
            .await?;
        let Some((mut game, seats, table)) = row else {
            return Ok(None);
        };
        game.table = serde_json::from_str(&table)
            .map_err(|e| StoreError::Damaged(format!("game {name}: its table: {e}")))?;
        for (kind, level, token_digest, owner, keys) in seats {
            game.seats.push(SeatRow {
                kind: kind.parse()?,
                level,
                token_digest: token_digest.map(TokenDigest::from_stored),
                owner,
                keys: keys
                    .as_deref()
                    .unwrap_or("")
                    .split(',')
                    .filter(|k| !k.is_empty())
                    .map(|k| TokenDigest::from_stored(k.to_string()))
                    .collect(),
            });
        }
        Ok(Some(game))
    }

    fn announce(&self, event: StoreEvent) {
        // Nobody listening is not an error.
        let _ = self.events.send(event);
    }
}

#[async_trait]
impl Store for SqliteStore {
    fn kind(&self) -> &'static str {
        "sqlite"
    }

    async fn schema_version(&self) -> Result<i64, StoreError> {
        self.call(|c| c.query_row("PRAGMA user_version", [], |r| r.get(0)))
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_version_1_database_keeps_its_games_with_tokens_digested_and_jobs_made() {
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
                 INSERT INTO seats VALUES ('g1', 1, 'ai', 'hard', NULL);
                 INSERT INTO moves VALUES ('g1', 0, 'd4', 0, 2);",
            )
            .unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(
            store.schema_version().await.unwrap(),
            MIGRATIONS.len() as i64
        );
        let row = store.load_game("g1").await.unwrap().unwrap();
        assert_eq!(row.moves.len(), 1);
        assert_eq!(row.version, 0);
        assert_eq!(row.seats[0].token_digest, Some(TokenDigest::of("secret-0")));
        assert_eq!(row.seats[1].level.as_deref(), Some("hard"));
        let bytes = std::fs::read(&path).unwrap();
        assert!(!bytes.windows(8).any(|w| w == b"secret-0"));
        // The computer was to move: migration 3 made its job.
        let claims = store
            .claim_jobs("me", Duration::from_secs(5), 5)
            .await
            .unwrap();
        assert_eq!(
            claims,
            vec![Claim {
                game: "g1".into(),
                ply: 1
            }]
        );
    }
}
