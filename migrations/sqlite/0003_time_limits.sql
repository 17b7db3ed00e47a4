-- A per-move time limit in days, chosen at /play (NULL: none). `deadline_at` holds the time
-- the player to move runs out, set in the same UPDATE that commits each turn.
ALTER TABLE games ADD COLUMN move_days BIGINT;

-- The scheduler finds due reminders by index, never by holding games in memory.
CREATE INDEX games_due_reminders ON games (next_reminder_at) WHERE status = 'active';
