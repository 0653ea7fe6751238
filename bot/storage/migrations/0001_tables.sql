-- Tables (one open per channel), their seats, every accepted move, and finished matches.
CREATE TABLE game_tables (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    host_id INTEGER NOT NULL,
    options TEXT NOT NULL,            -- JSON: the house rules
    seats TEXT NOT NULL,              -- JSON: list of seats (person or AI)
    seed INTEGER NOT NULL,            -- secret: never shown to anyone
    state TEXT,                       -- JSON: the engine's dump after the last move
    moves INTEGER NOT NULL DEFAULT 0,
    board_message_id INTEGER,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX one_open_table_per_channel
    ON game_tables (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX open_tables ON game_tables (status) WHERE status IN ('lobby', 'playing');

CREATE TABLE moves (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,               -- 1, 2, 3... in order
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    by TEXT NOT NULL CHECK (by IN ('person', 'ai', 'timeout')),
    at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (table_id, n)
);

-- Scores as they happen: one row per seat and hand (105 penalties and tallies) or per chip lost.
CREATE TABLE hand_scores (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    move_n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,               -- 'penalty' (105), 'chip' (One Hundred), 'resti' (Minchiate)
    points INTEGER NOT NULL,
    total INTEGER NOT NULL,
    PRIMARY KEY (table_id, move_n, seat, kind)
);

CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    table_id INTEGER NOT NULL UNIQUE REFERENCES game_tables (id),
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    abandoned INTEGER NOT NULL DEFAULT 0,
    outcome TEXT,                     -- JSON: the engine's outcome, NULL when abandoned
    finished_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE match_players (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER,                  -- NULL for an AI seat
    ai_level TEXT,                    -- NULL for a person
    place INTEGER,                    -- 1 = winner; NULL when abandoned
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_by_user ON match_players (user_id);
