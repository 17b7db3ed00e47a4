-- The id (a Discord snowflake) of the newest channel message handled as a plain-text move of
-- the game, so that after an outage the bot reads only what came after it, and plays each
-- message once: a message is claimed by raising this mark before it is played.
ALTER TABLE games ADD COLUMN last_message BIGINT;
