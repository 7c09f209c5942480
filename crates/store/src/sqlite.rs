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
    // 3: a version per game, counting its changes (every change names the version it was
    // planned on); the computer's due moves as jobs with leases.
    Migration::Sql(
        "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE jobs (
        game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind        TEXT NOT NULL,            -- move: a computer seat is to move
        ply         INTEGER NOT NULL,         -- the ply it is due at
        due         INTEGER NOT NULL,         -- since when, unix milliseconds
        owner       TEXT,                     -- the process holding it
        lease_until INTEGER NOT NULL DEFAULT 0, -- free once this is past (unix milliseconds)
        PRIMARY KEY (game_id, kind)
    ) WITHOUT ROWID;
    CREATE INDEX jobs_free ON jobs (lease_until, due);
    INSERT INTO jobs (game_id, kind, ply, due)
        SELECT g.id, 'move', g.ply, g.updated FROM games g
        JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move WHERE s.kind = 'ai';",
    ),
    // 4: the process that made a game's last computer move (it keeps the search), to which the
    // next one is offered first.
    Migration::Sql(
        "ALTER TABLE games ADD COLUMN computer_owner TEXT;
    ALTER TABLE jobs ADD COLUMN prefer TEXT;",
    ),
    // 5: what is around the board (names, resignations, offers, endings: JSON, see `Table`),
    // chat, and who has each game open.
    Migration::Sql(
        "ALTER TABLE games ADD COLUMN table_state TEXT NOT NULL DEFAULT '{}';
    CREATE TABLE chat (
        game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        n        INTEGER NOT NULL,            -- 0, 1, … in the order sent
        seat     INTEGER NOT NULL,
        text     TEXT NOT NULL,
        at       INTEGER NOT NULL,            -- unix milliseconds
        PRIMARY KEY (game_id, n)
    ) WITHOUT ROWID;
    CREATE TABLE presence (
        game_id  TEXT NOT NULL,
        seat     INTEGER NOT NULL,
        owner    TEXT NOT NULL,               -- the process holding the connections
        sockets  INTEGER NOT NULL,
        expires  INTEGER NOT NULL,            -- unix milliseconds, unless renewed
        PRIMARY KEY (game_id, seat, owner)
    ) WITHOUT ROWID;
    CREATE INDEX presence_by_owner ON presence (owner);",
    ),
    // 6: when the time of the seat to move runs out, in games with clocks.
    Migration::Sql(
        "ALTER TABLE games ADD COLUMN deadline INTEGER;
    CREATE INDEX games_by_deadline ON games (deadline) WHERE deadline IS NOT NULL;",
    ),
    // 7: analyses of finished games, claimed like computer moves.
    Migration::Sql(
        "CREATE TABLE analyses (
        game_id     TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        total       INTEGER NOT NULL,         -- positions to analyse
        done        INTEGER NOT NULL DEFAULT 0,
        entries     TEXT NOT NULL DEFAULT '[]', -- JSON, one entry a position
        requested   INTEGER NOT NULL,         -- unix milliseconds
        owner       TEXT,
        lease_until INTEGER NOT NULL DEFAULT 0
    ) WITHOUT ROWID;",
    ),
    // 8: accounts and their sessions (only digests of session secrets).
    Migration::Sql(
        "CREATE TABLE accounts (
        id            TEXT PRIMARY KEY NOT NULL,
        name          TEXT NOT NULL,
        name_key      TEXT NOT NULL UNIQUE,   -- the name in lower case: unique ignoring case
        password_hash TEXT NOT NULL,          -- Argon2id, PHC string
        created       INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE sessions (
        digest   TEXT PRIMARY KEY NOT NULL,   -- SHA-256 of the cookie's secret
        account  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created  INTEGER NOT NULL,
        expires  INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX sessions_by_account ON sessions (account);",
    ),
    // 9: seats that belong to accounts, and the further tokens that play them.
    Migration::Sql(
        "ALTER TABLE seats ADD COLUMN owner TEXT;
    CREATE INDEX seats_by_owner ON seats (owner) WHERE owner IS NOT NULL;
    CREATE TABLE seat_keys (
        game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        digest   TEXT NOT NULL,               -- SHA-256 of a token that plays the seat
        PRIMARY KEY (game_id, seat, digest)
    ) WITHOUT ROWID;",
    ),
    // 10: ratings, their history, and the rated games they were settled from.
    Migration::Sql(
        "CREATE TABLE ratings (
        account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        pool       TEXT NOT NULL,
        rating     REAL NOT NULL,
        deviation  REAL NOT NULL,
        volatility REAL NOT NULL,
        games      INTEGER NOT NULL,
        PRIMARY KEY (account, pool)
    ) WITHOUT ROWID;
    CREATE INDEX ratings_by_pool ON ratings (pool, rating);
    CREATE TABLE rating_history (
        account    TEXT NOT NULL,
        pool       TEXT NOT NULL,
        game_id    TEXT NOT NULL,
        rating     REAL NOT NULL,
        deviation  REAL NOT NULL,
        at         INTEGER NOT NULL,
        PRIMARY KEY (account, pool, game_id)
    ) WITHOUT ROWID;
    CREATE TABLE rated_games (
        game_id    TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        pool       TEXT NOT NULL,
        accounts   TEXT NOT NULL,             -- JSON: each seat's account
        places     TEXT NOT NULL,             -- JSON: each seat's place
        ended      INTEGER NOT NULL,
        seq        INTEGER                    -- the order the ratings were settled in
    ) WITHOUT ROWID;",
    ),
    // 11: bots: accounts with an API token (its digest).
    Migration::Sql(
        "ALTER TABLE accounts ADD COLUMN bot_token TEXT;
    CREATE UNIQUE INDEX accounts_by_bot_token ON accounts (bot_token) WHERE bot_token IS NOT NULL;",
    ),
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

