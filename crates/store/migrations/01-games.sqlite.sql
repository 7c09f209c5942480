-- 1: games, their seats, their moves.
CREATE TABLE games (
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
) WITHOUT ROWID;
