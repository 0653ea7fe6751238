"""Two bot processes, one shard each, over one PostgreSQL database: each answers the
servers of its shard, a third process asking for a shard already run is refused, and a
process killed and started again carries on with its tables while the other plays on; a
server's tournament moves with its server to another process."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from fakediscord import Channel, FakeDiscord
from fakediscord.models import Message
from fakediscord.users import SimUser
from tests.databases import PostgresBackend

from .botprocess import BotProcess
from .driver import answered, make_move, offered

pytestmark = pytest.mark.e2e

SHARDS = 2


def _process(discord: FakeDiscord, folder: Path, url: str, shard: int) -> BotProcess:
    folder.mkdir()
    return BotProcess(
        discord,
        folder,
        settings={
            "discord": {"sync_guild_id": None, "shard_count": SHARDS, "shard_ids": [shard]},
            "database": {"url": url},
            "tables": {"ai_delay": 0.05, "turn_timeout": 60, "board_edit_interval": 0.3},
        },
    )


def _board(discord: FakeDiscord, channel: Channel) -> Message:
    boards = [m for m in discord.messages(channel) if m.embeds and m.author.bot]
    assert boards, f"no board in #{channel.name}"
    return boards[-1]


async def _open_table(
    discord: FakeDiscord, user: SimUser, channel: Channel, game: str = "cento"
) -> Message:
    assert "table is open" in await answered(
        await user.slash("table new", channel=channel, game=game)
    )
    for _ in range(2):
        await answered(await user.click(_board(discord, channel), label="Add AI (easy)"))
    assert "The game is on" in await answered(
        await user.click(_board(discord, channel), label="Start")
    )
    await discord.wait_for(lambda: "· playing" in _board(discord, channel).text, what="a start")
    return _board(discord, channel)


async def _play_once(discord: FakeDiscord, user: SimUser, board: Message) -> None:
    """Wait for the person's turn (the AI plays the others), then make a move."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20
    while loop.time() < deadline:
        reply = await user.click(board, label="My hand")
        assert reply.error is None and reply.message is not None, reply.error
        offers = offered(reply.message)
        # A plain card if there is one; else an Ace whose total is asked for (a hand of
        # Aces alone waited here until the deadline: the turn had come all along).
        moves = [m for m in offers if m.split(":")[1] not in ("AS", "AC")] or offers
        if moves:
            before = board.text
            await make_move(user, reply.message, moves[0], total=0)

            def changed(b: str = before) -> bool:
                return board.text != b

            await discord.wait_for(changed, what="the board after it")
            return
        if "match over" in board.text:
            return
        await asyncio.sleep(0.3)
    raise AssertionError(f"{user.name}'s turn never came")


async def test_two_shard_processes_share_one_database_and_survive_each_other(
    discord: FakeDiscord, postgres: PostgresBackend, tmp_path: Path
) -> None:
    guilds = [discord.world.guild_on_shard(s, SHARDS, f"server {s}") for s in range(SHARDS)]
    channels = [discord.create_channel("cards", guild=g) for g in guilds]
    alice, bob = discord.user("alice"), discord.user("bob")
    for guild, user in zip(guilds, (alice, bob), strict=True):
        discord.world.add_member(guild, discord.world.users[user.id])
    processes = [_process(discord, tmp_path / f"shard{s}", postgres.url, s) for s in range(SHARDS)]
    try:
        for process in processes:
            await process.start()
        held = sorted(tuple(s.shard or ()) for s in discord.sessions())
        assert held == [(0, SHARDS), (1, SHARDS)]

        # A third process asking for shard 1 is refused before it goes online.
        third = _process(discord, tmp_path / "again", postgres.url, 1)
        with pytest.raises(RuntimeError, match="exited with 2") as refused:
            await third.start()
        assert "shard 1 is already run by another Tavolo process" in str(refused.value)

        boards = [
            await _open_table(discord, user, channel)
            for user, channel in zip((alice, bob), channels, strict=True)
        ]
        for user, board in zip((alice, bob), boards, strict=True):
            await _play_once(discord, user, board)

        # Shard 1's process dies: its server gets no answer; shard 0's plays on.
        await processes[1].kill()
        silent = await bob.click(boards[1], label="My hand")
        assert silent.error is not None and "did not respond" in silent.error
        await _play_once(discord, alice, boards[0])

        # Started again, it brings back its own table (and only it) and carries on.
        await processes[1].start()
        await _play_once(discord, bob, boards[1])
        await _play_once(discord, alice, boards[0])
        # Both tables are open in the database: it brought back one, its own.
        assert "restored 1 tables" in processes[1].log().split("--- start 2 ---")[1]
        assert discord.rejections == []
    finally:
        for process in processes:
            await process.close()


