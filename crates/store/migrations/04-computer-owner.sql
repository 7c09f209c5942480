-- 4: the process that made a game's last computer move (it keeps the search), to which the
-- next one is offered first.
ALTER TABLE games ADD COLUMN computer_owner TEXT;
ALTER TABLE jobs ADD COLUMN prefer TEXT;
