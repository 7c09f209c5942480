-- 1: games, seats, moves, and the computer's jobs.
CREATE TABLE games (
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
CREATE INDEX jobs_free ON jobs (lease_until, due);
