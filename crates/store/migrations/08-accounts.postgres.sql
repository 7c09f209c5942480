-- 8: accounts and their sessions (only digests of session secrets).
CREATE TABLE accounts (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    name_key      TEXT NOT NULL UNIQUE,    -- the name in lower case: unique ignoring case
    password_hash TEXT NOT NULL,           -- Argon2id, PHC string
    created       BIGINT NOT NULL
);
CREATE TABLE sessions (
    digest   TEXT PRIMARY KEY,             -- SHA-256 of the cookie's secret
    account  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created  BIGINT NOT NULL,
    expires  BIGINT NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account);
