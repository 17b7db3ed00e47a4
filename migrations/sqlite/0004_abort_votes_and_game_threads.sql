-- Aborting a game under way takes every remaining player's agreement: each `/abort` is a vote
-- bound to the game's seq when it was cast, so any later move makes earlier votes void.
CREATE TABLE abort_votes (
    game    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id TEXT   NOT NULL,
    seq     BIGINT NOT NULL,
    at      BIGINT NOT NULL,
    PRIMARY KEY (game, user_id)
);

-- The threads `/play thread:True` opened, and who asked: a member may keep only so many game
-- threads with an unfinished game at once.
CREATE TABLE game_threads (
    guild     TEXT   NOT NULL,
    thread    TEXT   NOT NULL,
    parent    TEXT   NOT NULL,
    opened_by TEXT   NOT NULL,
    at        BIGINT NOT NULL,
    PRIMARY KEY (guild, thread)
);
CREATE INDEX game_threads_by_member ON game_threads (guild, opened_by);
