-- The move a table's board message last showed, so a restart redraws only boards that are
-- behind (NULL: not known, redraw).
ALTER TABLE game_tables ADD COLUMN board_moves INTEGER;
