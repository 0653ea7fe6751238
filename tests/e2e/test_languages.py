"""Languages and pictures on Discord: each person reads their own answers and hand in their
Discord language, the board speaks the server's (or the channel's chosen) language, and
boards and hands carry PNG pictures of the cards, which the server may turn off."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.games import SPECS
from fakediscord import Channel, FakeDiscord
from fakediscord.models import Message
from fakediscord.permissions import MANAGE_GUILD
from fakediscord.users import SimUser

from .botprocess import BotProcess
from .driver import Store, TableRow, a_play, answered, make_move, moved
from .words import command, label, said

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.05, "turn_timeout": 60, "board_edit_interval": 0.3}}


def board(discord: FakeDiscord, store: Store, channel: Channel | None = None) -> Message:
    """The last table's board (in ``channel``, else the test's channel)."""
    message_id = store.table().board_message_id
    assert message_id is not None
    return next(m for m in discord.messages(channel) if m.id == message_id)


def png_size(message: Message, what: str) -> tuple[int, int]:
    attachment = message.embed_image()
    assert attachment is not None, f"{what} has no picture"
    assert attachment.filename.endswith(".png") and attachment.data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(attachment.data)).size


async def open_hand(user: SimUser, board: Message, language: str) -> Message:
    reply = await user.click(board, label=label("it", "My hand"))
    assert reply.error is None and reply.ephemeral and reply.message is not None
    assert reply.message.embeds[0]["title"] == said(
        language, "Your hand · {game}", game="One Hundred"
    )
    return reply.message


async def test_a_portuguese_player_reads_her_hand_in_portuguese_on_an_italian_board(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    discord.world.set_guild_locale(discord.guild, "it")
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    ana = discord.user("ana", locale="pt-BR")
    alice = discord.user("alice")  # English

    # The catalogues translate what this test looks for (else it would prove nothing).
    assert command("pt_BR", "table", "new") != "table new"
    assert said("pt_BR", "Your hand · {game}", game="One Hundred") != "Your hand · One Hundred"
    assert label("it", "My hand") != "My hand" and label("pt_BR", "AI (easy)") != "AI (easy)"

    # Ana types the command as her Discord shows it, and is answered in Portuguese.
    game: dict[str, Any] = {command("pt_BR", "game"): "cento"}  # options are Any
    opened = await ana.slash(command("pt_BR", "table", "new"), **game)
    assert await answered(opened) == said(
        "pt_BR",
        "Your {game} table is open: friends press **Join**; you may change the **House rules**, "
        "then press **Start**.",
        game="One Hundred",
    )
    lobby = board(discord, store)
    assert lobby.embeds[0]["title"] == said("it", "{game} · lobby", game="One Hundred")
    joined = await alice.click(lobby, label=label("it", "Join"))
    assert await answered(joined) == "You joined the table."
    added = await ana.click(lobby, label=label("it", "Add AI (easy)"))
    assert await answered(added) == said(
        "pt_BR", "An AI player ({level}) sits down.", level=label("pt_BR", "easy")
    )
    started = await ana.click(lobby, label=label("it", "Start"))
    assert await answered(started) == said(
        "pt_BR", "The game is on: open **My hand** on the board."
    )

    # The board: Italian words and an Italian AI's name, and a picture of the table.
    await discord.wait_for(
        lambda: board(discord, store).embed_image() is not None, what="a picture"
    )
    playing = board(discord, store)
    assert playing.embeds[0]["title"] == said("it", "{game} · playing", game="One Hundred")
    assert (
        label("it", "AI (easy)") in playing.text and label("pt_BR", "AI (easy)") not in playing.text
    )
    assert png_size(playing, "the board")[0] == 820

    # Ana's hand: Portuguese, with the cards as a picture; a move redraws both in place.
    table_id = store.table().id

    async def persons_turn() -> TableRow:
        return await discord.wait_for(
            lambda: next((r for r in [store.table(table_id)] if r.turn() in (0, 1)), None),
            what="a person's turn",
        )

    # Alice plays until it is Ana's turn: more than once if the AI turns the play back to her.
    row = await persons_turn()
    while row.turn() == 1:
        alice_hand = await open_hand(alice, playing, "en")
        await make_move(alice, alice_hand, a_play(row, 1), total=0)
        await moved(discord, store, table_id, row.moves)
        row = await persons_turn()
    hand = await open_hand(ana, playing, "pt_BR")
    first = hand.embed_image()
    assert first is not None and png_size(hand, "the hand")[1] > 100
    await make_move(ana, hand, a_play(row, 0), total=0)
    await moved(discord, store, store.table().id, row.moves)
    await discord.wait_for(
        lambda: hand.embed_image() is not None and hand.embed_image() != first,
        what="a new hand picture",
    )
    assert hand.embeds[0]["title"] == said("pt_BR", "Your hand · {game}", game="One Hundred")
    alice_hand = await open_hand(alice, board(discord, store), "en")
    assert alice_hand.embeds[0]["title"] == "Your hand · One Hundred"
    assert discord.rejections == []


async def test_a_server_turns_pictures_off_and_a_channel_chooses_esperanto(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob = discord.user("alice"), discord.user("bob")
    assert "table is open" in await answered(await alice.slash("table new", game="cento"))
    await answered(await bob.click(board(discord, store), label="Join"))
    await answered(await alice.click(board(discord, store), label="Add AI (easy)"))
    await answered(await alice.click(board(discord, store), label="Start"))
    await discord.wait_for(
        lambda: board(discord, store).embed_image() is not None, what="a picture"
    )

    refused = await bob.slash("table pictures", show=False)
    assert "manage the server" in await answered(refused)
    admins = discord.world.add_role(discord.guild, "admins", MANAGE_GUILD)
    discord.guild.members[alice.id].roles.append(admins.id)
    assert "text only" in await answered(await alice.slash("table pictures", show=False))
    await discord.wait_for(lambda: board(discord, store).embed_image() is None, what="no picture")
    assert board(discord, store).attachments == []  # the edit took the old picture away
    hand = (await bob.slash("hand")).message
    assert hand is not None and hand.embed_image() is None and hand.attachments == []

    # The host chooses Esperanto for the channel: the board is told in it at once.
    assert "Esperanto" in await answered(await alice.slash("table language", language="eo"))
    playing = said("eo", "{game} · playing", game="One Hundred")
    await discord.wait_for(
        lambda: board(discord, store).embeds[0]["title"] == playing, what="Esperanto"
    )
    back = await alice.slash("table language", language="server")
    assert "server's language" in await answered(back)
    await discord.wait_for(
        lambda: board(discord, store).embeds[0]["title"] == "One Hundred · playing", what="English"
    )
    assert discord.rejections == []


DISCORD_LOCALE = {"en": "en-US", "it": "it", "pt_BR": "pt-BR", "es": "es-ES"}


@pytest.mark.parametrize("language", ["en", "it", "pt_BR", "es", "eo"])
async def test_every_game_is_played_with_pictures_in_the_language(
    discord: FakeDiscord, bot_process: BotProcess, language: str
) -> None:
    # Esperanto has no Discord locale: the server chooses it for the channel, and the
    # person reads their own answers in English.
    locale = DISCORD_LOCALE.get(language, "en-US")
    discord.world.set_guild_locale(discord.guild, locale)
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    ana = discord.user("ana", locale=locale)
    own = language if language in DISCORD_LOCALE else "en"
    for game, spec in SPECS.items():
        title = spec.title
        channel = discord.create_channel(f"{game}-{language}")
        if language == "eo":
            admins = discord.world.add_role(
                discord.guild, f"mods-{game}", 1 << 4
            )  # Manage Channels
            discord.guild.members[ana.id].roles.append(admins.id)
            await answered(await ana.slash("table language", channel=channel, language="eo"))
        table_new = command(own, "table", "new")
        opened = await ana.slash(table_new, channel=channel, **{command(own, "game"): game})
        await answered(opened)
        lobby = board(discord, store, channel)
        assert lobby.embeds[0]["title"] == said(language, "{game} · lobby", game=title)
        if not spec.seats.fill:  # Minchiate fills its empty seats itself
            for _ in range(spec.seats.default - 1):
                await answered(await ana.click(lobby, label=label(language, "Add AI (easy)")))
        await answered(await ana.click(lobby, label=label(language, "Start")))

        def pictured(c: Channel = channel) -> bool:
            return board(discord, store, c).embed_image() is not None

        await discord.wait_for(pictured, what=f"{game}'s picture")
        playing = board(discord, store, channel)
        assert playing.embeds[0]["title"] == said(language, "{game} · playing", game=title)
        hand = (await ana.click(playing, label=label(language, "My hand"))).message
        assert hand is not None and hand.embed_image() is not None
        assert hand.embeds[0]["title"] == said(own, "Your hand · {game}", game=title)
        assert len(hand.text) <= 4096 and all(len(b.get("label", "")) <= 80 for b in hand.buttons)
    assert discord.rejections == []
