"""discord.py itself against the fake: every kind of answer a bot gives, made and parsed
by the real library, so the fake speaks the protocol discord.py expects from Discord."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.endpoints import use_endpoints
from fakediscord import Bucket, FakeDiscord, Limits

from .conftest import png

PORTUGUESE = {"table": "mesa", "Tables": "Mesas", "new": "nova", "game": "jogo"}


class Portuguese(app_commands.Translator):
    """A few Brazilian Portuguese names, as a bot's translator gives them to discord.py."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.brazil_portuguese:
            return None
        return PORTUGUESE.get(string.message)


def board_picture(width: int) -> tuple[discord.Embed, discord.File]:
    """An embed showing a picture uploaded with it, as the bot's board does."""
    embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
    return embed, discord.File(io.BytesIO(png(width, 10)), "board.png")


class Board(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Redraw", custom_id="board:redraw")
    async def redraw(
        self, interaction: discord.Interaction, button: discord.ui.Button[Board]
    ) -> None:
        embed, file = board_picture(11)
        await interaction.response.edit_message(embed=embed, attachments=[file])

    @discord.ui.button(label="Later", custom_id="board:later")
    async def later(
        self, interaction: discord.Interaction, button: discord.ui.Button[Board]
    ) -> None:
        await interaction.response.defer()
        embed, file = board_picture(12)
        await interaction.edit_original_response(embed=embed, attachments=[file])


class Bid(discord.ui.Modal, title="Your bid"):
    amount: discord.ui.TextInput[Bid] = discord.ui.TextInput(label="Amount", max_length=3)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"bid {self.amount.value}", ephemeral=True)


class Lobby(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", custom_id="lobby:join")
    async def join(
        self, interaction: discord.Interaction, button: discord.ui.Button[Lobby]
    ) -> None:
        await interaction.response.edit_message(content=f"joined: {interaction.user.name}")

    @discord.ui.button(label="Bid", custom_id="lobby:bid")
    async def bid(self, interaction: discord.Interaction, button: discord.ui.Button[Lobby]) -> None:
        await interaction.response.send_modal(Bid())

    @discord.ui.select(
        custom_id="lobby:seat",
        options=[discord.SelectOption(label=f"Seat {i}", value=str(i)) for i in range(3)],
    )
    async def seat(
        self, interaction: discord.Interaction, select: discord.ui.Select[Lobby]
    ) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"seat {select.values[0]}")


class QuickBot(commands.Bot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause before identifying again (discord.py's default), to keep tests fast."""


def make_bot(guild_id: int) -> commands.Bot:
    bot = QuickBot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    guild = discord.Object(id=guild_id)
    table = app_commands.Group(name="table", description="Tables", guild_ids=[guild_id])

    @table.command(name="new", description="Open a table")
    @app_commands.choices(game=[app_commands.Choice(name="Cento", value="cento")])
    async def table_new(
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        seats: app_commands.Range[int, 2, 4] = 3,
    ) -> None:
        embed = discord.Embed(title=game.name, description=f"{seats} seats")
        embed.add_field(name="Host", value=interaction.user.name).set_footer(text="Join in")
        await interaction.response.send_message(game.value, embed=embed, view=Lobby())

    @bot.tree.command(guild=guild, description="Play a card")
    async def play(interaction: discord.Interaction, card: str) -> None:
        await interaction.response.send_message(f"played {card}", ephemeral=True)

    @play.autocomplete("card")
    async def cards(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=c, value=c) for c in ("7d", "7c", "Ac") if c.startswith(typed)
        ]

    @bot.tree.command(guild=guild, description="Scores as a file")
    async def scores(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            file=discord.File(io.BytesIO(b"a,1\n"), "scores.csv")
        )

    @bot.tree.command(guild=guild, description="Say it in the channel")
    async def say(interaction: discord.Interaction, times: int, who: discord.Member) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        mentions = discord.AllowedMentions(users=[who])
        for i in range(times):
            await interaction.channel.send(f"{who.mention} {i}", allowed_mentions=mentions)
        await interaction.followup.send("said")

    @bot.tree.command(guild=guild, description="Where am I")
    async def where(interaction: discord.Interaction) -> None:
        assert interaction.guild is not None and interaction.guild_locale is not None
        locales = (interaction.locale, interaction.guild_locale, interaction.guild.preferred_locale)
        await interaction.response.send_message(" ".join(x.value for x in locales))

    @bot.tree.command(guild=guild, description="The board, as a picture")
    async def board(interaction: discord.Interaction) -> None:
        embed, file = board_picture(10)
        await interaction.response.send_message(embed=embed, file=file, view=Board())
        embed, file = board_picture(10)
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)

    bot.tree.add_command(table)
    return bot


@pytest.fixture
async def bot(fake: FakeDiscord) -> AsyncIterator[commands.Bot]:
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    use_endpoints(fake.api_base, fake.gateway_url)
    client = make_bot(fake.guild_id)
    await client.login(fake.token)
    await client.tree.set_translator(Portuguese())
    await client.tree.sync(guild=discord.Object(id=fake.guild_id))
    running = asyncio.create_task(client.connect())
    await fake.wait_for(lambda: fake.gateway.connected)
    yield client
    await client.close()
    await running
    Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


