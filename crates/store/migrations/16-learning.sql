-- 16: learning — the lessons each account finished; puzzles (the shipped set, and players' own
-- mistakes saved from analysis), with a rating each, each account's puzzle rating per game,
-- each account's attempts, and the puzzle of each day.
CREATE TABLE lessons_done (
    account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game       TEXT NOT NULL,
    lesson     TEXT NOT NULL,
    done       BIGINT NOT NULL,
    PRIMARY KEY (account, game, lesson)
);
CREATE TABLE puzzles (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    players     INTEGER NOT NULL,
    variant     TEXT,
    record      TEXT NOT NULL,          -- the moves from the start, canonical, space-separated
    solution    TEXT NOT NULL,          -- the line to find: the solver's moves and the replies
    goal        TEXT NOT NULL,          -- what to find: win, draw, margin or best
    explanation TEXT NOT NULL,          -- why the answer is right, as JSON ({key, values})
    owner       TEXT REFERENCES accounts (id) ON DELETE CASCADE,  -- one's own mistake; NULL: everyone's
    origin      TEXT,                   -- the game a mistake was made in
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    attempts    INTEGER NOT NULL,
    created     BIGINT NOT NULL
);
CREATE INDEX puzzles_by_game ON puzzles (game, owner, rating);
CREATE TABLE puzzle_attempts (
    account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    puzzle     TEXT NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    correct    BOOLEAN NOT NULL,
    at         BIGINT NOT NULL,
    PRIMARY KEY (account, puzzle)
);
CREATE TABLE puzzle_ratings (
    account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game       TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts   INTEGER NOT NULL,
    PRIMARY KEY (account, game)
);
CREATE TABLE daily_puzzles (
    day        TEXT NOT NULL,           -- YYYY-MM-DD, UTC
    game       TEXT NOT NULL,
    puzzle     TEXT NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    PRIMARY KEY (day, game)
);
