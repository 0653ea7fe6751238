"""Replays on Discord, every game on both databases: a match is played (by two people, or by
the AI once its host leaves); the commitment its lobby showed before the first card is the
SHA-256 of the secret revealed at the end; a finished deal of the match still being played is
refused; once it is over /table history lists every deal, and /replay shows each step,
stepped through with every button, in the viewer's language: its text and its picture (the
board, every hand face up), every board the table showed being one of them, in order; its
record attached verifies, as its Verify button says; another server's deal answers as an
unknown id; a damaged record is told plainly."""

from __future__ import annotations

import json
import re

import pytest

from bot.gallery import replay_image
from bot.games import SPECS
from bot.i18n import speaking, t
from bot.records.fair import SHORT, commitment
from bot.records.files import load
from bot.records.replay import Step, seed_of, step_ends, steps
from bot.records.schema import DealRecord
from bot.records.stepper import board_of, face_up
from bot.records.text import HOLDS, STEP_NAMES, heading, seat_names, step_lines
from bot.records.verify import verify
from bot.views.render import DESCRIPTION_MAX, clip
from fakediscord import FakeDiscord, Message, Reply, SimUser

from .botprocess import BotProcess
from .driver import (
    Store,
    add_ai,
    make_move,
    moved,
    new_table,
    offered,
    open_hand,
    start,
)
from .driver import board_of as table_board
from .words import label, said

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.0, "turn_timeout": 60, "board_edit_interval": 0.3}}


async def one_move(
    discord: FakeDiscord, store: Store, table_id: int, people: dict[int, SimUser]
) -> None:
    row = store.table(table_id)
    seat = row.turn()
    assert seat is not None
    board = table_board(discord, table_id)
    shown = boards_shown(discord, board.id)
    hand = await open_hand(people[seat], board)
    await make_move(people[seat], hand, offered(hand)[0])
    after = await moved(discord, store, table_id, row.moves)
    if after.moves % 5 == 0 and after.status == "playing":  # let the board show this move
        await discord.wait_for(lambda: boards_shown(discord, board.id) > shown, 5, "the board")


def boards_shown(discord: FakeDiscord, board_id: int) -> int:
    return sum(s.message_id == board_id for s in discord.world.shown)


async def private(reply: Reply) -> Message:
    """The ephemeral answer of a deferred command (the "thinking" message, filled in)."""
    assert reply.error is None, reply.error
    message = await reply.wait_message(timeout=10)
    assert message.ephemeral
    return message


def board_block(text: str, lines: list[str]) -> bool:
    """Whether ``lines`` stand in ``text`` one after another."""
    return "\n".join(lines) in text


def played_of(record: DealRecord) -> list[Step]:
    seed = seed_of(record)
    assert seed is not None
    return steps(record, seed)


def shows_step(
    message: Message, record: DealRecord, played: list[Step], index: int, language: str
) -> None:
    """``message`` is step ``index`` of the replay, in ``language``: its heading, the move
    and the board's text with every hand face up, and its picture, the board with every hand
    below it."""
    step, last = played[index], index == len(played) - 1
    with speaking(language):
        title = clip(heading(record, index, len(played)), 256)
        text = clip("\n".join(step_lines(record, step, last)), DESCRIPTION_MAX)
        names = seat_names(record)
        picture = replay_image(
            record.game, board_of(record, step), names, face_up(record, step, last)
        )
    embed = message.embeds[0]
    assert (embed["title"], embed["description"]) == (title, text)
    attached = message.embed_image()
    assert attached is not None and attached.data == picture, f"step {index}'s picture"


async def turn(user: SimUser, message: Message, button: str) -> Message:
    click = await user.click(message, label=button)
    assert click.error is None and click.message is not None, click.error
    return click.message


def disabled(message: Message, button: str) -> bool:
    return bool(next(b for b in message.buttons if b["label"] == button).get("disabled"))