/// The most requests committed together.
const MAX_BATCH: usize = 256;

/// What a request does once its batch is committed (or not): answers its caller.
type Done = Box<dyn FnOnce(Option<&str>) + Send>;

/// A request to the database thread: runs in its savepoint (or is told why there is none).
type Request = Box<dyn for<'a> FnOnce(Result<Savepoint<'a>, String>) -> Done + Send>;

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

/// The seats of game `id` shown present now.
fn present(c: &Savepoint<'_>, id: &str) -> rusqlite::Result<Vec<u8>> {
    c.prepare_cached(
        "SELECT DISTINCT seat FROM presence
         WHERE game_id = ?1 AND sockets > 0 AND expires > ?2 ORDER BY seat",
    )?
    .query_map(params![id, now_ms()], |r| r.get(0))?
    .collect()
}

/// Writes a new game: its row, seats, moves, and its computer job when `computer_due`.
fn insert(tx: &Savepoint<'_>, game: &GameRow, computer_due: bool) -> rusqlite::Result<()> {
    let ply = game.moves.len();
    tx.execute(
        "INSERT INTO games (id, game, variant, players, ply, to_move, version, created, updated,
                            table_state, deadline)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            game.id,
            game.game,
            game.variant,
            game.players as i64,
            ply as i64,
            game.to_move,
            game.version,
            game.created,
            game.updated,
            table_json(&game.table),
            game.deadline,
        ],
    )?;
    let mut seat = tx.prepare_cached(
        "INSERT INTO seats (game_id, seat, kind, level, token_digest, owner)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    let mut key =
        tx.prepare_cached("INSERT INTO seat_keys (game_id, seat, digest) VALUES (?1, ?2, ?3)")?;
    for (i, s) in game.seats.iter().enumerate() {
        seat.execute(params![
            game.id,
            i as i64,
            s.kind.as_str(),
            s.level,
            s.token_digest.as_ref().map(TokenDigest::as_str),
            s.owner
        ])?;
        for k in &s.keys {
            key.execute(params![game.id, i as i64, k.as_str()])?;
        }
    }
    let mut mv = tx.prepare_cached(
        "INSERT INTO moves (game_id, ply, move, seat, at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (ply, m) in game.moves.iter().enumerate() {
        mv.execute(params![game.id, ply as i64, m.text, m.seat, m.at])?;
    }
    let mut say = tx.prepare_cached(
        "INSERT INTO chat (game_id, n, seat, text, at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (n, m) in game.chat.iter().enumerate() {
        say.execute(params![game.id, n as i64, m.seat, m.text, m.at])?;
    }
    if computer_due {
        keep_job(tx, &game.id, ply, true, game.created)?;
    }
    Ok(())
}

/// Settles the ratings of the rated game `game` that ended at `at`, once: a second settling of
/// the same game changes nothing.
fn settle(
    tx: &Savepoint<'_>,
    game: &str,
    rate: &crate::RatedResult,
    at: i64,
) -> rusqlite::Result<()> {
    let first = tx
        .prepare_cached(
            "INSERT INTO rated_games (game_id, pool, accounts, places, ended)
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
        )?
        .execute(params![
            game,
            rate.pool,
            serde_json::to_string(&rate.accounts).expect("accounts serialise"),
            serde_json::to_string(&rate.places).expect("places serialise"),
            at
        ])?;
    if first == 0 {
        return Ok(());
    }
    tx.prepare_cached(
        "UPDATE rated_games SET seq = (SELECT coalesce(max(seq), 0) + 1 FROM rated_games)
         WHERE game_id = ?1",
    )?
    .execute([game])?;
    apply_ratings(tx, game, rate, at)
}

