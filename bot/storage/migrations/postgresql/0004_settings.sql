-- What a server chooses for its tables: pictures on or off for the whole server, and a
-- board language per channel (no row, or NULL: the server's own Discord language).
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    pictures INTEGER NOT NULL DEFAULT 1 CHECK (pictures IN (0, 1))
);

CREATE TABLE channel_settings (
    channel_id BIGINT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    language TEXT
);
