-- Seconds into a turn before the player to move is reminded (0: no reminder but the one
-- when a quarter of a time limit is left), fixed when the table opens from the server's
-- /settings. Older games keep the one-day default.
ALTER TABLE games ADD COLUMN remind_after BIGINT NOT NULL DEFAULT 86400;

-- Tables that were never started are found by age, to close them and free their channel.
CREATE INDEX games_open_lobbies ON games (created_at) WHERE status = 'lobby';
