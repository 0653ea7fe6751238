"""The league on Discord: finished matches fill the standings and statistics, a new season
starts from zero, the export is a CSV file, and standings pages keep turning after a restart."""

from __future__ import annotations

import asyncio
import csv
import gzip
import io
from typing import Any

import pytest

from bot.config import LeagueSettings
from bot.i18n import speaking, tn
from bot.league import League
from bot.storage import Database, LeagueRepo, TableRepo
from fakediscord import FakeDiscord
from fakediscord.permissions import MANAGE_GUILD
from tests.league.helpers import finished

from .botprocess import BotProcess
from .driver import add_ai, answered, board_of, new_table, start
from .words import command, label, said

pytestmark = pytest.mark.e2e


async def test_matches_fill_the_league_and_a_new_season_starts_from_zero(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = {"tables": {"ai_delay": 0.01, "turn_timeout": 60}}
    await bot_process.start()
    store = bot_process.store()
    alice, bob, carol = (discord.user(n) for n in ("alice", "bob", "carol"))

    table_id = await new_table(discord, store, alice, "cento", join=(bob,))
    await add_ai(alice, board_of(discord, table_id))
    await start(discord, store, alice, table_id)
    for user in (alice, bob):  # both hand their seats to the AI, which plays the match out
        await answered(await user.slash("table leave"))
    await discord.wait_for(
        lambda: store.table(table_id).status == "finished", timeout=60, what="the match's end"
    )
    # The board's last edit carries its picture: let it land before the file size limit
    # shrinks below it further down.
    await discord.wait_for(
        lambda: "match over" in board_of(discord, table_id).text, what="the final board"
    )
    seats = store.table(table_id).seats
    ranking = [s["user_id"] for s in seats]

    standings = await carol.slash("league standings", game="cento")
    assert standings.error is None and not standings.ephemeral
    shown = await standings.wait_message()
    text = shown.text
    assert "Standings · One Hundred" in text and "Season 1: Season 1 (open)" in text
    # Beside the text, the same page as a picture (the embed shows it).
    assert [a.filename for a in shown.attachments] == ["standings.png"]
    assert shown.attachments[0].data.startswith(b"\x89PNG")
    lines = [line for line in text.splitlines() if "pts" in line]
    assert len(lines) == 2  # the two people; the AI seat is rated but not listed
    assert {f"<@{u}>" for u in ranking if u} == {line.split()[1] for line in lines}

    stats = await bob.slash("league stats")
    assert stats.ephemeral
    assert "Played 1" in (await stats.wait_message()).text
    card = await alice.slash("league player", player=bob)
    assert card.ephemeral
    shown = await card.wait_message()
    assert "Played 1" in shown.text and [a.filename for a in shown.attachments] == ["player.png"]
    mine = await (await bob.slash("league me", game="cento")).wait_message()
    assert "Played 1" in mine.text and mine.attachments
    history = await alice.slash("league history", player=bob)
    assert history.ephemeral and "#1 · One Hundred" in (await history.wait_message()).text

    export = await carol.slash("league export")
    assert export.error is None
    shown = await export.wait_message()
    await discord.wait_for(lambda: shown.attachments, what="the export")
    (attachment,) = shown.attachments
    rows = list(csv.DictReader(io.StringIO(attachment.data.decode())))
    assert attachment.filename == "tavolo-season-1.csv" and len(rows) == 3
    for row in rows:  # a point for each seat below; none for the AI seat
        below = sum(int(other["place"]) > int(row["place"]) for other in rows)
        assert row["league_points"] == ("" if row["ai_level"] else str(below))

    # Past the server's file size limit the export comes gzipped, whole.
    usual = discord.limits.max_file_size
    discord.limits.max_file_size = len(attachment.data) - 1
    shown = await (await carol.slash("league export")).wait_message()
    await discord.wait_for(lambda: shown.attachments, what="the gzipped export")
    (packed,) = shown.attachments
    assert packed.filename == "tavolo-season-1.csv.gz"
    assert gzip.decompress(packed.data) == attachment.data
    discord.limits.max_file_size = 10
    refused = await carol.slash("league export")
    assert "too large to send" in await answered(refused)
    discord.limits.max_file_size = usual

    refused = await carol.slash("league season new", name="Spring")
    assert "manage the server" in await answered(refused)
    admins = discord.world.add_role(discord.guild, "admins", MANAGE_GUILD)
    discord.guild.members[alice.id].roles.append(admins.id)
    opened = await alice.slash("league season new", name="Spring")
    assert not opened.ephemeral
    assert "Season 2: Spring (open) begins" in (await opened.wait_message()).text
    now = await carol.slash("league standings", game="cento")
    assert "No league matches in this season yet" in (await now.wait_message()).text
    before = await carol.slash("league standings", game="cento", season=1)
    assert len([x for x in (await before.wait_message()).text.splitlines() if "pts" in x]) == 2
    seasons = await carol.slash("league season list")
    listed = (await seasons.wait_message()).text
    assert "Season 2: Spring (open)" in listed and "Season 1: Season 1 (closed)" in listed
    assert "no season 9" in await answered(await carol.slash("league standings", season=9))
    assert discord.rejections == [] and discord.rate_limited == []


async def _stored_league(database: str, guild: int, players: int) -> None:
    """A server whose league has ``players`` people, before the bot first starts."""
    db = await Database.open(database)
    tables, league = TableRepo(db), League(LeagueRepo(db), LeagueSettings())
    for i in range(0, players, 2):
        match_id = await finished(
            tables, "centocinque", [1000 + i, 1001 + i], [[0], [1]], guild=guild
        )
        await league.record(match_id)
    await db.close()


async def test_standings_pages_keep_turning_after_a_restart(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    await _stored_league(bot_process.database, discord.guild.id, players=24)
    await bot_process.start()
    alice = discord.user("alice")
    reply = await alice.slash("league standings", game="centocinque")
    board = await reply.wait_message()
    assert "Page 1 of 3 · 24 players" in board.text and "**1.** <@1000>" in board.text
    assert [b["disabled"] for b in board.buttons] == [True, False]

    await bot_process.kill()
    await bot_process.start()

    turned = await alice.click(board, label="Next ▶")
    assert turned.error is None and turned.type == 7
    await discord.wait_for(lambda: "Page 2 of 3" in board.text, what="page 2")
    assert "**11.**" in board.text and "**1.**" not in board.text
    await alice.click(board, label="Next ▶")
    await discord.wait_for(lambda: "Page 3 of 3" in board.text, what="page 3")
    assert [b["disabled"] for b in board.buttons] == [False, True]
    await asyncio.sleep(0)
    assert discord.rejections == []


async def test_standings_speak_the_channels_language_and_a_refusal_the_persons(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    """Standings are public, like the boards: in the channel's language whoever asks; what
    is only for the person who asked is in theirs."""
    discord.world.set_guild_locale(discord.guild, "it")
    await _stored_league(bot_process.database, discord.guild.id, players=24)
    await bot_process.start()
    ana = discord.user("ana", locale="pt-BR")
    italian = said("it", "Standings · {game}", game="Centocinque")
    assert italian != "Standings · Centocinque"  # the catalogue translates it

    game: dict[str, Any] = {command("pt_BR", "game"): "centocinque"}  # options are Any
    asked = await ana.slash(command("pt_BR", "league", "standings"), **game)
    standings = await asked.wait_message()
    assert not asked.ephemeral and standings.embeds[0]["title"] == italian
    with speaking("it"):
        footer = tn(
            "Page {page} of {pages} · {n} player",
            "Page {page} of {pages} · {n} players",
            24,
            page=2,
            pages=3,
        )
    await ana.click(standings, label=label("it", "Next ▶"))
    await discord.wait_for(lambda: footer in standings.text, what="page 2, in Italian")
    assert standings.embeds[0]["title"] == italian

    name: dict[str, Any] = {command("pt_BR", "name"): "Verão"}
    refused = await ana.slash(command("pt_BR", "league", "season", "new"), **name)
    assert refused.ephemeral
    assert await answered(refused) == said(
        "pt_BR", "Only members who may manage the server can do that."
    )
    assert discord.rejections == []


async def test_the_pages_language_follows_the_server_s_unless_the_admins_chose_one(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    await bot_process.start()
    store, guild = bot_process.store(), discord.guild.id
    alice = discord.user("alice")
    admins = discord.world.add_role(discord.guild, "admins", MANAGE_GUILD)
    discord.guild.members[alice.id].roles.append(admins.id)
    await answered(await alice.slash("league web on"))
    assert store.web_server(guild) == (discord.guild.name, "en", False)

    discord.world.set_guild_locale(discord.guild, "es-ES")  # the admins change it in Discord
    await discord.wait_for(
        lambda: store.web_server(guild) == (discord.guild.name, "es", False),
        10,
        "the pages following the server's language",
    )
    await answered(await alice.slash("league web on", language="it"))
    assert store.web_server(guild) == (discord.guild.name, "it", True)
    await answered(await alice.slash("league web on"))  # the server's own again: Spanish
    assert store.web_server(guild) == (discord.guild.name, "es", False)
