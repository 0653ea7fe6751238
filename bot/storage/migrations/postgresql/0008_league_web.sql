-- The league you can look at: each seat's rating after its match (the charts and the week's
-- movement read them, where replaying a large server's matches would take seconds), the
-- servers whose admins turned the web pages on, and the people who hid their name from them.
ALTER TABLE match_players ADD COLUMN rating DOUBLE PRECISION;  -- NULL until the league records it

CREATE TABLE league_web (
    guild_id BIGINT PRIMARY KEY,
    name TEXT NOT NULL,               -- the server's name when its pages were turned on
    language TEXT NOT NULL,           -- the pages' language, unless a reader chooses another
    since TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
);

CREATE TABLE league_hidden (
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
