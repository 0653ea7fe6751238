"""Opening a table and its lobby: one table per channel, seats and their limits, house rules,
who may start, kick and end, and a channel where the bot may not post."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord
from fakediscord.permissions import MANAGE_MESSAGES, SEND_MESSAGES

from .botprocess import BotProcess
from .driver import add_ai, answered, board_of, new_table

pytestmark = pytest.mark.e2e


async def test_a_lobby_seats_people_and_ai_and_only_the_host_runs_it(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = {"tables": {"board_edit_interval": 0.2}}
    await bot_process.start()
    store = bot_process.store()
    alice, bob, carol, dave = (discord.user(n) for n in ("alice", "bob", "carol", "dave"))
    table_id = await new_table(discord, store, alice, "cento", join=(bob,))
    board = board_of(discord, table_id)
    assert [b["label"] for b in board.buttons] == [
        "Join",
        "Leave",
        "Start",
        "Cancel",
        "Add AI (easy)",
        "Add AI (hard)",
        "House rules",
    ]
    second = await carol.slash("table new", game="centocinque")
    assert "already has a table" in await answered(second)
    assert "already at this table" in await answered(await bob.click(board, label="Join"))
    assert "You joined" in await answered(await carol.slash("table join"))

    # House rules: the host switches them; others only see them.
    panel = (await alice.slash("table rules")).message
    assert panel is not None and panel.ephemeral and panel.selects
    await alice.select(panel, panel.selects[0]["custom_id"], ["allow_negative"])
    await discord.wait_for(lambda: "below 0: on" in panel.text, what="the rules panel")
    await discord.wait_for(lambda: "below 0: on" in board.text, what="the board")
    assert store.table(table_id).options["allow_negative"] is True
    seen = (await bob.slash("table rules")).message
    assert seen is not None and not seen.components and "Only the host" in seen.text

    # Kicking and ending: the host, or someone who may manage messages.
    refused = await dave.slash("table kick", player=carol)
    assert "Only the host" in await answered(refused)
    assert "no longer seated" in await answered(await alice.slash("table kick", player=carol))
    assert "Only the host can start" in await answered(await bob.slash("table start"))
    assert "at least 3 players" in await answered(await alice.click(board, label="Start"))
    await add_ai(bob, board, "hard")
    await discord.wait_for(lambda: "AI (hard) 1" in board.text, what="the AI on the board")
    # An AI seat is kicked by its number in the lobby.
    assert "seat number from 1 to 3" in await answered(await alice.slash("table kick", seat=9))
    assert "no longer seated" in await answered(await alice.slash("table kick", seat=3))
    await discord.wait_for(lambda: "AI (hard) 1" not in board.text, what="the AI gone")
    await add_ai(bob, board, "hard")
    await discord.wait_for(lambda: "AI (hard) 1" in board.text, what="the AI on the board")
    status = await dave.slash("table status")
    assert status.ephemeral and status.message is not None
    assert "Alice" in status.content + status.message.text
    refused = await dave.click(board, label="Cancel")
    assert "Only the host" in await answered(refused)
    moderator = discord.world.add_role(discord.guild, "mods", MANAGE_MESSAGES)
    discord.guild.members[dave.id].roles.append(moderator.id)
    assert "table is closed" in await answered(await dave.slash("table end"))
    await discord.wait_for(lambda: "closed" in board.text and not board.buttons)
    assert store.table(table_id).status == "abandoned"
    assert "no table" in await answered(await bob.slash("table join"))

    # Seat limits: Centocinque seats six at most.
    table_id = await new_table(discord, store, carol, "centocinque")
    board = board_of(discord, table_id)
    for _ in range(5):
        await add_ai(carol, board)
    assert "full" in await answered(await bob.click(board, label="Join"))
    assert discord.rejections == [] and discord.rate_limited == []


async def test_a_channel_where_the_bot_may_not_post_is_refused_clearly(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    await bot_process.start()
    store = bot_process.store()
    quiet = discord.create_channel("quiet")
    discord.world.set_permissions(quiet, discord.world.bot, deny=SEND_MESSAGES)
    reply = await discord.user("alice").slash("table new", channel=quiet, game="minchiate")
    assert reply.ephemeral and "I cannot post in this channel" in reply.content
    assert store.tables() == []
    assert discord.rejections == []
