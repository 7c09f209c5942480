//! The SQLite schema: one migration per version of `PRAGMA user_version`, applied in order.

use super::*;

/// One step of the schema.
pub(super) enum Migration {
    /// Statements.
    Sql(&'static str),
    /// Work SQL alone cannot do.
    Code(fn(&rusqlite::Transaction<'_>) -> rusqlite::Result<()>),
}

/// The schema, one migration per version: migration `i` takes `user_version` from `i` to `i + 1`.
/// Append new migrations; never edit a released one.
pub(super) const MIGRATIONS: &[Migration] = &[
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
pub(super) fn digest_tokens(tx: &rusqlite::Transaction<'_>) -> rusqlite::Result<()> {
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

/// Brings the schema up to date, one migration per transaction.
pub(super) fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
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
