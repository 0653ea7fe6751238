-- A match a tournament keeps out of the league (``/tournament new league:False``): never in its
-- standings or ratings, whether added as it ends, by the catch-up at a start or by a rebuild.
ALTER TABLE matches ADD COLUMN kept_out INTEGER NOT NULL DEFAULT 0;
