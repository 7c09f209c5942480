//! The PostgreSQL store: one database shared by many server and worker processes.
//!
//! Connections come from a `deadpool-postgres` pool; each change is one statement (its own
//! transaction), so it costs one round trip: the game's row is updated only if it is still at
//! the version the change was planned on, the rest of the change hangs off that update, and
//! `pg_notify` announces it — delivered to every listening process when, and only if, the
//! transaction commits, in commit order. Concurrent commits share WAL flushes (PostgreSQL's own
//! group commit).
//!
//! Events come through a connection of their own (not a pooled one) that `LISTEN`s on
//! [`CHANGES`] (payload: the game id and its ply), [`JOBS`] and [`PRESENCE`]. Notifications sent while it is
//! disconnected are lost, so after every reconnect it reports [`StoreEvent::Resync`].
//!
//! Migrations run at start inside a transaction holding an advisory lock, so processes that start
//! together migrate once, one after the other.

use std::time::Duration;

use async_trait::async_trait;
use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Timeouts};
use futures_util::StreamExt as _;
use tokio::sync::broadcast;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::Type;
use tokio_postgres::{AsyncMessage, NoTls};

use crate::sqlite::table_json;
use crate::{
    ms, now_ms, AccountRow, AnalysisRow, Change, ChatRow, Claim, Commit, Committed, GameRow,
    MoveRow, SeatRow, SessionRow, Store, StoreError, StoreEvent, Summary, TokenDigest, AFFINITY,
    CHAT_KEPT, EVENTS, PRESENCE_TTL,
};

mod events;
mod rows;
mod schema;
mod sql;

use events::*;
use rows::*;
use schema::*;
use sql::*;

/// The channel of committed changes; payload `"<game id> <ply>"`.
pub const CHANGES: &str = "trigonal_changes";
/// The channel of due computer moves; no payload.
pub const JOBS: &str = "trigonal_jobs";
/// The channel of changes to who has a game open; payload: the game id.
pub const PRESENCE: &str = "trigonal_presence";

/// The PostgreSQL store: a pool, and the channel its listener feeds. Cheap to clone.
#[derive(Clone)]
pub struct PgStore {
    pool: Pool,
    events: broadcast::Sender<StoreEvent>,
}

/// Pooled connections per process: two per core (at least 4). More only queue work in the
/// database's own processes; measured with `ws_latency` on 2 cores, 4 connections a process
/// carried 15 % more moves than 8, and 8 than 16.
fn connections() -> usize {
    2 * std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .max(2)
}

/// Where `url` points, without a password, for messages.
fn place(url: &str) -> String {
    url.parse::<tokio_postgres::Config>()
        .ok()
        .and_then(|c| {
            let host = c.get_hosts().first().map(|h| match h {
                tokio_postgres::config::Host::Tcp(h) => h.clone(),
                #[cfg(unix)]
                tokio_postgres::config::Host::Unix(p) => p.display().to_string(),
            })?;
            let port = c.get_ports().first().copied().unwrap_or(5432);
            Some(format!(
                "PostgreSQL at {host}:{port}/{}",
                c.get_dbname().unwrap_or("")
            ))
        })
        .unwrap_or_else(|| "PostgreSQL".into())
}

/// Sorts a driver error: connection trouble is `Unavailable` (try again later), the rest a
/// database error.
fn pg(e: tokio_postgres::Error) -> StoreError {
    if e.is_closed() || e.code().is_none() {
        StoreError::Unavailable(describe(&e))
    } else {
        StoreError::Database(describe(&e))
    }
}

