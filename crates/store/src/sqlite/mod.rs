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
    ms, now_ms, AccountRow, AnalysisRow, Change, ChatRow, Claim, Commit, Committed, GameRow,
    MoveRow, SeatRow, SessionRow, Store, StoreError, StoreEvent, Summary, Table, TokenDigest,
    AFFINITY, CHAT_KEPT, EVENTS, PRESENCE_TTL,
};

mod batch;
mod rows;
mod schema;

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

    async fn insert_game(&self, game: GameRow, computer_due: bool) -> Result<(), StoreError> {
        self.call(move |tx| {
            insert(&tx, &game, computer_due)?;
            tx.commit()
        })
        .await?;
        if computer_due {
            self.announce(StoreEvent::JobsDue);
        }
        Ok(())
    }

    async fn load_game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        self.load(id, None).await
    }

    async fn load_game_newer(&self, id: &str, than: i64) -> Result<Option<GameRow>, StoreError> {
        self.load(id, Some(than)).await
    }

    async fn commit(&self, commit: Commit) -> Result<Committed, StoreError> {
        let (game, mut computer_due) = (commit.game.clone(), commit.computer_due);
        if let Change::Rematch {
            computer_due: true, ..
        } = &commit.change
        {
            computer_due = true;
        }
        let done = self
            .call(move |tx| {
                let Commit {
                    game: id,
                    version,
                    change,
                    to_move,
                    table,
                    deadline,
                    computer_due,
                    by,
                    at,
                    rate,
                } = commit;
                // The game must be at the version the change was planned on.
                let Some(ply) = tx
                    .prepare_cached(
                        "UPDATE games SET version = version + 1, updated = ?3
                         WHERE id = ?1 AND version = ?2 RETURNING ply",
                    )?
                    .query_row(params![id, version, at], |r| r.get::<_, i64>(0))
                    .optional()?
                else {
                    return Ok(None);
                };
                let ply = ply as usize;
                let after = match change {
                    Change::Move { ply: at_ply, mv } => {
                        if at_ply != ply {
                            return Ok(None);
                        }
                        let inserted = tx.prepare_cached(
                            "INSERT INTO moves (game_id, ply, move, seat, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                        )?
                        .execute(params![id, at_ply as i64, mv.text, mv.seat, mv.at]);
                        match inserted {
                            Ok(_) => {}
                            // The ply is taken: another change was first.
                            Err(rusqlite::Error::SqliteFailure(e, _))
                                if e.code == ErrorCode::ConstraintViolation =>
                            {
                                return Ok(None)
                            }
                            Err(e) => return Err(e),
                        }
                        at_ply + 1
                    }
                    Change::TakeBack { from } => {
                        if from > ply {
                            return Ok(None);
                        }
                        tx.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2")?
                            .execute(params![id, from as i64])?;
                        from
                    }
                    Change::Join {
                        seat,
                        digest,
                        owner,
                    } => {
                        let joined = tx
                            .prepare_cached(
                                "UPDATE seats SET kind = 'human', token_digest = ?3, owner = ?4
                                 WHERE game_id = ?1 AND seat = ?2 AND kind = 'open'
                                 AND token_digest IS NULL",
                            )?
                            .execute(params![id, seat, digest.as_str(), owner])?;
                        if joined != 1 {
                            return Ok(None);
                        }
                        ply
                    }
                    Change::Claim { seat, digest } => {
                        let claimed = tx
                            .prepare_cached(
                                "UPDATE seats SET token_digest = ?3
                                 WHERE game_id = ?1 AND seat = ?2 AND kind = 'human'
                                 AND token_digest IS NULL",
                            )?
                            .execute(params![id, seat, digest.as_str()])?;
                        if claimed != 1 {
                            return Ok(None);
                        }
                        ply
                    }
                    Change::Table => ply,
                    Change::Key { seat, digest } => {
                        tx.prepare_cached(
                            "INSERT INTO seat_keys (game_id, seat, digest) VALUES (?1, ?2, ?3)
                             ON CONFLICT DO NOTHING",
                        )?
                        .execute(params![id, seat, digest.as_str()])?;
                        ply
                    }
                    Change::Own { seat, owner } => {
                        let owned = tx
                            .prepare_cached(
                                "UPDATE seats SET owner = ?3
                                 WHERE game_id = ?1 AND seat = ?2 AND owner IS NULL",
                            )?
                            .execute(params![id, seat, owner])?;
                        if owned != 1 {
                            return Ok(None);
                        }
                        ply
                    }
                    Change::HandOver { seat, level } => {
                        tx.prepare_cached(
                            "UPDATE seats SET kind = 'ai', level = ?3 WHERE game_id = ?1 AND seat = ?2",
                        )?
                        .execute(params![id, seat, level])?;
                        ply
                    }
                    Change::Say(m) => {
                        tx.prepare_cached(
                            "INSERT INTO chat (game_id, n, seat, text, at)
                             VALUES (?1, (SELECT count(*) FROM chat WHERE game_id = ?1), ?2, ?3, ?4)",
                        )?
                        .execute(params![id, m.seat, m.text, m.at])?;
                        ply
                    }
                    Change::Rematch {
                        game,
                        computer_due,
                    } => {
                        insert(&tx, &game, computer_due)?;
                        ply
                    }
                };
                tx.prepare_cached(
                    "UPDATE games SET ply = ?2, to_move = ?3,
                     computer_owner = coalesce(?4, computer_owner), table_state = ?5,
                     deadline = ?6 WHERE id = ?1",
                )?
                .execute(params![id, after as i64, to_move, by, table_json(&table), deadline])?;
                keep_job(&tx, &id, after, computer_due, at)?;
                if let Some(rate) = &rate {
                    settle(&tx, &id, rate, at)?;
                }
                tx.commit()?;
                Ok(Some((version + 1, after)))
            })
            .await?;
        let Some((version, ply)) = done else {
            return Ok(Committed::Stale);
        };
        self.announce(StoreEvent::Changed { game, ply });
        if computer_due {
            self.announce(StoreEvent::JobsDue);
        }
        Ok(Committed::Done { version })
    }

    async fn list_games(&self, open_only: bool, limit: usize) -> Result<Vec<Summary>, StoreError> {
        self.call(move |c| {
            let sql = if open_only {
                "SELECT g.id, g.game, g.variant, g.players, g.ply, g.to_move, g.created,
                        (SELECT group_concat(s.seat) FROM seats s
                         WHERE s.game_id = g.id AND s.kind = 'open' AND s.token_digest IS NULL),
                        g.table_state
                 FROM games g
                 WHERE g.to_move IS NOT NULL AND EXISTS
                       (SELECT 1 FROM seats s
                        WHERE s.game_id = g.id AND s.kind = 'open' AND s.token_digest IS NULL)
                 ORDER BY g.created DESC, g.id LIMIT ?1"
            } else {
                "SELECT g.id, g.game, g.variant, g.players, g.ply, g.to_move, g.created,
                        (SELECT group_concat(s.seat) FROM seats s
                         WHERE s.game_id = g.id AND s.kind = 'open' AND s.token_digest IS NULL),
                        g.table_state
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
                    clock: crate::control_of(&r.get::<_, String>(8)?),
                    created: r.get(6)?,
                })
            })?;
            rows.collect()
        })
        .await
    }

    async fn claim_jobs(
        &self,
        owner: &str,
        lease: Duration,
        max: usize,
    ) -> Result<Vec<Claim>, StoreError> {
        let owner = owner.to_string();
        let now = now_ms();
        let until = now + ms(lease);
        let others_from = now - ms(AFFINITY);
        self.call(move |tx| {
            let claims = tx
                .prepare_cached(
                    "UPDATE jobs SET owner = ?1, lease_until = ?2
                     WHERE kind = 'move' AND game_id IN
                       (SELECT game_id FROM jobs WHERE kind = 'move' AND lease_until <= ?3
                        AND (prefer IS NULL OR prefer = ?1 OR due <= ?5)
                        ORDER BY due LIMIT ?4)
                     RETURNING game_id, ply",
                )?
                .query_map(params![owner, until, now, max as i64, others_from], |r| {
                    Ok(Claim {
                        game: r.get(0)?,
                        ply: r.get::<_, i64>(1)? as usize,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            tx.commit()?;
            Ok(claims)
        })
        .await
    }

    async fn jobs_waiting(&self, now: i64) -> Result<u64, StoreError> {
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT count(*) FROM jobs WHERE kind = 'move' AND lease_until <= ?1",
            )?
            .query_row(params![now], |r| r.get::<_, i64>(0))
        })
        .await
        .map(|n| n.max(0) as u64)
    }

    async fn renew(&self, claim: &Claim, owner: &str, lease: Duration) -> Result<bool, StoreError> {
        let (claim, owner) = (claim.clone(), owner.to_string());
        let until = now_ms() + ms(lease);
        self.call(move |tx| {
            let n = tx
                .prepare_cached(
                    "UPDATE jobs SET lease_until = ?4
                     WHERE game_id = ?1 AND kind = 'move' AND ply = ?2 AND owner = ?3",
                )?
                .execute(params![claim.game, claim.ply as i64, owner, until])?;
            tx.commit()?;
            Ok(n == 1)
        })
        .await
    }

    async fn release(
        &self,
        claim: &Claim,
        owner: &str,
        retry_after: Duration,
    ) -> Result<(), StoreError> {
        let (claim, owner) = (claim.clone(), owner.to_string());
        let at = now_ms() + ms(retry_after);
        self.call(move |tx| {
            tx.prepare_cached(
                "UPDATE jobs SET owner = NULL, lease_until = ?4
                 WHERE game_id = ?1 AND kind = 'move' AND ply = ?2 AND owner = ?3",
            )?
            .execute(params![claim.game, claim.ply as i64, owner, at])?;
            tx.commit()
        })
        .await
    }

    async fn set_presence(
        &self,
        game: &str,
        seat: u8,
        owner: &str,
        sockets: u32,
    ) -> Result<(), StoreError> {
        let (id, owner) = (game.to_string(), owner.to_string());
        let expires = now_ms() + ms(PRESENCE_TTL);
        let changed = self
            .call(move |tx| {
                let before = present(&tx, &id)?;
                if sockets == 0 {
                    tx.prepare_cached(
                        "DELETE FROM presence WHERE game_id = ?1 AND seat = ?2 AND owner = ?3",
                    )?
                    .execute(params![id, seat, owner])?;
                } else {
                    tx.prepare_cached(
                        "INSERT INTO presence (game_id, seat, owner, sockets, expires)
                         VALUES (?1, ?2, ?3, ?4, ?5)
                         ON CONFLICT (game_id, seat, owner) DO UPDATE
                         SET sockets = excluded.sockets, expires = excluded.expires",
                    )?
                    .execute(params![id, seat, owner, sockets, expires])?;
                }
                let changed = present(&tx, &id)? != before;
                tx.commit()?;
                Ok(changed)
            })
            .await?;
        if changed {
            self.announce(StoreEvent::Presence {
                game: game.to_string(),
            });
        }
        Ok(())
    }

    async fn renew_presence(&self, owner: &str) -> Result<(), StoreError> {
        let owner = owner.to_string();
        let now = now_ms();
        let lapsed = self
            .call(move |tx| {
                tx.prepare_cached("UPDATE presence SET expires = ?2 WHERE owner = ?1")?
                    .execute(params![owner, now + ms(PRESENCE_TTL)])?;
                let lapsed = tx
                    .prepare_cached("DELETE FROM presence WHERE expires <= ?1 RETURNING game_id")?
                    .query_map([now], |r| r.get::<_, String>(0))?
                    .collect::<Result<std::collections::BTreeSet<_>, _>>()?;
                tx.commit()?;
                Ok(lapsed)
            })
            .await?;
        for game in lapsed {
            self.announce(StoreEvent::Presence { game });
        }
        Ok(())
    }

    async fn present(&self, game: &str) -> Result<Vec<u8>, StoreError> {
        let id = game.to_string();
        self.call(move |tx| present(&tx, &id)).await
    }

    async fn request_analysis(
        &self,
        game: &str,
        total: usize,
        now: i64,
    ) -> Result<bool, StoreError> {
        let game = game.to_string();
        let asked = self
            .call(move |tx| {
                let n = tx
                    .prepare_cached(
                        "INSERT INTO analyses (game_id, total, requested) VALUES (?1, ?2, ?3)
                         ON CONFLICT (game_id) DO NOTHING",
                    )?
                    .execute(params![game, total as i64, now])?;
                tx.commit()?;
                Ok(n == 1)
            })
            .await?;
        if asked {
            self.announce(StoreEvent::JobsDue);
        }
        Ok(asked)
    }

    async fn claim_analysis(
        &self,
        owner: &str,
        lease: Duration,
    ) -> Result<Option<(String, usize)>, StoreError> {
        let owner = owner.to_string();
        let now = now_ms();
        self.call(move |tx| {
            let claimed = tx
                .prepare_cached(
                    "UPDATE analyses SET owner = ?1, lease_until = ?2
                     WHERE game_id = (SELECT game_id FROM analyses
                                      WHERE done < total AND lease_until <= ?3
                                      ORDER BY requested LIMIT 1)
                     RETURNING game_id, done",
                )?
                .query_row(params![owner, now + ms(lease), now], |r| {
                    Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as usize))
                })
                .optional()?;
            tx.commit()?;
            Ok(claimed)
        })
        .await
    }

    async fn save_analysis(
        &self,
        game: &str,
        owner: &str,
        entries: String,
        done: usize,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let (game, owner) = (game.to_string(), owner.to_string());
        let until = now_ms() + ms(lease);
        self.call(move |tx| {
            let n = tx
                .prepare_cached(
                    "UPDATE analyses SET entries = ?3, done = ?4, lease_until = ?5
                     WHERE game_id = ?1 AND owner = ?2",
                )?
                .execute(params![game, owner, entries, done as i64, until])?;
            tx.commit()?;
            Ok(n == 1)
        })
        .await
    }

    async fn load_analysis(&self, game: &str) -> Result<Option<AnalysisRow>, StoreError> {
        let game = game.to_string();
        self.call(move |tx| {
            tx.prepare_cached("SELECT total, done, entries FROM analyses WHERE game_id = ?1")?
                .query_row([game], |r| {
                    Ok(AnalysisRow {
                        total: r.get::<_, i64>(0)? as usize,
                        done: r.get::<_, i64>(1)? as usize,
                        entries: r.get(2)?,
                    })
                })
                .optional()
        })
        .await
    }

    async fn create_account(
        &self,
        account: AccountRow,
        bot_token: Option<TokenDigest>,
    ) -> Result<bool, StoreError> {
        self.call(move |tx| {
            let n = tx
                .prepare_cached(
                    "INSERT INTO accounts (id, name, name_key, password_hash, created, bot_token)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (name_key) DO NOTHING",
                )?
                .execute(params![
                    account.id,
                    account.name,
                    account.name.to_lowercase(),
                    account.password_hash,
                    account.created,
                    bot_token.as_ref().map(TokenDigest::as_str)
                ])?;
            tx.commit()?;
            Ok(n == 1)
        })
        .await
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<AccountRow>, StoreError> {
        let key = name.to_lowercase();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT id, name, password_hash, created, bot_token IS NOT NULL FROM accounts WHERE name_key = ?1",
            )?
            .query_row([key], account_row)
            .optional()
        })
        .await
    }

    async fn bot_by_token(&self, digest: &TokenDigest) -> Result<Option<AccountRow>, StoreError> {
        let digest = digest.as_str().to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT id, name, password_hash, created, bot_token IS NOT NULL FROM accounts
                 WHERE bot_token = ?1",
            )?
            .query_row([digest], account_row)
            .optional()
        })
        .await
    }

    async fn bots(&self) -> Result<Vec<String>, StoreError> {
        self.call(|tx| {
            tx.prepare_cached(
                "SELECT name FROM accounts WHERE bot_token IS NOT NULL ORDER BY name_key",
            )?
            .query_map([], |r| r.get(0))?
            .collect()
        })
        .await
    }

    async fn set_password(
        &self,
        account: &str,
        password_hash: &str,
        keep: &TokenDigest,
    ) -> Result<(), StoreError> {
        let (account, hash, keep) = (
            account.to_string(),
            password_hash.to_string(),
            keep.as_str().to_string(),
        );
        self.call(move |tx| {
            tx.prepare_cached("UPDATE accounts SET password_hash = ?2 WHERE id = ?1")?
                .execute(params![account, hash])?;
            tx.prepare_cached("DELETE FROM sessions WHERE account = ?1 AND digest <> ?2")?
                .execute(params![account, keep])?;
            tx.commit()
        })
        .await
    }

    async fn create_session(&self, session: SessionRow) -> Result<(), StoreError> {
        self.call(move |tx| {
            tx.prepare_cached(
                "INSERT INTO sessions (digest, account, created, expires) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![
                session.digest.as_str(),
                session.account,
                session.created,
                session.expires
            ])?;
            tx.commit()
        })
        .await
    }

    async fn session(
        &self,
        digest: &TokenDigest,
        now: i64,
    ) -> Result<Option<AccountRow>, StoreError> {
        let digest = digest.as_str().to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT a.id, a.name, a.password_hash, a.created, a.bot_token IS NOT NULL FROM sessions s
                 JOIN accounts a ON a.id = s.account WHERE s.digest = ?1 AND s.expires > ?2",
            )?
            .query_row(params![digest, now], account_row)
            .optional()
        })
        .await
    }

    async fn end_session(&self, digest: &TokenDigest, now: i64) -> Result<(), StoreError> {
        let digest = digest.as_str().to_string();
        self.call(move |tx| {
            tx.prepare_cached("DELETE FROM sessions WHERE digest = ?1 OR expires <= ?2")?
                .execute(params![digest, now])?;
            tx.commit()
        })
        .await
    }

    async fn account_seats(
        &self,
        account: &str,
        limit: usize,
    ) -> Result<Vec<(String, u8)>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT s.game_id, s.seat FROM seats s JOIN games g ON g.id = s.game_id
                 WHERE s.owner = ?1 ORDER BY g.updated DESC, g.id, s.seat LIMIT ?2",
            )?
            .query_map(params![account, limit as i64], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?
            .collect()
        })
        .await
    }

    async fn recompute_ratings(&self) -> Result<usize, StoreError> {
        let results = self
            .call(|tx| {
                tx.execute_batch("DELETE FROM ratings; DELETE FROM rating_history;")?;
                let games = tx
                    .prepare(
                        "SELECT game_id, pool, accounts, places, ended FROM rated_games
                         ORDER BY seq",
                    )?
                    .query_map([], |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, String>(1)?,
                            r.get::<_, String>(2)?,
                            r.get::<_, String>(3)?,
                            r.get::<_, i64>(4)?,
                        ))
                    })?
                    .collect::<Result<Vec<_>, _>>()?;
                let mut done = 0;
                for (game, pool, accounts, places, ended) in games {
                    let (Ok(accounts), Ok(places)) = (
                        serde_json::from_str(&accounts),
                        serde_json::from_str(&places),
                    ) else {
                        return Ok(Err(format!("rated game {game}: its stored result")));
                    };
                    let rate = crate::RatedResult {
                        pool,
                        accounts,
                        places,
                    };
                    apply_ratings(&tx, &game, &rate, ended)?;
                    done += 1;
                }
                tx.commit()?;
                Ok(Ok(done))
            })
            .await?;
        results.map_err(StoreError::Damaged)
    }

    async fn ratings(&self, account: &str) -> Result<Vec<crate::RatingRow>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT pool, rating, deviation, volatility, games FROM ratings
                 WHERE account = ?1 ORDER BY pool",
            )?
            .query_map([account], |r| {
                Ok(crate::RatingRow {
                    pool: r.get(0)?,
                    rating: rating_at(r, 1)?,
                })
            })?
            .collect()
        })
        .await
    }

    async fn rating_history(
        &self,
        account: &str,
        pool: &str,
    ) -> Result<Vec<(i64, f64)>, StoreError> {
        let (account, pool) = (account.to_string(), pool.to_string());
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT at, rating FROM rating_history WHERE account = ?1 AND pool = ?2
                 ORDER BY at, game_id",
            )?
            .query_map([account, pool], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect()
        })
        .await
    }

    async fn leaderboard(
        &self,
        pool: &str,
        limit: usize,
    ) -> Result<Vec<(String, trigonal_ratings::Rating)>, StoreError> {
        let pool = pool.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT a.name, r.rating, r.deviation, r.volatility, r.games
                 FROM ratings r JOIN accounts a ON a.id = r.account
                 WHERE r.pool = ?1 ORDER BY r.rating DESC, a.name LIMIT ?2",
            )?
            .query_map(params![pool, limit as i64], |r| {
                Ok((r.get(0)?, rating_at(r, 1)?))
            })?
            .collect()
        })
        .await
    }

    async fn due_deadlines(&self, now: i64, max: usize) -> Result<Vec<String>, StoreError> {
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= ?1
                 ORDER BY deadline LIMIT ?2",
            )?
            .query_map(params![now, max as i64], |r| r.get(0))?
            .collect()
        })
        .await
    }

    fn events(&self) -> broadcast::Receiver<StoreEvent> {
        self.events.subscribe()
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
