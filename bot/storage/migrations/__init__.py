"""Numbered SQL migrations (``NNNN_name.sql``), applied in order; never edited once shipped.

Each is written once, in SQLite's words; PostgreSQL runs it as ``bot.storage.db.postgresql``
reads it (ids and snowflakes as ``BIGINT``, a row id as an identity, floats as ``DOUBLE
PRECISION``, the time as the same text)."""