/// An error with its causes, on one line.
pub(crate) fn describe(e: &dyn std::error::Error) -> String {
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

fn pool_error(e: PoolError) -> StoreError {
    match e {
        PoolError::Backend(e) => pg(e),
        other => StoreError::Unavailable(describe(&other)),
    }
}

impl PgStore {
    /// Connects to `url`, runs the migrations the database lacks (one process at a time) and
    /// starts listening for events. A database that cannot be reached is `Unavailable`.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| StoreError::BadLocation(format!("--db: not a PostgreSQL URL: {e}")))?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(connections())
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .timeouts(Timeouts {
                wait: Some(Duration::from_secs(5)),
                create: Some(Duration::from_secs(5)),
                recycle: Some(Duration::from_secs(5)),
            })
            .build()
            .map_err(|e| StoreError::BadLocation(e.to_string()))?;
        let store = PgStore {
            pool,
            events: broadcast::channel(EVENTS).0,
        };
        store.migrate(url).await.map_err(|e| match e {
            StoreError::Unavailable(why) => {
                StoreError::Unavailable(format!("cannot reach {}: {why}", place(url)))
            }
            other => other,
        })?;
        // Listening before the first change is made, so that none is missed.
        let (ready, listening) = tokio::sync::oneshot::channel();
        tokio::spawn(listen(config, store.events.clone(), ready));
        if tokio::time::timeout(Duration::from_secs(10), listening)
            .await
            .is_err()
        {
            return Err(StoreError::Unavailable(format!(
                "cannot listen for changes on {}",
                place(url)
            )));
        }
        Ok(store)
    }

    /// The game `id` as of one moment, if stored — and, given `newer_than`, only if its version
    /// is not that one.
    async fn load(&self, id: &str, newer_than: Option<i64>) -> Result<Option<GameRow>, StoreError> {
        let client = self.client().await?;
        let statement = client.prepare_cached(LOAD).await.map_err(pg)?;
        let Some(r) = client
            .query_opt(
                &statement,
                &[&id, &newer_than, &(CHAT_KEPT as i64), &now_ms()],
            )
            .await
            .map_err(pg)?
        else {
            return Ok(None);
        };
        let kinds: Vec<String> = r.get(8);
        let levels: Vec<Option<String>> = r.get(9);
        let digests: Vec<Option<String>> = r.get(10);
        let owners: Vec<Option<String>> = r.get(11);
        let keys: Vec<String> = r.get(12);
        let texts: Vec<String> = r.get(13);
        let movers: Vec<i32> = r.get(14);
        let ats: Vec<i64> = r.get(15);
        let seat = |n: i32| {
            u8::try_from(n).map_err(|_| StoreError::Damaged(format!("game {id}: seat {n}")))
        };
        let mut seats = Vec::with_capacity(kinds.len());
        let owned = owners.into_iter().zip(keys);
        for (((kind, level), digest), (owner, keys)) in
            kinds.into_iter().zip(levels).zip(digests).zip(owned)
        {
            seats.push(SeatRow {
                kind: kind.parse()?,
                level,
                token_digest: digest.map(TokenDigest::from_stored),
                owner,
                keys: keys
                    .split(',')
                    .filter(|k| !k.is_empty())
                    .map(|k| TokenDigest::from_stored(k.to_string()))
                    .collect(),
            });
        }
        let mut moves = Vec::with_capacity(texts.len());
        for ((text, mover), at) in texts.into_iter().zip(movers).zip(ats) {
            moves.push(MoveRow {
                text,
                seat: seat(mover)?,
                at,
            });
        }
        let table: String = r.get(16);
        let deadline: Option<i64> = r.get(17);
        let table = serde_json::from_str(&table)
            .map_err(|e| StoreError::Damaged(format!("game {id}: its table: {e}")))?;
        let mut chat = Vec::new();
        let senders: Vec<i32> = r.get(18);
        let lines: Vec<String> = r.get(19);
        let sent: Vec<i64> = r.get(20);
        for ((sender, text), at) in senders.into_iter().zip(lines).zip(sent) {
            chat.push(ChatRow {
                seat: seat(sender)?,
                text,
                at,
            });
        }
        let present = r
            .get::<_, Vec<i32>>(21)
            .into_iter()
            .map(seat)
            .collect::<Result<_, _>>()?;
        Ok(Some(GameRow {
            id: r.get(0),
            game: r.get(1),
            variant: r.get(2),
            players: r.get::<_, i32>(3) as usize,
            seats,
            moves,
            to_move: r.get::<_, Option<i32>>(4).map(seat).transpose()?,
            version: r.get(5),
            created: r.get(6),
            updated: r.get(7),
            table,
            chat,
            present,
            deadline,
        }))
    }

    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(pool_error)
    }

    async fn migrate(&self, url: &str) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        // Held to the end of this transaction: another process migrating waits here, then finds
        // the work done.
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .await
            .map_err(pg)?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS trigonal_schema (version INTEGER NOT NULL);
             INSERT INTO trigonal_schema SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM trigonal_schema);",
        )
        .await
        .map_err(pg)?;
        let found: i32 = tx
            .query_one("SELECT version FROM trigonal_schema", &[])
            .await
            .map_err(pg)?
            .get(0);
        if found < 0 || found as usize > MIGRATIONS.len() {
            return Err(StoreError::TooNew {
                place: place(url),
                found: i64::from(found),
                known: MIGRATIONS.len(),
            });
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
            tx.batch_execute(sql).await.map_err(pg)?;
            tracing::info!(version = i + 1, "database migrated");
        }
        tx.execute(
            "UPDATE trigonal_schema SET version = $1",
            &[&(MIGRATIONS.len() as i32)],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)
    }
}