async def replay_every_deal(
    user: SimUser, deals: list[str], language: str
) -> list[tuple[DealRecord, Message]]:
    """Each deal opened with /replay (its record attached, which verifies) and stepped
    through with Next from its first step to its last, every step as it should be: each
    deal's record and its last step's message."""
    out = []
    for short in deals:
        message = await private(await user.slash("replay", deal=short, file=True))
        attached = next(a for a in message.attachments if a.filename.endswith(".json"))
        record = load(attached.data)
        assert verify(record).ok and record.id == short
        played = played_of(record)
        assert len(played) == len(record.moves) + 1
        assert disabled(message, label(language, "⏮ First"))
        for index in range(len(played)):
            shows_step(message, record, played, index, language)
            if index < len(played) - 1:
                message = await turn(user, message, label(language, "Next ▶"))
        assert disabled(message, label(language, "Next ▶"))
        out.append((record, message))
    return out


async def every_other_button(
    user: SimUser, message: Message, record: DealRecord, language: str
) -> None:
    """From the last step: back by the game's own step to the first, through each of its
    ends; ahead by it to the last; then Back, First and Last; Verify says the record holds."""
    spec, played = SPECS[record.game], played_of(record)
    final, ends = len(played) - 1, step_ends(SPECS[record.game], played)
    with speaking(language):
        word = t(STEP_NAMES[spec.step.name])
        back, ahead = t("◀ {step}", step=word), t("{step} ▶", step=word)
    index = final
    if spec.step.name != "move":
        while index > 0:
            message = await turn(user, message, back)
            index = max(i for i in ends if i < index)
            shows_step(message, record, played, index, language)
        assert index == 0 and disabled(message, back)
        while index < final:
            message = await turn(user, message, ahead)
            index = min(i for i in ends if i > index)
            shows_step(message, record, played, index, language)
    message = await turn(user, message, label(language, "◀ Back"))
    shows_step(message, record, played, final - 1, language)
    message = await turn(user, message, label(language, "⏮ First"))
    shows_step(message, record, played, 0, language)
    message = await turn(user, message, label(language, "Last ⏭"))
    shows_step(message, record, played, final, language)
    verdict = await user.click(message, label=label(language, "Verify"))
    assert said(language, HOLDS) in (await verdict.wait_message()).text


def boards_are_steps(
    discord: FakeDiscord,
    board_id: int | None,
    replayed: list[tuple[DealRecord, Message]],
    language: str,
) -> int:
    """Every board the table showed while playing is a step of one of its deals as /replay
    showed it (its board's lines stand in that step's text), in order: how many."""
    boards: list[list[str]] = []
    for record, _ in replayed:
        spec = SPECS[record.game]
        with speaking(language):
            names = seat_names(record)
            boards += [spec.text.board_lines(board_of(record, s), names) for s in played_of(record)]
    at = checked = 0
    for shown in discord.world.shown:
        if shown.message_id != board_id or "· " + said(language, "playing") not in shown.text:
            continue
        while at < len(boards) and not board_block(shown.text, boards[at]):
            at += 1
        assert at < len(boards), f"a board the table showed is no step of a replay:\n{shown.text}"
        checked += 1
    return checked


async def invisible_elsewhere(discord: FakeDiscord, user: SimUser, deal: str) -> None:
    """Another server: its members see no such deal, as if the id were unknown."""
    other = discord.world.create_guild("Elsewhere")
    channel = discord.world.create_channel(other, "cards")
    discord.world.add_member(other, discord.world.users[user.id])
    # The bot registers its commands in the test's server only; a bot in production
    # registers them globally, for every server.
    discord.world.commands[other.id] = discord.world.commands[discord.guild.id]
    there = await private(await user.slash("replay", channel=channel, deal=deal))
    unknown = await private(await user.slash("replay", deal="zzzzzzzz"))
    assert there.text.replace(deal, "ID") == unknown.text.replace("zzzzzzzz", "ID")


