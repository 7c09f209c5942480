-- 17: trust and safety — moderators, mutes and closed accounts; deleted accounts (the row kept,
-- emptied of the person: `deleted` says when); two-step sign-in (the TOTP secret, one set up but
-- not confirmed, the last time step taken, and the digests of recovery codes); each session's id
-- in the API, last use and browser; password resets (digests of the links' tokens); blocks;
-- reports; the moderators' log (only ever added to); and names held back after they were let go
-- (digests of their keys, until when).
ALTER TABLE accounts ADD COLUMN moderator BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE accounts ADD COLUMN muted_until BIGINT;
ALTER TABLE accounts ADD COLUMN closed BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE accounts ADD COLUMN deleted BIGINT;
ALTER TABLE accounts ADD COLUMN totp_secret TEXT;
ALTER TABLE accounts ADD COLUMN totp_on BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE accounts ADD COLUMN totp_pending TEXT;
ALTER TABLE accounts ADD COLUMN totp_step BIGINT NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN id TEXT;
ALTER TABLE sessions ADD COLUMN agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_seen BIGINT NOT NULL DEFAULT 0;
UPDATE sessions SET id = substr(digest, 1, 22), last_seen = created;
CREATE UNIQUE INDEX sessions_by_id ON sessions (id);
CREATE TABLE recovery_codes (
    account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    digest     TEXT NOT NULL,              -- SHA-256 of a code, shown once
    PRIMARY KEY (account, digest)
);
CREATE TABLE password_resets (
    digest     TEXT PRIMARY KEY,           -- SHA-256 of the link's token
    account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created    BIGINT NOT NULL,
    expires    BIGINT NOT NULL
);
CREATE INDEX password_resets_by_account ON password_resets (account, created);
CREATE TABLE blocks (
    blocker    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    blocked    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created    BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked)
);
CREATE INDEX blocks_by_blocked ON blocks (blocked);
CREATE TABLE reports (
    id         TEXT PRIMARY KEY,
    account    TEXT NOT NULL,              -- the account reported
    reporter   TEXT NOT NULL,
    reason     TEXT NOT NULL,              -- chat | name | cheating | other
    game       TEXT,
    text       TEXT NOT NULL,
    created    BIGINT NOT NULL,
    status     TEXT NOT NULL               -- open | resolved | dismissed
);
CREATE INDEX reports_by_status ON reports (status, created);
CREATE INDEX reports_by_reporter ON reports (reporter, created);
CREATE TABLE moderation_log (
    id         TEXT PRIMARY KEY,
    at         BIGINT NOT NULL,
    moderator  TEXT NOT NULL,
    target     TEXT NOT NULL,
    action     TEXT NOT NULL,              -- warn | mute | unmute | rename | close | reopen | dismiss
    detail     TEXT,                       -- a mute's end, a rename's new name
    reason     TEXT NOT NULL,
    report     TEXT
);
CREATE INDEX moderation_log_by_at ON moderation_log (at);
CREATE INDEX moderation_log_by_target ON moderation_log (target, at);
CREATE TABLE held_names (
    name       TEXT PRIMARY KEY,           -- a digest of the name's key (held_name)
    until      BIGINT NOT NULL
);
