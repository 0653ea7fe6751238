-- A seat's marks said for its next move (a list of the game's mark names) replace the one
-- flag an earlier version kept for penúltima. Seats are JSON written by Python's json.dumps,
-- whose spacing is fixed, and a quote inside a name is always escaped, so a plain replace
-- cannot touch a name.
UPDATE game_tables SET seats = replace(seats, '"penultima": true', '"marks": ["penultima"]');
UPDATE game_tables SET seats = replace(seats, '"penultima": false', '"marks": []');
