-- Quiet hours in a named time zone (`/notify tz:Europe/Paris`): the IANA name, so the hours
-- follow the zone's daylight-saving changes; NULL for a fixed offset (`tz_minutes` alone).
-- With a name, `tz_minutes` keeps the zone's offset when it was set, for a tabula whose
-- zone database lacks the name.
ALTER TABLE player_settings ADD COLUMN tz_name TEXT;

-- Servers that removed the bot (a GUILD_DELETE that was no outage): their unfinished games
-- were closed then, and their data is deleted once `left_at` is 30 days old, unless the bot
-- is added back first (which removes the row).
CREATE TABLE guild_departures (
    guild TEXT PRIMARY KEY,
    left_at BIGINT NOT NULL
);