/// The ratings of `rate`'s players after game `game`, written with their history.
fn apply_ratings(
    tx: &Savepoint<'_>,
    game: &str,
    rate: &crate::RatedResult,
    at: i64,
) -> rusqlite::Result<()> {
    let mut before = Vec::with_capacity(rate.accounts.len());
    for account in &rate.accounts {
        let rating = tx
            .prepare_cached(
                "SELECT rating, deviation, volatility, games FROM ratings
                 WHERE account = ?1 AND pool = ?2",
            )?
            .query_row(params![account, rate.pool], |r| rating_at(r, 0))
            .optional()?;
        before.push(rating.unwrap_or(trigonal_ratings::Rating::START));
    }
    let after = trigonal_ratings::rate(&before, &rate.places);
    for (account, r) in rate.accounts.iter().zip(after) {
        tx.prepare_cached(
            "INSERT INTO ratings (account, pool, rating, deviation, volatility, games)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (account, pool) DO UPDATE SET rating = excluded.rating,
               deviation = excluded.deviation, volatility = excluded.volatility,
               games = excluded.games",
        )?
        .execute(params![
            account,
            rate.pool,
            r.rating,
            r.deviation,
            r.volatility,
            r.games
        ])?;
        tx.prepare_cached(
            "INSERT INTO rating_history (account, pool, game_id, rating, deviation, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![account, rate.pool, game, r.rating, r.deviation, at])?;
    }
    Ok(())
}

/// A rating from a row of `rating, deviation, volatility, games` starting at column `from`.
fn rating_at(r: &rusqlite::Row<'_>, from: usize) -> rusqlite::Result<trigonal_ratings::Rating> {
    Ok(trigonal_ratings::Rating {
        rating: r.get(from)?,
        deviation: r.get(from + 1)?,
        volatility: r.get(from + 2)?,
        games: r.get(from + 3)?,
    })
}

/// An account from a row of `id, name, password_hash, created`.
fn account_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<AccountRow> {
    Ok(AccountRow {
        id: r.get(0)?,
        name: r.get(1)?,
        password_hash: r.get(2)?,
        created: r.get(3)?,
        bot: r.get(4)?,
    })
}

/// The stored form of a table.
pub(crate) fn table_json(table: &Table) -> String {
    serde_json::to_string(table).expect("a table serialises")
}

/// Keeps the computer's job of game `id` in step with a change: due at `ply` when
/// `computer_due`, gone otherwise. A job already due at that ply keeps its lease.
fn keep_job(
    tx: &Savepoint<'_>,
    id: &str,
    ply: usize,
    computer_due: bool,
    at: i64,
) -> rusqlite::Result<()> {
    if computer_due {
        tx.execute(
            "INSERT INTO jobs (game_id, kind, ply, due, owner, lease_until, prefer)
             VALUES (?1, 'move', ?2, ?3, NULL, 0,
                     (SELECT computer_owner FROM games WHERE id = ?1))
             ON CONFLICT (game_id, kind) DO UPDATE
             SET ply = excluded.ply, due = excluded.due, owner = NULL, lease_until = 0,
                 prefer = excluded.prefer
             WHERE jobs.ply <> excluded.ply",
            params![id, ply as i64, at],
        )?;
    } else {
        tx.execute(
            "DELETE FROM jobs WHERE game_id = ?1 AND kind = 'move'",
            params![id],
        )?;
    }
    Ok(())
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

/// The database thread: runs the requests in batches until every [`SqliteStore`] handle is gone.
fn run_batches(mut conn: Connection, queue: mpsc::Receiver<Request>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        batch.extend(queue.try_iter().take(MAX_BATCH - 1));
        let mut done = Vec::with_capacity(batch.len());
        match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
            Err(e) => {
                let e = e.to_string();
                for request in batch {
                    done.push(request(Err(e.clone())));
                }
                answer(done, None);
            }
            Ok(mut tx) => {
                for request in batch {
                    let savepoint = tx.savepoint().map_err(|e| e.to_string());
                    // A request that panics is dropped (its caller hears so); the rest go on.
                    if let Ok(d) = catch_unwind(AssertUnwindSafe(|| request(savepoint))) {
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

/// Brings the schema up to date, one migration per transaction.
fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let mut migrated = false;
    loop {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version < 0 || version as usize > MIGRATIONS.len() {
            return Err(StoreError::TooNew {
                place: path.display().to_string(),
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
