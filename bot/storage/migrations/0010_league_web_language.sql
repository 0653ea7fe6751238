-- The pages' language follows the server's (its Discord locale: the bot hears each change)
-- unless its admins chose one (/league web on language:).
ALTER TABLE league_web ADD COLUMN chosen INTEGER NOT NULL DEFAULT 0;  -- 1: the admins' choice