async def test_a_match_of_two_people_is_replayed_step_by_step_as_the_table_showed_it(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob = discord.user("alice"), discord.user("bob")
    table_id = await new_table(discord, store, alice, "briscola", join=(bob,))
    lobby = table_board(discord, table_id)
    lobby_text = lobby.text
    row = await start(discord, store, alice, table_id)
    people = {row.seat_of(alice): alice, row.seat_of(bob): bob}
    assert row.start_nonce is not None and row.shown_in == lobby.id < row.start_nonce

    while not store.deals(table_id):  # the first deal ends; the match goes on
        await one_move(discord, store, table_id, people)
    first_id = store.deals(table_id)[0][0]
    reply = await alice.slash("replay", deal=first_id)
    assert "still being played" in (await private(reply)).text
    while store.table(table_id).status == "playing":
        await one_move(discord, store, table_id, people)

    # The commitment shown before the first card is the one the revealed secret makes.
    row = store.table(table_id)
    assert row.secret is not None
    made = commitment(row.secret, discord.guild.id, table_id)
    assert f"Commitment: `{made[:SHORT]}`" in lobby_text

    deals = [d[0] for d in store.deals(table_id)]
    assert len(deals) >= 2
    history = await alice.slash("table history")
    listed = (await history.wait_message()).text
    assert all(f"`{short}`" in listed for short in deals)
    assert listed.index(f"`{deals[-1]}`") < listed.index(f"`{deals[0]}`")  # newest first

    replayed = await replay_every_deal(alice, deals, "en")
    # Every fifth move waited for its board (about 80 moves).
    assert boards_are_steps(discord, row.board_message_id, replayed, "en") >= 15
    await every_other_button(alice, replayed[-1][1], replayed[-1][0], "en")

    await invisible_elsewhere(discord, alice, deals[0])
    bad = await private(await alice.slash("replay", deal="not an id!"))
    assert "is not a deal's id" in bad.text

    # The person's matches lead to their deals, each beside its match; their card, too.
    latest = (await (await alice.slash("league history")).wait_message()).text
    shown = " ".join(f"`{short}`" for short in deals[:8])
    assert f"↳ {len(deals)} deals: {shown}" in latest
    card = await (await bob.slash("league player", player=alice)).wait_message()
    field = next(f for f in card.embeds[0]["fields"] if f["name"] == "Latest deals, for /replay")
    assert field["value"] == " ".join(f"`{short}`" for short in deals[::-1][:5])

    choices = (await alice.autocomplete("replay", "deal", "")).choices
    assert choices is not None and {c["value"] for c in choices} == set(deals)


RUNNING = (
    "Deal {id} is part of a match still being played: its replay opens when the match is "
    "over (it would show cards of the deals still to come)."
)

SEATS = {"cento": 3, "centocinque": 2, "scopa": 2, "briscola": 2, "minchiate": 1}
"""The seats a person opens for each game (Minchiate fills its four with AI players)."""


async def ai_match(
    discord: FakeDiscord, bot_process: BotProcess, game: str, user: SimUser, language: str
) -> tuple[Store, int, str]:
    """``user`` opens a table of ``game``, starts it and leaves it to the AI, which plays the
    match to its end. While it plays, the first deal's replay is refused where the match goes
    on after it. The store, the table, and the text its lobby showed."""
    await bot_process.start()
    store = bot_process.store()
    table_id = await new_table(discord, store, user, game)
    for _ in range(SEATS.get(game, 2) - 1):
        await add_ai(user, table_board(discord, table_id))
    lobby = table_board(discord, table_id).text
    await start(discord, store, user, table_id)
    assert (await user.slash("table leave")).error is None
    await discord.wait_for(lambda: store.deals(table_id), 240, "the first deal's end")
    first = store.deals(table_id)[0][0]
    answer = (await private(await user.slash("replay", deal=first))).text
    # A table ends once: still playing after the answer, it was playing when it was given.
    if store.table(table_id).status == "playing":
        assert answer == said(language, RUNNING, id=first), answer
    await discord.wait_for(lambda: store.table(table_id).status != "playing", 240, "the end")
    return store, table_id, lobby


async def history_pages(user: SimUser, language: str) -> list[str]:
    """The ids /table history lists, page by page (five deals a page)."""
    page = await (await user.slash("table history")).wait_message()
    listed = re.findall(r"`([2-9a-z]{8})`", page.text)
    older = label(language, "Older ▶")
    while (button := next((b for b in page.buttons if b["label"] == older), None)) and not (
        button.get("disabled")
    ):
        page = await turn(user, page, older)
        listed += re.findall(r"`([2-9a-z]{8})`", page.text)
    return listed


@pytest.mark.parametrize("game", sorted(SPECS))
async def test_every_game_s_match_is_replayed_step_by_step_as_the_table_showed_it(
    discord: FakeDiscord, bot_process: BotProcess, game: str
) -> None:
    """Every registered game: its lobby's commitment is the revealed secret's, every deal
    replays through every step, every board shown is one of them, and another server's
    members do not see its deals."""
    bot_process.settings = SETTINGS
    alice = discord.user("alice")
    store, table_id, lobby = await ai_match(discord, bot_process, game, alice, "en")
    row = store.table(table_id)
    assert row.secret is not None
    assert commitment(row.secret, discord.guild.id, table_id)[:SHORT] in lobby

    deals = store.deals(table_id)
    assert [d[1] for d in deals] == list(range(1, len(deals) + 1))
    assert await history_pages(alice, "en") == [d[0] for d in reversed(deals)]
    replayed = await replay_every_deal(alice, [d[0] for d in deals], "en")
    assert boards_are_steps(discord, row.board_message_id, replayed, "en") >= 1
    await every_other_button(alice, replayed[-1][1], replayed[-1][0], "en")
    await invisible_elsewhere(discord, alice, deals[0][0])


async def test_a_replay_speaks_the_viewer_s_language(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    """An Italian player replays a match played on an English server: every step, with
    every button, in Italian, its picture's words too."""
    bot_process.settings = SETTINGS
    alice, lucia = discord.user("alice"), discord.user("lucia", locale="it")
    store, table_id, _ = await ai_match(discord, bot_process, "scopa", alice, "en")
    deals = [d[0] for d in store.deals(table_id)]
    replayed = await replay_every_deal(lucia, deals[-2:], "it")
    await every_other_button(lucia, replayed[-1][1], replayed[-1][0], "it")


async def test_a_damaged_record_is_told_plainly_and_the_history_lists_the_others(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    """A record edited by hand in the database, out of its schema or into a move that is no
    move: /replay says it is damaged, and /table history lists it so beside the others."""
    bot_process.settings = SETTINGS
    alice = discord.user("alice")
    store, table_id, _ = await ai_match(discord, bot_process, "briscola", alice, "en")
    deals = store.deals(table_id)
    assert len(deals) >= 2
    (broken, _, _), (edited, _, record) = deals[-1], deals[-2]
    record["moves"][0]["action"] = "play:ZZ"
    await bot_process.stop()
    change = "UPDATE deal_records SET record = ? WHERE short_id = ?"
    store.execute(change, json.dumps({"schema": 2, "id": broken}), broken)
    store.execute(change, json.dumps(record), edited)
    await bot_process.start()

    page = await (await alice.slash("table history")).wait_message()
    assert f"`{broken}` · the record of this deal is damaged." in page.text
    assert all(f"`{short}` · **Briscola**" in page.text for short, _, _ in deals[-5:-1])
    for short in (broken, edited):
        said = await private(await alice.slash("replay", deal=short))
        assert f"The record of deal {short} is damaged: it cannot be replayed." in said.text
