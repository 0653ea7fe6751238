"""Shards on a shared PostgreSQL database: a shard runs in one process at a time."""

from __future__ import annotations

import pytest

from bot.storage import ShardTaken
from tests.databases import PostgresBackend


async def test_a_shard_is_held_by_one_process_and_let_go_when_it_closes(
    postgres: PostgresBackend,
) -> None:
    first, second = await postgres.open(), await postgres.open()
    try:
        await first.claim_shards([0, 2])
        with pytest.raises(ShardTaken, match="shard 2 is already run"):
            await second.claim_shards([1, 2])
        await second.claim_shards([1, 3])  # a refused claim holds nothing it took on the way
        with pytest.raises(ShardTaken, match="shard 0 is already run"):
            await second.claim_shards([4, 0])
        await first.claim_shards([4])  # ... neither does a refused second claim
        await first.close()  # the process ends: its shards are free
        await second.claim_shards([0, 2])
    finally:
        await first.close()
        await second.close()
