-- 5: what is around the board (names, resignations, offers, endings: JSON, see `Table`),
-- chat, and who has each game open.
ALTER TABLE games ADD COLUMN table_state TEXT NOT NULL DEFAULT '{}';
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
CREATE INDEX presence_by_expiry ON presence (expires);
