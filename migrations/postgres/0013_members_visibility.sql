-- A server's pages may be for its members only ('members': signed in with Discord, membership
-- checked by the bot).
ALTER TABLE web_servers
    DROP CONSTRAINT web_servers_visibility_known,
    ADD CONSTRAINT web_servers_visibility_known CHECK (visibility IN ('public', 'members', 'off'));
