-- The league: seasons per server, every finished match's details, standings and ratings.

CREATE TABLE seasons (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    number INTEGER NOT NULL,          -- 1, 2, 3... per server
    name TEXT NOT NULL,
    started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ended_at TEXT,                    -- NULL while open: one open season per server
    UNIQUE (guild_id, number)
);
CREATE UNIQUE INDEX one_open_season_per_guild ON seasons (guild_id) WHERE ended_at IS NULL;

-- A match's season is the one open when it finished; ``humans`` decides whether it earns
-- league points; ``league_applied`` is set once standings and ratings include it.
ALTER TABLE matches ADD COLUMN season_id INTEGER REFERENCES seasons (id);
ALTER TABLE matches ADD COLUMN humans INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN league_applied INTEGER NOT NULL DEFAULT 0;
CREATE INDEX matches_by_season ON matches (season_id, game, id);
CREATE INDEX matches_pending ON matches (id) WHERE league_applied = 0 AND abandoned = 0;

ALTER TABLE match_players ADD COLUMN name TEXT;
ALTER TABLE match_players ADD COLUMN team INTEGER;     -- Minchiate partnership; else the seat
ALTER TABLE match_players ADD COLUMN stats TEXT;       -- JSON: the seat's scores in this match
ALTER TABLE match_players ADD COLUMN points INTEGER;   -- league points; NULL when not counted
-- Matches stored before the league: their people and partnerships, from their seats.
UPDATE matches SET humans = (
    SELECT count(*) FROM match_players p WHERE p.match_id = matches.id AND p.user_id IS NOT NULL
);
UPDATE match_players SET team = CASE
    WHEN (SELECT game FROM matches m WHERE m.id = match_players.match_id) = 'minchiate'
    THEN seat % 2 ELSE seat END;
DROP INDEX match_players_by_user;
CREATE INDEX match_players_by_user ON match_players (user_id, match_id);

-- Derived from matches and match_players (rebuilt exactly by replaying them in order).
CREATE TABLE standings (
    season_id INTEGER NOT NULL REFERENCES seasons (id),
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    points INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (season_id, game, user_id)
);
CREATE INDEX standings_order ON standings (season_id, game, points DESC, won DESC, user_id);

CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    player TEXT NOT NULL,             -- 'u:<user id>' for a person, 'ai:<level>' for an AI level
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, player)
);
