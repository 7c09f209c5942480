-- 14: tournaments, the people (and computer levels) who entered each, and the tables of each
-- round: a game each (a bye has none). A round's tables are stored together, keyed by round and
-- table, so two processes never store one round twice.
CREATE TABLE tournaments (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    system     TEXT NOT NULL,              -- swiss | arena
    creator    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    creator_name TEXT NOT NULL,
    game       TEXT NOT NULL,
    players    INTEGER NOT NULL,           -- seats at each table
    variant    TEXT,
    clock      TEXT,                       -- JSON: the clock's control
    rated      BOOLEAN NOT NULL,
    rounds     INTEGER,                    -- swiss: how many
    minutes    INTEGER,                    -- arena: how long
    capacity   INTEGER NOT NULL,           -- the most entrants
    starts     BIGINT NOT NULL,
    status     TEXT NOT NULL,              -- waiting | running | finished | cancelled
    created    BIGINT NOT NULL,
    started    BIGINT,
    ended      BIGINT
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts);
CREATE TABLE tournament_entrants (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    entrant    TEXT NOT NULL,              -- an account's id, or computer:<level>
    name       TEXT NOT NULL,
    rating     INTEGER NOT NULL,
    level      TEXT,                       -- a computer entrant's level
    withdrawn  BOOLEAN NOT NULL,
    joined     BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, entrant)
);
CREATE TABLE tournament_tables (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round      INTEGER NOT NULL,           -- swiss: the round; arena: the pairing wave
    n          INTEGER NOT NULL,
    game_id    TEXT,                       -- none for a bye
    seated     TEXT NOT NULL,              -- JSON: the entrants, by seat
    places     TEXT,                       -- JSON: each seat's place, once over
    started    BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, round, n)
);