async def test_two_shard_processes_keep_together_within_discords_global_limit(
    discord: FakeDiscord, postgres: PostgresBackend, tmp_path: Path
) -> None:
    """Discord's global limit is the bot's, shared by its shards: each process sends at most
    its shards' share, so two busy processes together never meet a 429."""
    limit = 8  # requests a second, for the bot (a lowered limit, so a few tables reach it)
    discord.limits.global_per_second = limit
    guilds = [discord.world.guild_on_shard(s, SHARDS, f"server {s}") for s in range(SHARDS)]
    alice = discord.user("alice")
    for guild in guilds:
        discord.world.add_member(guild, discord.world.users[alice.id])
    processes = []
    for shard in range(SHARDS):
        process = _process(discord, tmp_path / f"shard{shard}", postgres.url, shard)
        process.settings["discord"]["global_rate_limit"] = limit
        process.settings["tables"]["ai_delay"] = 0.2  # a match to 105 lasts a while
        processes.append(process)
    try:
        for process in processes:
            await process.start()
        # Five tables on each shard, left to the AI: each channel's board wants about one
        # edit a second (its channel's own limit), ten a second in all, over the bot's limit.
        channels = [discord.create_channel(f"cards{i}", guild=g) for g in guilds for i in range(5)]
        for channel in channels:
            await _open_table(discord, alice, channel, "centocinque")
            assert "the AI plays your seat" in await answered(
                await alice.slash("table leave", channel=channel)
            )
        start = asyncio.get_running_loop().time()

        def sent() -> int:
            return sum(r.at >= start and "/channels/" in r.route for r in discord.requests)

        # The tables keep both processes at their shares of the limit: six seconds' worth of
        # it is sent (however long a loaded machine takes for it), and no request meets a 429.
        await discord.wait_for(lambda: sent() >= 6 * limit, timeout=90, what="6 s of the limit")
        assert discord.rate_limited == []
        for shard, process in enumerate(processes):
            assert "Traceback" not in process.log(), f"shard {shard}"
    finally:
        for process in processes:
            await process.close()


async def test_a_tournament_carries_on_when_its_server_moves_to_another_process(
    discord: FakeDiscord, postgres: PostgresBackend, tmp_path: Path
) -> None:
    """A server's tournament runs on shard 1 of two; that process stops, and the bot comes
    back as one process for every shard: the tournament, its round and its tables are brought
    back there, and its next round opens."""
    guild = discord.world.guild_on_shard(1, SHARDS, "club")
    channel = discord.create_channel("event", guild=guild)
    boss, *players = [discord.user(n) for n in ("boss", "ann", "bob", "cy", "dee")]
    for user in (boss, *players):
        discord.world.add_member(guild, discord.world.users[user.id])
    first = _process(discord, tmp_path / "shard1", postgres.url, 1)
    whole = _process(discord, tmp_path / "whole", postgres.url, 0)
    whole.settings["discord"].update(shard_count=1, shard_ids=[0])
    try:
        await first.start()
        told = await answered(
            await boss.slash("tournament new", channel=channel, game="scopa", format="knockout")
        )
        assert "is open" in told, told
        signup = next(m for m in discord.messages(channel) if "Tournament ·" in m.text)
        for player in players:
            assert "signed up" in await answered(await player.click(signup, label="Join"))
        assert "under way" in await answered(await boss.slash("tournament start", channel=channel))
        await discord.wait_for(lambda: len(discord.world.threads_of(channel)) == 2, 20, "round 1")
        await first.stop()

        await whole.start()  # shard 0 of 1: every server, this one too
        assert "restored 1 tournaments" in whole.log()
        for match in (1, 2):
            settled = await answered(
                await boss.slash("tournament settle", channel=channel, round=1, match=match)
            )
            assert "settled" in settled, settled
        await discord.wait_for(lambda: len(discord.world.threads_of(channel)) == 3, 20, "final")
        assert discord.rejections == []
    finally:
        for process in (first, whole):
            await process.close()
