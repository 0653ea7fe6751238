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
        await first.claim_shards(8, [0, 2])
        with pytest.raises(ShardTaken, match="shard 2 is already run"):
            await second.claim_shards(8, [1, 2])
        await second.claim_shards(8, [1, 3])  # a refused claim holds nothing it took on the way
        with pytest.raises(ShardTaken, match="shard 0 is already run"):
            await second.claim_shards(8, [4, 0])
        await first.claim_shards(8, [4])  # ... neither does a refused second claim
        await first.close()  # the process ends: its shards are free
        await second.claim_shards(8, [0, 2])
    finally:
        await first.close()
        await second.close()


async def test_a_process_running_every_shard_runs_alone(postgres: PostgresBackend) -> None:
    """A process without shard_count runs every shard, however many: none may run beside it,
    and it may not start beside one that runs some."""
    dbs = [await postgres.open() for _ in range(4)]
    whole, part, other, late = dbs
    try:
        await whole.claim_shards(None)
        with pytest.raises(ShardTaken, match="runs every shard"):
            await part.claim_shards(8, [1])
        with pytest.raises(ShardTaken, match="already runs shards"):
            await other.claim_shards(None)
        await whole.close()  # it stops: shard processes may start
        await part.claim_shards(8, [1])
        await other.claim_shards(8, [0])  # processes of some shards run side by side
        with pytest.raises(ShardTaken, match="shard 1 is already run"):
            await other.claim_shards(8, [1])
        await part.close()
        with pytest.raises(ShardTaken, match="already runs shards"):  # other still runs 0
            await late.claim_shards(None)
        await other.close()
        await late.claim_shards(None)
    finally:
        for db in dbs:
            await db.close()


async def test_processes_must_count_the_shards_alike(postgres: PostgresBackend) -> None:
    """Shard 1 of 2 and shard 0 of 3 hold servers in common: a process that counts the
    shards differently from one already running is refused."""
    two, three = await postgres.open(), await postgres.open()
    try:
        await two.claim_shards(2, [1])
        with pytest.raises(ShardTaken, match="runs with shard_count = 2, this one with 3"):
            await three.claim_shards(3, [0])
        await three.claim_shards(2, [0])  # the refused claim kept nothing: it may count alike
        await two.close()
        await three.close()
        three = await postgres.open()
        await three.claim_shards(3, [0])  # nobody counts two any more
    finally:
        await two.close()
        await three.close()
