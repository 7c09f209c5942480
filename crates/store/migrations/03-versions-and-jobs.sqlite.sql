-- 3: a version per game, counting its changes (every change names the version it was
-- planned on); the computer's due moves as jobs with leases.
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
CREATE TABLE jobs (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,            -- move: a computer seat is to move
    ply         INTEGER NOT NULL,         -- the ply it is due at
    due         INTEGER NOT NULL,         -- since when, unix milliseconds
    owner       TEXT,                     -- the process holding it
    lease_until INTEGER NOT NULL DEFAULT 0, -- free once this is past (unix milliseconds)
    PRIMARY KEY (game_id, kind)
) WITHOUT ROWID;
CREATE INDEX jobs_free ON jobs (lease_until, due);
INSERT INTO jobs (game_id, kind, ply, due)
    SELECT g.id, 'move', g.ply, g.updated FROM games g
    JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move WHERE s.kind = 'ai';
