-- 9: seats that belong to accounts, and the further tokens that play them.
ALTER TABLE seats ADD COLUMN owner TEXT;
CREATE INDEX seats_by_owner ON seats (owner) WHERE owner IS NOT NULL;
CREATE TABLE seat_keys (
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    digest   TEXT NOT NULL,                -- SHA-256 of a token that plays the seat
    PRIMARY KEY (game_id, seat, digest)
);
