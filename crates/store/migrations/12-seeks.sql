-- 12: seeks, and the people with a seat in each (the seeker first).
CREATE TABLE seeks (
    id         TEXT PRIMARY KEY,
    seeker     TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game       TEXT NOT NULL,
    players    INTEGER NOT NULL,
    variant    TEXT,
    clock      TEXT,                       -- JSON: the clock's control, if any
    rated      BOOLEAN NOT NULL,
    quick      BOOLEAN NOT NULL,           -- made by quick pairing: its range widens as it waits
    rating_min INTEGER,
    rating_max INTEGER,
    created    BIGINT NOT NULL,
    expires    BIGINT NOT NULL,
    game_id    TEXT                        -- the game it became, once full
);
CREATE INDEX seeks_by_seeker ON seeks (seeker);
CREATE TABLE seek_seats (
    seek_id    TEXT NOT NULL REFERENCES seeks (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,           -- the order people came in
    account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    rating     INTEGER NOT NULL,
    PRIMARY KEY (seek_id, n),
    UNIQUE (seek_id, account)
);
