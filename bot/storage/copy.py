"""Moving a bot's data from one database to another (``python -m bot db copy``): SQLite to
PostgreSQL, or back, or between two servers.

Both are opened as the bot opens them, so each is brought up to date first (and a database
from a newer Tavolo is refused). The target must hold no rows. Every table is read from one
snapshot of the source and written, ids and all, in dependency order in one transaction on
the target, so a failure leaves it as empty as it was; PostgreSQL's id sequences are then set
past the ids copied.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.storage.db import Database
from bot.storage.sqlite import SCHEME as SQLITE

log = logging.getLogger(__name__)

# Every table, each after the tables its rows refer to, with the order its rows are read in.
TABLES = {
    "game_tables": "id",
    "moves": "table_id, n",
    "hand_scores": "table_id, move_n, seat, kind",
    "seasons": "id",
    "matches": "id",
    "match_players": "match_id, seat",
    "standings": "season_id, game, user_id",
    "ratings": "guild_id, game, player",
    "guild_settings": "guild_id",
    "channel_settings": "channel_id",
    "deal_records": "id",
    "deal_players": "deal_id, user_id",
    "tournaments": "id",
    "tournament_entrants": "tournament_id, n",
    "tournament_matches": "tournament_id, round, n",
    "league_web": "guild_id",
    "league_hidden": "guild_id, user_id",
}
BATCH = 1000


class CopyRefused(Exception):
    """The copy cannot be made (nothing was written); the message says why."""


async def copy_database(
    source: str,
    target: str,
    *,
    busy_timeout: float = 5.0,
    progress: Callable[[str, int], None] | None = None,
) -> dict[str, int]:
    """Copy every row of ``source`` into the empty ``target`` (both database URLs); the rows
    copied per table. ``progress(table, rows)`` is told as each table is done.

    Raises CopyRefused (the target is not empty, or is the source), or DatabaseUnusable
    (either cannot be opened, or is from a newer version)."""
    if source == target:
        raise CopyRefused("the source and the target are the same database.")
    if source.startswith(SQLITE) and not await asyncio.to_thread(
        Path(source.removeprefix(SQLITE)).is_file
    ):
        raise CopyRefused(f"there is no SQLite file {source.removeprefix(SQLITE)} to copy from.")
    src = await Database.open(source, busy_timeout=busy_timeout)
    try:
        dst = await Database.open(target, busy_timeout=busy_timeout)
        try:
            return await _copy(src, dst, progress)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(
    src: Database, dst: Database, progress: Callable[[str, int], None] | None
) -> dict[str, int]:
    schema = await dst.tables()
    if set(schema) != set(TABLES) or schema != await src.tables():
        raise CopyRefused(  # a migration added a table and TABLES was not told
            f"the copy knows the tables {sorted(TABLES)}, the databases have"
            f" {sorted(schema)} and {sorted(await src.tables())}."
        )
    # The SQL names tables and columns from TABLES and the schema, never from input (S608).
    counts: dict[str, int] = {}
    async with src.reading() as reader, dst.transaction() as writer:
        for table in TABLES:
            if await writer.fetch_one(f"SELECT 1 FROM {table} LIMIT 1") is not None:  # noqa: S608
                raise CopyRefused(
                    f"the target {dst.name} already holds rows (in {table}): copy only into"
                    " an empty database."
                )
        for table, order in TABLES.items():
            columns = ", ".join(schema[table])
            insert = (
                f"INSERT INTO {table} ({columns}) VALUES ({', '.join('?' * len(schema[table]))})"  # noqa: S608
            )
            batch: list[tuple[Any, ...]] = []
            counts[table] = 0
            select = f"SELECT {columns} FROM {table} ORDER BY {order}"  # noqa: S608
            async for row in reader.stream(select):
                batch.append(tuple(row))
                if len(batch) == BATCH:
                    await writer.executemany(insert, batch)
                    counts[table] += len(batch)
                    batch.clear()
            await writer.executemany(insert, batch)
            counts[table] += len(batch)
            log.info("copied %d rows of %s", counts[table], table)
            if progress is not None:
                progress(table, counts[table])
        await dst.ids_follow_rows(writer)
    return counts
