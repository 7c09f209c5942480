//! The PostgreSQL schema: one migration per version, applied in order under an advisory lock.

/// The key of the advisory lock held while migrating (any fixed number; "trigonal" in ASCII).
pub(super) const MIGRATION_LOCK: i64 = 0x0074_7269_676f_6e61;

/// The schema, one migration per version. Append; never edit a released one.
pub(super) const MIGRATIONS: &[&str] = &[
    // 1: games, seats, moves, and the computer's jobs.
    "CREATE TABLE games (
        id       TEXT PRIMARY KEY,
        game     TEXT NOT NULL,
        variant  TEXT,
        players  INTEGER NOT NULL,
        ply      INTEGER NOT NULL DEFAULT 0,   -- moves played
        to_move  INTEGER,                      -- seat to move; NULL once over
        version  BIGINT NOT NULL DEFAULT 0,    -- changes committed
        created  BIGINT NOT NULL,              -- unix milliseconds
        updated  BIGINT NOT NULL
    );
    CREATE INDEX games_by_created ON games (created DESC, id);
    CREATE TABLE seats (
        game_id      TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL,
        kind         TEXT NOT NULL,            -- human | open | ai | record
        level        TEXT,                     -- for ai seats
        token_digest TEXT,                     -- SHA-256 of the seat's secret
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_open ON seats (game_id) WHERE kind = 'open' AND token_digest IS NULL;
    CREATE TABLE moves (
        game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,
        move     TEXT NOT NULL,                -- canonical notation
        seat     INTEGER NOT NULL,             -- who played it
        at       BIGINT NOT NULL,              -- unix milliseconds
        PRIMARY KEY (game_id, ply)
    );
    CREATE TABLE jobs (
        game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind        TEXT NOT NULL,             -- move: a computer seat is to move
        ply         INTEGER NOT NULL,          -- the ply it is due at
        due         BIGINT NOT NULL,           -- since when, unix milliseconds
        owner       TEXT,                      -- the process holding it
        lease_until BIGINT NOT NULL DEFAULT 0, -- free once this is past
        PRIMARY KEY (game_id, kind)
    );
    CREATE INDEX jobs_free ON jobs (lease_until, due);",
    // 2: the process that made a game's last computer move (it keeps the search), to which the
    // next one is offered first.
    "ALTER TABLE games ADD COLUMN computer_owner TEXT;
    ALTER TABLE jobs ADD COLUMN prefer TEXT;",
    // 3: what is around the board (names, resignations, offers, endings: JSON, see `Table`),
    // chat, and who has each game open.
    "ALTER TABLE games ADD COLUMN table_state TEXT NOT NULL DEFAULT '{}';
    CREATE TABLE chat (
        game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        n        INTEGER NOT NULL,             -- 0, 1, … in the order sent
        seat     INTEGER NOT NULL,
        text     TEXT NOT NULL,
        at       BIGINT NOT NULL,              -- unix milliseconds
        PRIMARY KEY (game_id, n)
    );
    CREATE TABLE presence (
        game_id  TEXT NOT NULL,
        seat     INTEGER NOT NULL,
        owner    TEXT NOT NULL,                -- the process holding the connections
        sockets  INTEGER NOT NULL,
        expires  BIGINT NOT NULL,              -- unix milliseconds, unless renewed
        PRIMARY KEY (game_id, seat, owner)
    );
    CREATE INDEX presence_by_owner ON presence (owner);
    CREATE INDEX presence_by_expiry ON presence (expires);",
    // 4: when the time of the seat to move runs out, in games with clocks.
    "ALTER TABLE games ADD COLUMN deadline BIGINT;
    CREATE INDEX games_by_deadline ON games (deadline) WHERE deadline IS NOT NULL;",
    // 5: analyses of finished games, claimed like computer moves.
    "CREATE TABLE analyses (
        game_id     TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        total       INTEGER NOT NULL,          -- positions to analyse
        done        INTEGER NOT NULL DEFAULT 0,
        entries     TEXT NOT NULL DEFAULT '[]', -- JSON, one entry a position
        requested   BIGINT NOT NULL,           -- unix milliseconds
        owner       TEXT,
        lease_until BIGINT NOT NULL DEFAULT 0
    );",
    // 6: accounts and their sessions (only digests of session secrets).
    "CREATE TABLE accounts (
        id            TEXT PRIMARY KEY,
        name          TEXT NOT NULL,
        name_key      TEXT NOT NULL UNIQUE,    -- the name in lower case: unique ignoring case
        password_hash TEXT NOT NULL,           -- Argon2id, PHC string
        created       BIGINT NOT NULL
    );
    CREATE TABLE sessions (
        digest   TEXT PRIMARY KEY,             -- SHA-256 of the cookie's secret
        account  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created  BIGINT NOT NULL,
        expires  BIGINT NOT NULL
    );
    CREATE INDEX sessions_by_account ON sessions (account);",
    // 7: seats that belong to accounts, and the further tokens that play them.
    "ALTER TABLE seats ADD COLUMN owner TEXT;
    CREATE INDEX seats_by_owner ON seats (owner) WHERE owner IS NOT NULL;
    CREATE TABLE seat_keys (
        game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        digest   TEXT NOT NULL,                -- SHA-256 of a token that plays the seat
        PRIMARY KEY (game_id, seat, digest)
    );",
    // 8: ratings, their history, and the rated games they were settled from.
    "CREATE TABLE ratings (
        account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        pool       TEXT NOT NULL,
        rating     DOUBLE PRECISION NOT NULL,
        deviation  DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games      INTEGER NOT NULL,
        PRIMARY KEY (account, pool)
    );
    CREATE INDEX ratings_by_pool ON ratings (pool, rating DESC);
    CREATE TABLE rating_history (
        account    TEXT NOT NULL,
        pool       TEXT NOT NULL,
        game_id    TEXT NOT NULL,
        rating     DOUBLE PRECISION NOT NULL,
        deviation  DOUBLE PRECISION NOT NULL,
        at         BIGINT NOT NULL,
        PRIMARY KEY (account, pool, game_id)
    );
    CREATE TABLE rated_games (
        game_id    TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        pool       TEXT NOT NULL,
        accounts   TEXT NOT NULL,              -- JSON: each seat's account
        places     TEXT NOT NULL,              -- JSON: each seat's place
        ended      BIGINT NOT NULL,
        seq        BIGINT                      -- the order the ratings were settled in
    );
    CREATE SEQUENCE rating_order;",
    // 9: bots: accounts with an API token (its digest).
    "ALTER TABLE accounts ADD COLUMN bot_token TEXT;
    CREATE UNIQUE INDEX accounts_by_bot_token ON accounts (bot_token) WHERE bot_token IS NOT NULL;",
];
