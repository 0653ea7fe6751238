-- A seat's stored figures (match_players.stats) as a JSON object, or NULL where they are
-- damaged (not JSON, or JSON but not an object): what the league's sums read, so that a
-- damaged row is left out (and logged) instead of failing the page. SQLite tells it with
-- json_valid and json_type (bot/storage/league.py); PostgreSQL 15 has no test of JSON that
-- does not raise (IS JSON and pg_input_is_valid came in 16), hence this function. It reads
-- jsonb, not json: that also refuses what json_each could not give back as text (\u0000, a
-- lone surrogate). Not PARALLEL SAFE: its exception block is a subtransaction, which a
-- parallel worker may not start (a large server's sums would fail).
-- PostgreSQL only:
CREATE FUNCTION figures_object(stored TEXT) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL UNSAFE AS $$
DECLARE
    found jsonb;
BEGIN
    found := CAST(stored AS jsonb);
    RETURN CASE WHEN jsonb_typeof(found) = 'object' THEN found END;
EXCEPTION WHEN data_exception THEN
    RETURN NULL;
END
$$;
