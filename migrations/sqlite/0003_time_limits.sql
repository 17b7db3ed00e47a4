-- A per-move time limit in days, chosen at /play (NULL: none). `deadline_at` holds the time
-- the player to move runs out, set in the same UPDATE that commits each turn.
ALTER TABLE games ADD COLUMN move_days BIGINT;