@pytest.mark.usefixtures("bot")
async def test_command_buttons_select_and_modal(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    reply = await alice.slash("table new", game="cento")
    board = reply.message
    assert board is not None and (reply.type, reply.ephemeral) == (4, False)
    assert board.text == "cento\nCento\n3 seats\nHost\nalice\nJoin in"
    assert [b["label"] for b in board.buttons] == ["Join", "Bid"]
    assert (await alice.click(board, label="Join")).type == 7
    assert board.content == "joined: alice"
    assert (await bob.select(board, "lobby:seat", ["2"])).type == 6
    await fake.wait_for(lambda: board.content == "seat 2")
    shown = await bob.click(board, custom_id="lobby:bid")
    assert shown.modal is not None and shown.modal["title"] == "Your bid"
    bid = await bob.submit_modal({"Amount": "50"})
    assert (bid.content, bid.ephemeral) == ("bid 50", True)
    assert bid.message not in alice.visible_messages()


@pytest.mark.usefixtures("bot")
async def test_translated_commands_and_the_locales_the_bot_reads(fake: FakeDiscord) -> None:
    (table,) = [c for c in fake.commands() if c.name == "table"]
    assert table.data["name_localizations"] == {"pt-BR": "mesa"}
    assert table.localized("pt-BR")["options"][0]["name"] == "nova"
    bob = fake.user("bob", locale="pt-BR")
    assert (await bob.slash("mesa nova", jogo="cento")).content == "cento"
    assert (await bob.slash("where")).content == "pt-BR en-US en-US"
    fake.world.set_guild_locale(fake.guild, "it")
    assert (await bob.slash("where")).content == "pt-BR it it", "GUILD_UPDATE reached the cache"
    assert fake.rejections == []


@pytest.mark.usefixtures("bot")
async def test_board_pictures_sent_updated_and_edited_through_the_token(
    fake: FakeDiscord,
) -> None:
    alice = fake.user("alice")
    reply = await alice.slash("board")
    board = reply.message
    assert board is not None
    first = board.embed_image()
    assert first is not None and first.data == png(10, 10)
    await fake.wait_for(lambda: reply.followups)
    (private,) = reply.followups
    shown = private.embed_image()
    assert private.ephemeral and shown is not None and shown.data == png(10, 10)
    await alice.click(board, label="Redraw")
    redrawn = board.embed_image()
    assert redrawn is not None and redrawn.data == png(11, 10)
    assert board.attachments == [redrawn]
    await alice.click(board, label="Later")
    await fake.wait_for(lambda: board.attachments != [redrawn])
    later = board.embed_image()
    assert later is not None and later.data == png(12, 10) and board.attachments == [later]
    assert fake.rejections == []


@pytest.mark.usefixtures("bot")
async def test_autocomplete_then_the_command(fake: FakeDiscord) -> None:
    alice = fake.user("alice")
    offered = await alice.autocomplete("play", "card", "7")
    assert offered.choices == [{"name": "7d", "value": "7d"}, {"name": "7c", "value": "7c"}]
    assert (await alice.slash("play", card="7d")).content == "played 7d"


@pytest.mark.usefixtures("bot")
async def test_file_upload(fake: FakeDiscord) -> None:
    reply = await fake.user("alice").slash("scores")
    assert reply.message is not None
    (attachment,) = reply.message.attachments
    assert (attachment.filename, attachment.data) == ("scores.csv", b"a,1\n")


@pytest.mark.parametrize("limits", [Limits(channel_messages=Bucket(2, 0.5))])
@pytest.mark.usefixtures("bot")
async def test_deferral_mentions_and_pacing_under_the_channel_limit(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    started = time.monotonic()
    reply = await alice.slash("say", times=5, who=bob)
    assert reply.type == 5
    assert (await reply.wait_message(timeout=10)).content == "said"
    assert time.monotonic() - started >= 1.0, "5 messages at 2 per 0.5 s take a second"
    assert fake.rate_limited == []
    assert [m.content for m in bob.pings()] == [f"{bob.mention} {i}" for i in range(5)]
    assert alice.pings() == []


@pytest.mark.usefixtures("bot")
async def test_injected_429_and_5xx_are_retried_once_each(fake: FakeDiscord) -> None:
    fake.faults.fail("POST /channels/{channel_id}/messages", 429, retry_after=0.1)
    fake.faults.fail("POST /webhooks/*", 500)
    reply = await fake.user("alice").slash("say", times=1, who=fake.user("bob"))
    assert (await reply.wait_message(timeout=10)).content == "said"
    assert len(fake.messages()) == 1
    assert [r.status for r in fake.requests if r.injected] == [429, 500]


# QuickBot identifies again at once; Discord's 5 s between IDENTIFYs is tested in test_shards.
@pytest.mark.parametrize("limits", [Limits(identify_interval=0.0)])
async def test_resume_after_a_drop_and_identify_after_invalid_session(
    fake: FakeDiscord, bot: commands.Bot
) -> None:
    alice = fake.user("alice")
    await fake.gateway.drop()
    await fake.wait_for(lambda: fake.gateway.resumes)
    assert fake.gateway.resumes[0].via_resume_url
    assert (await alice.slash("play", card="Ac")).content == "played Ac"
    fake.gateway.invalidate_session()
    await fake.wait_for(lambda: fake.gateway.identifies == 2 and fake.gateway.connected)
    assert (await alice.slash("play", card="7c")).content == "played 7c"
