-- A player's own choices on one server: reminders by DM (`/notify dm`), quiet hours in their
-- time zone (`/notify quiet:22-07 tz:+01:00`), and vacation (`/vacation days:N`), whose days
-- are counted per calendar year (UTC) against the server's `vacation_days`.
CREATE TABLE player_settings (
    guild TEXT NOT NULL,
    user_id TEXT NOT NULL,
    notify_dm BIGINT NOT NULL DEFAULT 0,
    -- Minutes after local midnight; both NULL when the player set no quiet hours.
    quiet_from BIGINT,
    quiet_to BIGINT,
    -- The player's offset from UTC in minutes.
    tz_minutes BIGINT NOT NULL DEFAULT 0,
    -- The end of the vacation under way (unix seconds), if any.
    vacation_until BIGINT,
    vacation_year BIGINT NOT NULL DEFAULT 0,
    -- Seconds of vacation taken (or booked) in `vacation_year`.
    vacation_used BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (guild, user_id)
);

-- Seconds after a passed deadline before the scheduler claims the game itself (NULL: never),
-- fixed when the table opens from the server's `grace_hours`.
ALTER TABLE games ADD COLUMN claim_after BIGINT;

-- The scheduler finds passed deadlines of games it may claim by index.
CREATE INDEX games_auto_claims ON games (deadline_at)
    WHERE status = 'active' AND claim_after IS NOT NULL;
