-- The league you can look at: each seat's rating after its match (the charts and the week's
-- movement read them, where replaying a large server's matches would take seconds), the
-- servers whose admins turned the web pages on, and the people who hid their name from them.
ALTER TABLE match_players ADD COLUMN rating REAL;  -- NULL until the league records the match

CREATE TABLE league_web (
    guild_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,               -- the server's name when its pages were turned on
    language TEXT NOT NULL,           -- the pages' language, unless a reader chooses another
    since TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE league_hidden (
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
