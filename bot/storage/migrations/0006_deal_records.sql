-- Every finished deal's record (bot/records). A table's secret (256 random bits, hex: the
-- 48-bit seed is too few to commit to, since a commitment to it could be searched) and the
-- interaction that started it, mixed into its shuffle after its commitment was shown (both
-- NULL for a table opened before this version: its seed alone deals it); then one row per
-- finished deal with its record as JSON (the secret left out: it is added when the record
-- is read once the match is over).
ALTER TABLE game_tables ADD COLUMN secret TEXT;
ALTER TABLE game_tables ADD COLUMN start_nonce BIGINT;    -- a Discord snowflake
ALTER TABLE game_tables ADD COLUMN shown_in BIGINT;      -- the board that showed the commitment at Start

CREATE TABLE deal_records (
    id INTEGER PRIMARY KEY,
    short_id TEXT NOT NULL UNIQUE,    -- the deal's public id (8 characters, random)
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    deal INTEGER NOT NULL,            -- 1, 2, 3... in the match
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    season_id INTEGER REFERENCES seasons (id),
    game TEXT NOT NULL,
    record TEXT NOT NULL,             -- JSON: bot.records.schema.DealRecord, no secret seed
    finished_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (table_id, deal)
);
CREATE INDEX deal_records_by_channel ON deal_records (channel_id, id);
CREATE INDEX deal_records_by_season ON deal_records (season_id, id);
CREATE INDEX deal_records_by_time ON deal_records (finished_at);

-- Who sat at each recorded deal: a person's own deals, newest first.
CREATE TABLE deal_players (
    deal_id INTEGER NOT NULL REFERENCES deal_records (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    PRIMARY KEY (deal_id, user_id)
);
CREATE INDEX deal_players_by_user ON deal_players (guild_id, user_id, deal_id);
