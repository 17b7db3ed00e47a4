-- The web view (off for every server until someone with Manage Server turns it on). Pages
-- name servers, games and players by random public ids (128 bits, base64url), never by a
-- Discord id; a game or player gets its id the first time a page lists it, and keeps it.

-- A server that turned the web view on at least once; `visibility` is 'public' while it is
-- on and 'off' after `/web disable` (its id is kept, so its links work again if re-enabled).
CREATE TABLE web_servers (
    guild      TEXT   PRIMARY KEY,
    public_id  TEXT   NOT NULL UNIQUE,
    visibility TEXT   NOT NULL
        CONSTRAINT web_servers_visibility_known CHECK (visibility IN ('public', 'off')),
    updated_at BIGINT NOT NULL
);

-- A game's public id; an unlisted game's page works for whoever has its link, but no list
-- of the server shows it.
CREATE TABLE web_games (
    game      BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    public_id TEXT    NOT NULL UNIQUE,
    unlisted  INTEGER NOT NULL DEFAULT 0 CONSTRAINT web_games_unlisted_flag CHECK (unlisted IN (0, 1))
);

-- A player's public id on one server, and whether they hid themselves (`/web hide-me`):
-- a hidden player is "Anonymous" on every page and has no page of their own.
CREATE TABLE web_players (
    guild     TEXT    NOT NULL,
    user_id   TEXT    NOT NULL,
    public_id TEXT    NOT NULL UNIQUE,
    hidden    INTEGER NOT NULL DEFAULT 0 CONSTRAINT web_players_hidden_flag CHECK (hidden IN (0, 1)),
    PRIMARY KEY (guild, user_id)
);
