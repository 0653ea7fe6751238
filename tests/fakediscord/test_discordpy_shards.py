"""discord.py's ``AutoShardedClient`` against the fake, as the bot will run it: several
processes, each for some of the shards. Each client caches only its shards' guilds and
hears only their interactions; Get Gateway Bot's count and the IDENTIFY limits are ones
discord.py copes with."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord
import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.endpoints import use_endpoints
from fakediscord import FakeDiscord, Limits

TWO_AT_ONCE = Limits(max_concurrency=2)


class Shards(discord.AutoShardedClient):
    """A bot process for ``shard_ids`` of ``shard_count``; it answers every interaction
    with its name and keeps the guild of each one it hears."""

    def __init__(
        self,
        name: str,
        shard_ids: list[int] | None,
        shard_count: int | None,
        *,
        pause: float = 0.0,
    ) -> None:
        sharding: dict[str, Any] = {"shard_count": shard_count}
        if shard_ids is not None:
            sharding["shard_ids"] = shard_ids
        super().__init__(intents=discord.Intents.default(), **sharding)
        self.name = name
        self.pause = pause
        self.heard: list[int | None] = []

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before every IDENTIFY but the first; ``pause`` instead."""
        if not initial:
            await asyncio.sleep(self.pause)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.heard.append(interaction.guild_id)
        await interaction.response.send_message(f"{self.name} here")

    def guild_ids(self) -> set[int]:
        return {g.id for g in self.guilds}


@pytest.fixture(autouse=True)
def endpoints(fake: FakeDiscord) -> Iterator[None]:
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    use_endpoints(fake.api_base, fake.gateway_url)
    yield
    Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


@contextlib.asynccontextmanager
async def running(fake: FakeDiscord, *clients: Shards) -> AsyncIterator[None]:
    """The clients logged in and connecting (each as its own process would). A test should
    see every shard on the gateway before it ends: discord.py closed while a shard waits
    to identify again hangs for a minute, hence the time limit on closing."""
    tasks = []
    for client in clients:
        await client.login(fake.token)
        tasks.append(asyncio.create_task(client.connect()))
    try:
        yield
    finally:
        for client in clients:
            await client.close()
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 5)


def on_shard(fake: FakeDiscord, shard_id: int, shard_count: int) -> set[int]:
    return {g.id for g in fake.world.guilds_on_shard(shard_id, shard_count)}


@pytest.mark.parametrize("limits", [TWO_AT_ONCE])
@pytest.mark.usefixtures("help_everywhere")
async def test_two_processes_of_two_shards_each_cache_their_guilds_and_hear_theirs(
    fake: FakeDiscord,
) -> None:
    world = fake.world
    zero, one = world.guild_on_shard(0, 2, "Zero"), world.guild_on_shard(1, 2, "One")
    first, second = Shards("first", [0], 2), Shards("second", [1], 2)
    async with running(fake, first, second):
        await fake.wait_for(lambda: first.guild_ids() == on_shard(fake, 0, 2))
        await fake.wait_for(lambda: second.guild_ids() == on_shard(fake, 1, 2))
        assert zero.id in first.guild_ids() and one.id in second.guild_ids()
        for guild, expected in ((one, "second here"), (zero, "first here")):
            channel = world.create_channel(guild, "play")
            alice = fake.user("alice", guild=guild)
            assert (await alice.slash("help", channel=channel)).content == expected
        assert (first.heard, second.heard) == ([zero.id], [one.id])
        assert sorted(s.shard for s in fake.sessions() if s.shard) == [(0, 2), (1, 2)]


async def test_a_process_of_one_shard_caches_every_guild(fake: FakeDiscord) -> None:
    fake.world.guild_on_shard(1, 2, "One")
    only = Shards("only", None, 1)
    async with running(fake, only):
        await fake.wait_for(lambda: only.guild_ids() == set(fake.world.guilds))
        assert [s.shard for s in fake.sessions()] == [(0, 1)]


@pytest.mark.parametrize("limits", [Limits(guilds_per_shard=1, max_concurrency=16)])
async def test_without_a_shard_count_discordpy_runs_the_recommended_number(
    fake: FakeDiscord,
) -> None:
    fake.world.guild_on_shard(1 - (fake.guild_id >> 22) % 2, 2, "Other")
    auto = Shards("auto", None, None)
    async with running(fake, auto):
        await fake.wait_for(lambda: auto.guild_ids() == set(fake.world.guilds))
        assert auto.shard_count == 2
        assert sorted(s.shard for s in fake.sessions() if s.shard) == [(0, 2), (1, 2)]


async def test_a_shard_that_does_not_exist_stops_the_client_with_4010(fake: FakeDiscord) -> None:
    wrong = Shards("wrong", [2], 2)
    await wrong.login(fake.token)
    with pytest.raises(discord.ConnectionClosed) as closed:
        await asyncio.wait_for(wrong.connect(), 5)
    assert closed.value.code == 4010 and fake.sessions() == []


@pytest.mark.parametrize("limits", [Limits(identify_interval=0.5)])
async def test_discordpy_identifies_again_after_invalid_session_for_going_too_fast(
    fake: FakeDiscord,
) -> None:
    fake.world.guild_on_shard(1 - (fake.guild_id >> 22) % 2, 2, "Other")  # one on each
    both = Shards("both", [0, 1], 2, pause=0.2)  # each IDENTIFY but the first 0.2 s late
    async with running(fake, both):
        await fake.wait_for(lambda: both.guild_ids() == set(fake.world.guilds))
        assert [s.shard for s in fake.sessions()] == [(0, 2), (1, 2)]
    assert fake.gateway.identifies_rate_limited >= 1  # shard 1, at 0.2 s and maybe 0.4 s
