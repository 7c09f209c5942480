-- 10: ratings, their history, and the rated games they were settled from.
CREATE TABLE ratings (
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
CREATE SEQUENCE rating_order;
