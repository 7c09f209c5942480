-- 13: e-mail: each account's address (confirmed by a first mail before any other), whether it
-- wants mail, the token of its unsubscribe link; and the mails to send, retried until sent.
ALTER TABLE accounts ADD COLUMN email TEXT;
ALTER TABLE accounts ADD COLUMN email_verified BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE accounts ADD COLUMN email_check TEXT;
ALTER TABLE accounts ADD COLUMN mail_on BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE accounts ADD COLUMN unsubscribe TEXT;
CREATE UNIQUE INDEX accounts_by_email_check ON accounts (email_check) WHERE email_check IS NOT NULL;
CREATE UNIQUE INDEX accounts_by_unsubscribe ON accounts (unsubscribe) WHERE unsubscribe IS NOT NULL;
CREATE TABLE mails (
    id          TEXT PRIMARY KEY,
    account     TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    once_key    TEXT UNIQUE,               -- at most one mail of a kind (a game's turn, a day)
    address     TEXT NOT NULL,
    subject     TEXT NOT NULL,
    body        TEXT NOT NULL,
    due         BIGINT NOT NULL,           -- when it is (next) tried
    attempts    INTEGER NOT NULL,
    owner       TEXT,                      -- the process sending it, under a lease
    lease_until BIGINT NOT NULL,
    sent        BIGINT                     -- when the server took it
);
CREATE INDEX mails_due ON mails (due) WHERE sent IS NULL;
