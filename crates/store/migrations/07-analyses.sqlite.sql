-- 7: analyses of finished games, claimed like computer moves.
CREATE TABLE analyses (
    game_id     TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    total       INTEGER NOT NULL,         -- positions to analyse
    done        INTEGER NOT NULL DEFAULT 0,
    entries     TEXT NOT NULL DEFAULT '[]', -- JSON, one entry a position
    requested   INTEGER NOT NULL,         -- unix milliseconds
    owner       TEXT,
    lease_until INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
