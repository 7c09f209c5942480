-- 11: bots: accounts with an API token (its digest).
ALTER TABLE accounts ADD COLUMN bot_token TEXT;
CREATE UNIQUE INDEX accounts_by_bot_token ON accounts (bot_token) WHERE bot_token IS NOT NULL;
