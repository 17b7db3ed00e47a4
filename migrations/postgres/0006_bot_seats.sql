-- A seat can be the bot at a level (1 = weakest): its user id is then `bot:<level>:<n>`, which
-- no Discord snowflake or console name can be, and `bot_level` says the same for queries.
ALTER TABLE seats ADD COLUMN bot_level BIGINT;

-- A bot's turn is claimed under a lease, like the reminders: the process holding it (a random
-- token per process) plays the turn, renewing the lease before each action and clearing it
-- at the end; a crash leaves the lease to run out, and any process then plays the turn once.
ALTER TABLE games ADD COLUMN bot_claim_by TEXT;
ALTER TABLE games ADD COLUMN bot_claim_until BIGINT;

-- The bot scheduler finds active games with a bot seat by index.
CREATE INDEX seats_bots ON seats (game) WHERE bot_level IS NOT NULL;
