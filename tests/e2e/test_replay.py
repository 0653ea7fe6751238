"""Replays on Discord: two people play a Briscola match; the commitment its lobby showed before
the first card is the SHA-256 of the secret revealed at the end; a deal of the match still
being played is refused; once it is over, /table history lists every deal and /replay shows
each step, whose board is the one the table showed at that moment, every hand face up; its
record attached verifies, as its Verify button says; another server's deal answers as an
unknown id."""

from __future__ import annotations

import json
import re

import pytest

from bot.games import SPECS
from bot.records.fair import SHORT, commitment
from bot.records.files import load
from bot.records.replay import seed_of, steps
from bot.records.verify import verify
from fakediscord import FakeDiscord, Message, Reply, SimUser

from .botprocess import BotProcess
from .driver import (
    Store,
    add_ai,
    answered,
    board_of,
    make_move,
    moved,
    new_table,
    offered,
    open_hand,
    start,
)

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.02, "turn_timeout": 60, "board_edit_interval": 0.3}}


async def one_move(
    discord: FakeDiscord, store: Store, table_id: int, people: dict[int, SimUser]
) -> None:
    row = store.table(table_id)
    seat = row.turn()
    assert seat is not None
    board = board_of(discord, table_id)
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


async def test_a_finished_match_is_replayed_step_by_step_as_the_table_showed_it(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob = discord.user("alice"), discord.user("bob")
    table_id = await new_table(discord, store, alice, "briscola", join=(bob,))
    lobby = board_of(discord, table_id)
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

    deals = store.deals(table_id)
    assert [d[1] for d in deals] == list(range(1, len(deals) + 1)) and len(deals) >= 2
    history = await alice.slash("table history")
    listed = (await history.wait_message()).text
    assert all(f"`{short}`" in listed for short, _, _ in deals)
    assert listed.index(f"`{deals[-1][0]}`") < listed.index(f"`{deals[0][0]}`")  # newest first

    # Every board the table showed while playing is a step of one of its deals, in order.
    spec = SPECS["briscola"]
    boards: list[list[str]] = []
    records = []
    for short, _, _ in deals:
        reply = await alice.slash("replay", deal=short, file=True)
        message = await private(reply)
        attached = next(a for a in message.attachments if a.filename.endswith(".json"))
        record = load(attached.data)
        assert verify(record).ok and record.id == short
        records.append((record, message))
        seed = seed_of(record)
        assert seed is not None
        names = [s.name for s in record.seats]
        boards += [
            spec.text.board_lines(spec.rules.view(s.state, None), names)
            for s in steps(record, seed)
        ]
    board_id = row.board_message_id
    at = checked = 0
    for shown in discord.world.shown:
        if shown.message_id != board_id or "· playing" not in shown.text:
            continue
        while at < len(boards) and not board_block(shown.text, boards[at]):
            at += 1
        assert at < len(boards), f"a board the table showed is no step of a replay:\n{shown.text}"
        checked += 1
    assert checked >= 15  # every fifth move waited for its board (about 80 moves)

    # The last deal, step by step to its end: each step's board, every hand face up.
    record, message = records[-1]
    seed = seed_of(record)
    assert seed is not None
    played = steps(record, seed)
    assert len(played) == len(record.moves) + 1 > 20
    names = [s.name for s in record.seats]
    assert any(a.filename == "board.png" and a.dimensions for a in message.attachments)
    for index, step in enumerate(played):
        text = message.text
        assert f"step {index} of {len(played) - 1}" in text
        assert board_block(text, spec.text.board_lines(spec.rules.view(step.state, None), names))
        for seat, name in enumerate(names):
            hand = spec.rules.view(step.state, seat)["hand"]
            cards = ", ".join(spec.text.card_name(c) for c in hand) or "no cards"
            assert f"- {name}: {cards}" in text
        if index + 1 < len(played):
            click = await alice.click(message, label="Next ▶")
            assert click.error is None
            assert click.message is not None
            message = click.message
    assert next(b for b in message.buttons if b["label"] == "Next ▶").get("disabled")
    first = await alice.click(message, label="⏮ First")
    assert first.message is not None and "step 0 of" in first.message.text
    trick = await alice.click(first.message, label="trick ▶")
    assert trick.message is not None and "step 2 of" in trick.message.text  # a trick: 2 cards
    said = await alice.click(trick.message, label="Verify")
    assert "The record holds" in (await said.wait_message()).text

    # Another server: its members see no such deal, as if the id were unknown.
    other = discord.world.create_guild("Elsewhere")
    channel = discord.world.create_channel(other, "cards")
    discord.world.add_member(other, discord.world.users[alice.id])
    # The bot registers its commands in the test's server only; a bot in production
    # registers them globally, for every server.
    discord.world.commands[other.id] = discord.world.commands[discord.guild.id]
    there = await private(await alice.slash("replay", channel=channel, deal=deals[0][0]))
    unknown = await private(await alice.slash("replay", deal="zzzzzzzz"))
    assert "No deal of this server" in there.text
    assert there.text.replace(deals[0][0], "ID") == unknown.text.replace("zzzzzzzz", "ID")
    bad = await private(await alice.slash("replay", deal="not an id!"))
    assert "is not a deal's id" in bad.text

    latest = await alice.slash("league history")  # a person's matches link to their deals
    assert f"`{deals[-1][0]}`" in (await latest.wait_message()).text

    choices = (await alice.autocomplete("replay", "deal", "")).choices
    assert choices is not None and {c["value"] for c in choices} == {d[0] for d in deals}


SEATS = {"cento": 3, "centocinque": 2, "scopa": 2, "briscola": 2, "minchiate": 1}
"""The seats a person opens for each game (Minchiate fills its four with AI players)."""


async def ai_match(
    discord: FakeDiscord, bot_process: BotProcess, game: str
) -> tuple[Store, SimUser, int]:
    """A person opens a table of ``game``, starts it and leaves it to the AI, which plays the
    match to its end: the store, the person and the table."""
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    table_id = await new_table(discord, store, alice, game)
    for _ in range(SEATS.get(game, 2) - 1):
        await add_ai(alice, board_of(discord, table_id))
    await start(discord, store, alice, table_id)
    assert "the AI plays your seat" in await answered(await alice.slash("table leave"))
    await discord.wait_for(lambda: store.table(table_id).status != "playing", 240, "the end")
    return store, alice, table_id


async def test_a_damaged_record_is_told_plainly_and_the_history_lists_the_others(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    """A record edited by hand in the database, out of its schema or into a move that is no
    move: /replay says it is damaged, and /table history lists it so beside the others."""
    store, alice, table_id = await ai_match(discord, bot_process, "briscola")
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


@pytest.mark.parametrize("game", sorted(SPECS))
async def test_every_game_s_match_played_by_the_ai_is_replayed_as_shown_and_verifies(
    discord: FakeDiscord, bot_process: BotProcess, game: str
) -> None:
    """A person opens a table, starts it and leaves it to the AI; once the match is over its
    last deal replays to its end, every board the table showed is a step of its deals in
    order, and its record verifies."""
    store, alice, table_id = await ai_match(discord, bot_process, game)
    spec = SPECS[game]
    deals = store.deals(table_id)
    assert [d[1] for d in deals] == list(range(1, len(deals) + 1))
    # /table history, page by page (five deals a page: a Centocinque match often runs past
    # one), lists every deal, newest first.
    page = await (await alice.slash("table history")).wait_message()
    listed = re.findall(r"`([2-9a-z]{8})`", page.text)
    while (
        older := next((b for b in page.buttons if b["label"] == "Older ▶"), None)
    ) and not older.get("disabled"):
        turned = await alice.click(page, label="Older ▶")
        assert turned.message is not None
        page = turned.message
        listed += re.findall(r"`([2-9a-z]{8})`", page.text)
    assert listed == [d[0] for d in reversed(deals)]
    boards: list[list[str]] = []
    for short, _, _ in deals:
        message = await private(await alice.slash("replay", deal=short, file=True))
        attached = next(a for a in message.attachments if a.filename.endswith(".json"))
        record = load(attached.data)
        assert verify(record).ok
        seed = seed_of(record)
        assert seed is not None
        names = [s.name for s in record.seats]
        boards += [
            spec.text.board_lines(spec.rules.view(s.state, None), names)
            for s in steps(record, seed)
        ]
    at = checked = 0
    board_id = store.table(table_id).board_message_id
    for shown in discord.world.shown:
        if shown.message_id == board_id and "· playing" in shown.text:
            while at < len(boards) and not board_block(shown.text, boards[at]):
                at += 1
            assert at < len(boards), f"a board shown is no step of a replay:\n{shown.text}"
            checked += 1
    assert checked >= 1

    last = await alice.click(message, label="Last ⏭")
    assert last.message is not None
    steps_of_last = len(record.moves)
    assert f"step {steps_of_last} of {steps_of_last}" in last.message.text
    assert "Every hand, face up:" in last.message.text  # the match is over: hands may show
    said = await alice.click(last.message, label="Verify")
    assert "The record holds" in (await said.wait_message()).text
