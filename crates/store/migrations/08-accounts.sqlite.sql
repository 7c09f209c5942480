-- 8: accounts and their sessions (only digests of session secrets).
CREATE TABLE accounts (
    id            TEXT PRIMARY KEY NOT NULL,
    name          TEXT NOT NULL,
    name_key      TEXT NOT NULL UNIQUE,   -- the name in lower case: unique ignoring case
    password_hash TEXT NOT NULL,          -- Argon2id, PHC string
    created       INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE sessions (
    digest   TEXT PRIMARY KEY NOT NULL,   -- SHA-256 of the cookie's secret
    account  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created  INTEGER NOT NULL,
    expires  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_by_account ON sessions (account);
