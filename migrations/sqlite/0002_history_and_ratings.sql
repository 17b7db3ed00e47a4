-- `/export` and `/replay` without a game id look up a channel's most recent game.
CREATE INDEX games_by_channel ON games (guild, channel, id);

-- Leaderboards list a game's ratings on a server best first, with the name last seen.
ALTER TABLE ratings ADD COLUMN name TEXT NOT NULL DEFAULT '';
CREATE INDEX ratings_board ON ratings (guild, kind, rating);
