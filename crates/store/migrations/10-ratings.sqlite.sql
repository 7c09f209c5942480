-- 10: ratings, their history, and the rated games they were settled from.
CREATE TABLE ratings (
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
) WITHOUT ROWID;
