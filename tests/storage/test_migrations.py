"""The two dialects' migrations: the same numbers, and the same schema at the end of them."""

from __future__ import annotations

from pathlib import Path

from bot.storage import Database
from bot.storage.db import migrations
from tests.databases import PostgresBackend

# A column's kind in each dialect's words: integers of any size, text, 8-byte floats.
KINDS = {
    "INTEGER": "integer",
    "bigint": "integer",
    "integer": "integer",
    "TEXT": "text",
    "text": "text",
    "REAL": "float",
    "double precision": "float",
}


def test_both_dialects_have_the_same_numbered_migrations() -> None:
    numbers = [n for n, _ in migrations("sqlite")]
    assert numbers == list(range(1, len(numbers) + 1))
    assert [n for n, _ in migrations("postgresql")] == numbers


async def test_both_dialects_end_with_the_same_tables_columns_and_indexes(
    tmp_path: Path, postgres: PostgresBackend
) -> None:
    sqlite, pg = await Database.open(tmp_path / "t.sqlite3"), await postgres.open()
    try:
        tables = await sqlite.tables()
        assert tables == await pg.tables()
        assert "schema_version" not in tables and len(tables) == 13

        lite_columns = {}
        for table in tables:
            for name, kind, notnull, key in await sqlite.fetch_all(
                'SELECT name, type, "notnull", pk FROM pragma_table_info(?)', (table,)
            ):
                lite_columns[table, name] = (KINDS[kind], bool(notnull or key))
        pg_columns = {
            (table, name): (KINDS[kind], nullable == "NO")
            for table, name, kind, nullable in await pg.fetch_all(
                "SELECT table_name, column_name, data_type, is_nullable"
                " FROM information_schema.columns WHERE table_schema = current_schema()"
                " AND table_name <> 'schema_version'"
            )
        }
        assert lite_columns == pg_columns

        lite_indexes = await sqlite.fetch_all(
            "SELECT tbl_name, name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        )
        pg_indexes = await pg.fetch_all(
            "SELECT tablename, indexname FROM pg_indexes WHERE schemaname = current_schema()"
            " AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_key'"
        )
        assert sorted(map(tuple, lite_indexes)) == sorted(map(tuple, pg_indexes))
    finally:
        await sqlite.close()
        await pg.close()
