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
    ms, now_ms, AccountRow, Accounts, Analyses, AnalysisRow, Change, ChatRow, Claim, Commit,
    Committed, GameRow, Games, Jobs, MoveRow, Presence, Ratings, SeatRow, SessionRow, Store,
    StoreError, StoreEvent, Summary, TokenDigest, AFFINITY, CHAT_KEPT, EVENTS, PATIENCE,
    PRESENCE_TTL,
};

mod accounts;
mod analyses;
mod events;
mod games;
mod learning;
mod mail;
mod push;
mod ratings;
mod rows;
mod safety;
pub(crate) mod schema;
mod seeks;
mod sql;
mod tournaments;

use events::*;
use rows::*;
use schema::*;
use sql::*;

/// The channel of changed seeks; no payload.
pub const SEEKS: &str = "trigonal_seeks";
/// The channel of changed tournaments; payload: the tournament's id.
pub const TOURNAMENTS: &str = "trigonal_tournaments";
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
        migrate(&mut client, url).await
    }
}

/// Brings the database `client` is connected to (at `url`) to the newest schema, one step at a
/// time, in one transaction; a database newer than this build is refused.
pub(crate) async fn migrate(
    client: &mut tokio_postgres::Client,
    url: &str,
) -> Result<(), StoreError> {
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
}
