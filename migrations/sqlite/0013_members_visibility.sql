-- A server's pages may be for its members only ('members': signed in with Discord, membership
-- checked by the bot). SQLite cannot change a CHECK constraint, so the table is copied.
CREATE TABLE web_servers_new (
    guild      TEXT   PRIMARY KEY,
    public_id  TEXT   NOT NULL UNIQUE,
    visibility TEXT   NOT NULL
        CONSTRAINT web_servers_visibility_known CHECK (visibility IN ('public', 'members', 'off')),
    updated_at BIGINT NOT NULL
);
INSERT INTO web_servers_new (guild, public_id, visibility, updated_at)
    SELECT guild, public_id, visibility, updated_at FROM web_servers;
DROP TABLE web_servers;
ALTER TABLE web_servers_new RENAME TO web_servers;
