"""One row inserted, and its id: for the repositories whose unique indexes refuse a second
open row where there may be only one (a tournament in a channel, say)."""

from __future__ import annotations

from typing import Any

from bot.storage.db import Database, IntegrityError


async def insert_id(
    db: Database, sql: str, values: tuple[Any, ...], refused: type[Exception]
) -> int:
    """Run ``sql``, an ``INSERT ... RETURNING id``, in a transaction of its own: the new
    row's id. A unique index refusing the row raises ``refused``."""
    try:
        async with db.transaction() as tx:
            row = await tx.fetch_one(sql, values)
    except IntegrityError:
        raise refused from None
    assert row is not None
    return int(row[0])
