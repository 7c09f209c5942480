-- 15: Web Push — the subscriptions of each account's browsers, and the site's keys (the VAPID
-- key pair every process signs pushes with, made by the first that needs it).
CREATE TABLE push_subscriptions (
    endpoint   TEXT PRIMARY KEY,           -- the push service's URL for one browser
    account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    p256dh     TEXT NOT NULL,              -- the browser's public key, base64url
    auth       TEXT NOT NULL,              -- its authentication secret, base64url
    created    BIGINT NOT NULL
);
CREATE INDEX push_by_account ON push_subscriptions (account);
CREATE TABLE site_keys (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL
);
