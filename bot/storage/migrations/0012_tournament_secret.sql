-- A tournament commits to a secret at its sign-up (its commitment shown on the sign-up
-- message) and deals its tables from it; NULL for a tournament opened before.
ALTER TABLE tournaments ADD COLUMN secret TEXT;
