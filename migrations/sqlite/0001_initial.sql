-- tabula schema, SQLite flavour. Keep in lockstep with migrations/postgres/0001_initial.sql:
-- same version numbers, same tables and columns. Only INTEGER/BIGINT, REAL and TEXT columns
-- (sqlx's Any driver rejects BOOLEAN/DATETIME): flags are INTEGER 0/1, times are unix seconds,
-- JSON is TEXT.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild            TEXT    NOT NULL,
    channel          TEXT    NOT NULL,
    kind             TEXT    NOT NULL,
    ruleset          TEXT    NOT NULL,
    status           TEXT    NOT NULL
        CONSTRAINT games_status_known CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
    seq              BIGINT  NOT NULL DEFAULT 0,
    state            TEXT    NOT NULL,
    result           TEXT,
    created_by       TEXT    NOT NULL,
    max_seats        INTEGER NOT NULL,
    created_at       BIGINT  NOT NULL,
    updated_at       BIGINT  NOT NULL,
    next_reminder_at BIGINT,
    deadline_at      BIGINT
);

-- At most one unfinished game per channel, enforced by the database itself.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (guild, channel)
    WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    game    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user_id TEXT    NOT NULL,
    name    TEXT    NOT NULL,
    joined  INTEGER NOT NULL DEFAULT 1 CONSTRAINT seats_joined_flag CHECK (joined IN (0, 1)),
    PRIMARY KEY (game, seat),
    CONSTRAINT seats_one_per_user UNIQUE (game, user_id)
);

-- The append-only action log: one row per accepted action, keyed by the seq it produced.
CREATE TABLE moves (
    game     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq      BIGINT NOT NULL,
    user_id  TEXT   NOT NULL,
    action   TEXT   NOT NULL,
    notation TEXT   NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (game, seq)
);

CREATE TABLE guild_settings (
    guild      TEXT   PRIMARY KEY,
    settings   TEXT   NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE ratings (
    guild      TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      BIGINT  NOT NULL DEFAULT 0,
    wins       BIGINT  NOT NULL DEFAULT 0,
    losses     BIGINT  NOT NULL DEFAULT 0,
    draws      BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (guild, kind, user_id)
);