#[async_trait]
impl Store for PgStore {
    fn kind(&self) -> &'static str {
        "postgresql"
    }

    async fn schema_version(&self) -> Result<i64, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_one("SELECT version FROM trigonal_schema", &[])
            .await
            .map_err(pg)?;
        Ok(i64::from(row.get::<_, i32>(0)))
    }

    async fn insert_game(&self, game: GameRow, computer_due: bool) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        insert(&tx, &game, computer_due).await?;
        tx.commit().await.map_err(pg)
    }

    async fn load_game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        self.load(id, None).await
    }

    async fn load_game_newer(&self, id: &str, than: i64) -> Result<Option<GameRow>, StoreError> {
        self.load(id, Some(than)).await
    }

    async fn commit(&self, commit: Commit) -> Result<Committed, StoreError> {
        let mut client = self.client().await?;
        let to_move = commit.to_move.map(i32::from);
        let (head, ply, text, seat): (&str, i32, Option<&str>, Option<i32>) = match &commit.change {
            Change::Move { ply, mv } => (
                MOVE,
                *ply as i32,
                Some(mv.text.as_str()),
                Some(i32::from(mv.seat)),
            ),
            Change::TakeBack { from } => (TAKE_BACK, *from as i32, None, None),
            Change::Join { seat, digest, .. } => {
                (JOIN, i32::from(*seat), Some(digest.as_str()), None)
            }
            Change::Key { seat, digest } => (KEY, i32::from(*seat), Some(digest.as_str()), None),
            Change::Own { seat, .. } => (OWN, i32::from(*seat), None, None),
            Change::Claim { seat, digest } => {
                (CLAIM, i32::from(*seat), Some(digest.as_str()), None)
            }
            Change::Table | Change::Rematch { .. } => (TABLE, 0, None, None),
            Change::HandOver { seat, level } => {
                (HAND_OVER, i32::from(*seat), Some(level.as_str()), None)
            }
            Change::Say(m) => (SAY, 0, Some(m.text.as_str()), Some(i32::from(m.seat))),
        };
        // One parameter list, typed, for every statement: each uses the ones it needs.
        let sql = format!("{head}{TAIL}");
        let table = table_json(&commit.table);
        let account = match &commit.change {
            Change::Join { owner, .. } => owner.as_deref(),
            Change::Own { owner, .. } => Some(owner.as_str()),
            _ => None,
        };
        let parameters: [&(dyn tokio_postgres::types::ToSql + Sync); 12] = [
            &commit.game,
            &commit.version,
            &ply,
            &text,
            &seat,
            &to_move,
            &commit.computer_due,
            &commit.at,
            &commit.by,
            &table,
            &commit.deadline,
            &account,
        ];
        let transaction = matches!(commit.change, Change::Rematch { .. }) || commit.rate.is_some();
        let result = if transaction {
            // The link and the new game in one transaction.
            let tx = client.transaction().await.map_err(pg)?;
            let statement = tx
                .prepare_typed_cached(&sql, &PARAMETERS)
                .await
                .map_err(pg)?;
            match tx.query_opt(&statement, &parameters).await {
                Ok(Some(row)) => {
                    if let Change::Rematch { game, computer_due } = &commit.change {
                        insert(&tx, game, *computer_due).await?;
                    }
                    if let Some(rate) = &commit.rate {
                        settle(&tx, &commit.game, rate, commit.at).await?;
                    }
                    tx.commit().await.map(|()| Some(row))
                }
                other => other,
            }
        } else {
            let statement = client
                .prepare_typed_cached(&sql, &PARAMETERS)
                .await
                .map_err(pg)?;
            client.query_opt(&statement, &parameters).await
        };
        match result {
            Ok(Some(row)) => Ok(Committed::Done {
                version: row.get(0),
            }),
            Ok(None) => Ok(Committed::Stale),
            // The ply was taken by a change committed meanwhile.
            Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => Ok(Committed::Stale),
            Err(e) => Err(pg(e)),
        }
    }

    async fn list_games(&self, open_only: bool, limit: usize) -> Result<Vec<Summary>, StoreError> {
        let client = self.client().await?;
        let sql = if open_only {
            "SELECT g.id, g.game, g.variant, g.players, g.ply, g.to_move, g.created,
                    ARRAY(SELECT s.seat FROM seats s WHERE s.game_id = g.id AND s.kind = 'open'
                          AND s.token_digest IS NULL ORDER BY s.seat),
                    g.table_state
             FROM games g
             WHERE g.to_move IS NOT NULL AND EXISTS
                   (SELECT 1 FROM seats s
                    WHERE s.game_id = g.id AND s.kind = 'open' AND s.token_digest IS NULL)
             ORDER BY g.created DESC, g.id LIMIT $1"
        } else {
            "SELECT g.id, g.game, g.variant, g.players, g.ply, g.to_move, g.created,
                    ARRAY(SELECT s.seat FROM seats s WHERE s.game_id = g.id AND s.kind = 'open'
                          AND s.token_digest IS NULL ORDER BY s.seat),
                    g.table_state
             FROM games g
             ORDER BY g.created DESC, g.id LIMIT $1"
        };
        let statement = client.prepare_cached(sql).await.map_err(pg)?;
        let rows = client
            .query(&statement, &[&(limit as i64)])
            .await
            .map_err(pg)?;
        Ok(rows
            .into_iter()
            .map(|r| Summary {
                id: r.get(0),
                game: r.get(1),
                variant: r.get(2),
                players: r.get::<_, i32>(3) as usize,
                ply: r.get::<_, i32>(4) as usize,
                over: r.get::<_, Option<i32>>(5).is_none(),
                open_seats: r
                    .get::<_, Vec<i32>>(7)
                    .into_iter()
                    .filter_map(|s| u8::try_from(s).ok())
                    .collect(),
                clock: crate::control_of(&r.get::<_, String>(8)),
                created: r.get(6),
            })
            .collect())
    }

    async fn claim_jobs(
        &self,
        owner: &str,
        lease: Duration,
        max: usize,
    ) -> Result<Vec<Claim>, StoreError> {
        let client = self.client().await?;
        let now = now_ms();
        let until = now + ms(lease);
        let others_from = now - ms(AFFINITY);
        // SKIP LOCKED: processes claiming at once each take different jobs, none waits.
        let statement = client
            .prepare_cached(
                "UPDATE jobs SET owner = $1, lease_until = $2
                 WHERE (game_id, kind) IN
                   (SELECT game_id, kind FROM jobs WHERE kind = 'move' AND lease_until <= $3
                    AND (prefer IS NULL OR prefer = $1 OR due <= $5)
                    ORDER BY due LIMIT $4 FOR UPDATE SKIP LOCKED)
                 RETURNING game_id, ply",
            )
            .await
            .map_err(pg)?;
        let rows = client
            .query(
                &statement,
                &[&owner, &until, &now, &(max as i64), &others_from],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .into_iter()
            .map(|r| Claim {
                game: r.get(0),
                ply: r.get::<_, i32>(1) as usize,
            })
            .collect())
    }

    async fn jobs_waiting(&self, now: i64) -> Result<u64, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_one(
                "SELECT count(*) FROM jobs WHERE kind = 'move' AND lease_until <= $1",
                &[&now],
            )
            .await
            .map_err(pg)?;
        Ok(row.get::<_, i64>(0).max(0) as u64)
    }

    async fn renew(&self, claim: &Claim, owner: &str, lease: Duration) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let until = now_ms() + ms(lease);
        let n = client
            .execute(
                "UPDATE jobs SET lease_until = $4
                 WHERE game_id = $1 AND kind = 'move' AND ply = $2 AND owner = $3",
                &[&claim.game, &(claim.ply as i32), &owner, &until],
            )
            .await
            .map_err(pg)?;
        Ok(n == 1)
    }

    async fn release(
        &self,
        claim: &Claim,
        owner: &str,
        retry_after: Duration,
    ) -> Result<(), StoreError> {
        let client = self.client().await?;
        let at = now_ms() + ms(retry_after);
        client
            .execute(
                "UPDATE jobs SET owner = NULL, lease_until = $4
                 WHERE game_id = $1 AND kind = 'move' AND ply = $2 AND owner = $3",
                &[&claim.game, &(claim.ply as i32), &owner, &at],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn set_presence(
        &self,
        game: &str,
        seat: u8,
        owner: &str,
        sockets: u32,
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let now = now_ms();
        let seat = i32::from(seat);
        let tx = client.transaction().await.map_err(pg)?;
        // Serialises the presence changes of one game, so that each sees the one before.
        tx.execute("SELECT pg_advisory_xact_lock(hashtext($1))", &[&game])
            .await
            .map_err(pg)?;
        let before: Vec<i32> = tx
            .query(PRESENT, &[&game, &now])
            .await
            .map_err(pg)?
            .iter()
            .map(|r| r.get(0))
            .collect();
        if sockets == 0 {
            tx.execute(
                "DELETE FROM presence WHERE game_id = $1 AND seat = $2 AND owner = $3",
                &[&game, &seat, &owner],
            )
            .await
            .map_err(pg)?;
        } else {
            tx.execute(
                "INSERT INTO presence (game_id, seat, owner, sockets, expires)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (game_id, seat, owner) DO UPDATE
                 SET sockets = excluded.sockets, expires = excluded.expires",
                &[
                    &game,
                    &seat,
                    &owner,
                    &(sockets as i32),
                    &(now + ms(PRESENCE_TTL)),
                ],
            )
            .await
            .map_err(pg)?;
        }
        let after: Vec<i32> = tx
            .query(PRESENT, &[&game, &now])
            .await
            .map_err(pg)?
            .iter()
            .map(|r| r.get(0))
            .collect();
        if after != before {
            tx.execute("SELECT pg_notify('trigonal_presence', $1)", &[&game])
                .await
                .map_err(pg)?;
        }
        tx.commit().await.map_err(pg)
    }

    async fn renew_presence(&self, owner: &str) -> Result<(), StoreError> {
        let client = self.client().await?;
        let now = now_ms();
        client
            .execute(
                "UPDATE presence SET expires = $2 WHERE owner = $1",
                &[&owner, &(now + ms(PRESENCE_TTL))],
            )
            .await
            .map_err(pg)?;
        client
            .execute(
                "WITH lapsed AS (DELETE FROM presence WHERE expires <= $1 RETURNING game_id)
                 SELECT pg_notify('trigonal_presence', game_id)
                 FROM (SELECT DISTINCT game_id FROM lapsed) l",
                &[&now],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn request_analysis(
        &self,
        game: &str,
        total: usize,
        now: i64,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "WITH asked AS (
                     INSERT INTO analyses (game_id, total, requested) VALUES ($1, $2, $3)
                     ON CONFLICT (game_id) DO NOTHING RETURNING game_id
                 )
                 SELECT pg_notify('trigonal_jobs', '') FROM asked",
                &[&game, &(total as i32), &now],
            )
            .await
            .map_err(pg)?;
        Ok(n == 1)
    }

    async fn claim_analysis(
        &self,
        owner: &str,
        lease: Duration,
    ) -> Result<Option<(String, usize)>, StoreError> {
        let client = self.client().await?;
        let now = now_ms();
        let row = client
            .query_opt(
                "UPDATE analyses SET owner = $1, lease_until = $2
                 WHERE game_id = (SELECT game_id FROM analyses
                                  WHERE done < total AND lease_until <= $3
                                  ORDER BY requested LIMIT 1 FOR UPDATE SKIP LOCKED)
                 RETURNING game_id, done",
                &[&owner, &(now + ms(lease)), &now],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| (r.get(0), r.get::<_, i32>(1) as usize)))
    }

    async fn save_analysis(
        &self,
        game: &str,
        owner: &str,
        entries: String,
        done: usize,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "UPDATE analyses SET entries = $3, done = $4, lease_until = $5
                 WHERE game_id = $1 AND owner = $2",
                &[
                    &game,
                    &owner,
                    &entries,
                    &(done as i32),
                    &(now_ms() + ms(lease)),
                ],
            )
            .await
            .map_err(pg)?;
        Ok(n == 1)
    }

    async fn load_analysis(&self, game: &str) -> Result<Option<AnalysisRow>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT total, done, entries FROM analyses WHERE game_id = $1",
                &[&game],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| AnalysisRow {
            total: r.get::<_, i32>(0) as usize,
            done: r.get::<_, i32>(1) as usize,
            entries: r.get(2),
        }))
    }

    async fn create_account(
        &self,
        account: AccountRow,
        bot_token: Option<TokenDigest>,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "INSERT INTO accounts (id, name, name_key, password_hash, created, bot_token)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name_key) DO NOTHING",
                &[
                    &account.id,
                    &account.name,
                    &account.name.to_lowercase(),
                    &account.password_hash,
                    &account.created,
                    &bot_token.as_ref().map(TokenDigest::as_str),
                ],
            )
            .await
            .map_err(pg)?;
        Ok(n == 1)
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<AccountRow>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT id, name, password_hash, created, bot_token IS NOT NULL FROM accounts WHERE name_key = $1",
                &[&name.to_lowercase()],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| account_row(&r)))
    }

    async fn bot_by_token(&self, digest: &TokenDigest) -> Result<Option<AccountRow>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT id, name, password_hash, created, bot_token IS NOT NULL FROM accounts
                 WHERE bot_token = $1",
                &[&digest.as_str()],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| account_row(&r)))
    }

    async fn bots(&self) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT name FROM accounts WHERE bot_token IS NOT NULL ORDER BY name_key",
                &[],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    async fn set_password(
        &self,
        account: &str,
        password_hash: &str,
        keep: &TokenDigest,
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        tx.execute(
            "UPDATE accounts SET password_hash = $2 WHERE id = $1",
            &[&account, &password_hash],
        )
        .await
        .map_err(pg)?;
        tx.execute(
            "DELETE FROM sessions WHERE account = $1 AND digest <> $2",
            &[&account, &keep.as_str()],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)
    }

    async fn create_session(&self, session: SessionRow) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO sessions (digest, account, created, expires) VALUES ($1, $2, $3, $4)",
                &[
                    &session.digest.as_str(),
                    &session.account,
                    &session.created,
                    &session.expires,
                ],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn session(
        &self,
        digest: &TokenDigest,
        now: i64,
    ) -> Result<Option<AccountRow>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT a.id, a.name, a.password_hash, a.created, a.bot_token IS NOT NULL FROM sessions s
                 JOIN accounts a ON a.id = s.account WHERE s.digest = $1 AND s.expires > $2",
                &[&digest.as_str(), &now],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| account_row(&r)))
    }

    async fn end_session(&self, digest: &TokenDigest, now: i64) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "DELETE FROM sessions WHERE digest = $1 OR expires <= $2",
                &[&digest.as_str(), &now],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn account_seats(
        &self,
        account: &str,
        limit: usize,
    ) -> Result<Vec<(String, u8)>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT s.game_id, s.seat FROM seats s JOIN games g ON g.id = s.game_id
                 WHERE s.owner = $1 ORDER BY g.updated DESC, g.id, s.seat LIMIT $2",
                &[&account, &(limit as i64)],
            )
            .await
            .map_err(pg)?;
        rows.iter()
            .map(|r| {
                let seat: i32 = r.get(1);
                Ok((
                    r.get(0),
                    u8::try_from(seat).map_err(|_| StoreError::Damaged(format!("seat {seat}")))?,
                ))
            })
            .collect()
    }

    async fn recompute_ratings(&self) -> Result<usize, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        // One recomputation at a time, and no rated game settled meanwhile.
        tx.batch_execute("LOCK TABLE rated_games IN EXCLUSIVE MODE; DELETE FROM ratings; DELETE FROM rating_history;")
            .await
            .map_err(pg)?;
        let rows = tx
            .query(
                "SELECT game_id, pool, accounts, places, ended FROM rated_games
                 ORDER BY seq",
                &[],
            )
            .await
            .map_err(pg)?;
        for r in &rows {
            let game: String = r.get(0);
            let damaged = || StoreError::Damaged(format!("rated game {game}: its stored result"));
            let rate = crate::RatedResult {
                pool: r.get(1),
                accounts: serde_json::from_str(r.get(2)).map_err(|_| damaged())?,
                places: serde_json::from_str(r.get(3)).map_err(|_| damaged())?,
            };
            apply_ratings(&tx, &game, &rate, r.get(4)).await?;
        }
        tx.commit().await.map_err(pg)?;
        Ok(rows.len())
    }

    async fn ratings(&self, account: &str) -> Result<Vec<crate::RatingRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT pool, rating, deviation, volatility, games FROM ratings
                 WHERE account = $1 ORDER BY pool",
                &[&account],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|r| crate::RatingRow {
                pool: r.get(0),
                rating: rating_at(r, 1),
            })
            .collect())
    }

    async fn rating_history(
        &self,
        account: &str,
        pool: &str,
    ) -> Result<Vec<(i64, f64)>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT at, rating FROM rating_history WHERE account = $1 AND pool = $2
                 ORDER BY at, game_id",
                &[&account, &pool],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    async fn leaderboard(
        &self,
        pool: &str,
        limit: usize,
    ) -> Result<Vec<(String, trigonal_ratings::Rating)>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT a.name, r.rating, r.deviation, r.volatility, r.games
                 FROM ratings r JOIN accounts a ON a.id = r.account
                 WHERE r.pool = $1 AND r.games > 0 ORDER BY r.rating DESC, a.name LIMIT $2",
                &[&pool, &(limit as i64)],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| (r.get(0), rating_at(r, 1))).collect())
    }

    async fn due_deadlines(&self, now: i64, max: usize) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= $1
                 ORDER BY deadline LIMIT $2",
            )
            .await
            .map_err(pg)?;
        let rows = client
            .query(&statement, &[&now, &(max as i64)])
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    async fn present(&self, game: &str) -> Result<Vec<u8>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(PRESENT, &[&game, &now_ms()])
            .await
            .map_err(pg)?;
        rows.iter()
            .map(|r| {
                let seat: i32 = r.get(0);
                u8::try_from(seat)
                    .map_err(|_| StoreError::Damaged(format!("game {game}: seat {seat}")))
            })
            .collect()
    }

    fn events(&self) -> broadcast::Receiver<StoreEvent> {
        self.events.subscribe()
    }
}
