-- Tournaments (one open per channel), their entrants (a person, or a team of two in a
-- partnership game) and their matches round by round: a match is a table in a thread of its
-- own, or a bye; its result is stored when it ends, so a restart loses nothing.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    organiser_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('knockout', 'swiss', 'duplicate')),
    seats INTEGER NOT NULL,           -- each match's seats
    options TEXT NOT NULL,            -- JSON: the house rules
    rounds INTEGER,                   -- Swiss and duplicate: as chosen; knockout: set at the start
    ai_fill INTEGER NOT NULL DEFAULT 0,
    league INTEGER NOT NULL DEFAULT 1,
    grace INTEGER NOT NULL,           -- seconds a player has to show before a walkover
    starts_at TEXT,                   -- NULL: the organiser starts it
    status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    round INTEGER NOT NULL DEFAULT 0, -- the round being played (1, 2...); 0 before the start
    seed INTEGER NOT NULL,            -- secret: the draws and the duplicate deals come from it
    message_id INTEGER,
    champion INTEGER,                 -- the winning entrant's number, once finished
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX one_open_tournament_per_channel
    ON tournaments (channel_id) WHERE status IN ('signup', 'running', 'paused');
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,               -- 1, 2, 3... in entry order
    name TEXT NOT NULL,
    members TEXT NOT NULL,            -- JSON: [[user id, name], ...]
    rating REAL,                      -- the league rating at the start (NULL: unrated)
    dropped INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, n)
);

CREATE TABLE tournament_matches (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    n INTEGER NOT NULL,               -- the match's number in its round
    sides TEXT NOT NULL,              -- JSON: the entrants' numbers, side by side; one: a bye
    seed INTEGER,                     -- secret: the table's deal (the round's, in a duplicate)
    thread_id INTEGER,
    table_id INTEGER REFERENCES game_tables (id),
    status TEXT NOT NULL CHECK (status IN ('pending', 'playing', 'done', 'void')),
    result TEXT CHECK (result IN ('played', 'bye', 'walkover', 'settled', 'void')),
    points TEXT,                      -- JSON: each side's points, in halves (win 2, draw 1)
    margins TEXT,                     -- JSON: each side's margin in the game's points
    started_at TEXT,
    PRIMARY KEY (tournament_id, round, n)
);
CREATE INDEX tournament_matches_by_table ON tournament_matches (table_id);
