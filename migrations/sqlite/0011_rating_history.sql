-- Each rated game's rating for each of its players, after the game: the player page draws
-- it as a sparkline. `/forget-me` deletes a player's rows with their ratings, and a server's
-- go with its data 30 days after it removed the bot.
CREATE TABLE rating_history (
    guild     TEXT   NOT NULL,
    kind      TEXT   NOT NULL,
    user_id   TEXT   NOT NULL,
    game      BIGINT NOT NULL,
    at        BIGINT NOT NULL,
    rating    REAL NOT NULL,
    deviation REAL NOT NULL,
    PRIMARY KEY (guild, user_id, kind, game)
);
