-- A leaderboard line says when its player last played a rated game of the kind: the newest
-- of their rating-history rows, found by this index without reading the others.
CREATE INDEX rating_history_last_played ON rating_history (guild, kind, user_id, at);
