-- 6: when the time of the seat to move runs out, in games with clocks.
ALTER TABLE games ADD COLUMN deadline INTEGER;
CREATE INDEX games_by_deadline ON games (deadline) WHERE deadline IS NOT NULL;
