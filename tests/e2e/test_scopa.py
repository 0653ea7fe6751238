"""Scopa on Discord: two people play a game to its result, picking a take from a card's takes
in the hand and by /play; one person with three AI seats plays a four-seat game to its end; a
bot killed in the middle of a round carries on with the same hand and table, and a hand sent
before answers. No message shows a hidden card to anyone."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.views.render import LABEL_MAX, every_choice, hand_choices
from fakediscord import FakeDiscord, SimUser

from .botprocess import BotProcess
from .driver import (
    Store,
    TableRow,
    add_ai,
    answered,
    board_of,
    hand_on_turn,
    make_move,
    moved,
    new_table,
    offered,
    open_hand,
    reseed,
    start,
    wait_turn,
    whole_move,
)
from .hidden import HiddenCardWatch

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.01, "turn_timeout": 60, "board_edit_interval": 0.3}}
TWO_TAKES = 100007
"""A seed: seat 0 plays first, its Re di Bastoni taking 2b or 2d with the Fb on the table."""
RE = "play:Rb"
TAKES = ["play:Rb:2d+Fb", "play:Rb:2b+Fb"]


async def _seeded(
    discord: FakeDiscord, bot_process: BotProcess, seed: int, join: tuple[SimUser, ...] = ()
) -> int:
    """A lobby of alice (and ``join``) whose deal is chosen by ``seed``, set while the bot is
    stopped (the table's seed is secret)."""
    store = bot_process.store()
    table_id = await new_table(discord, store, discord.user("alice"), "scopa", join=join)
    await reseed(bot_process, store, table_id, seed)
    return table_id


async def _pick_a_take_in_the_hand(
    discord: FakeDiscord, store: Store, alice: SimUser, row: TableRow
) -> TableRow:
    """Alice's Re di Bastoni is one entry; clicking it shows its two takes, each named,
    with Back; Back shows the hand again; a take is made."""
    legal = row.legal(0)
    assert sorted(t for t in legal if t.startswith(RE)) == sorted(TAKES)
    hand = await open_hand(alice, board_of(discord, row.id))
    assert offered(hand) == row.choices(0)
    assert RE in offered(hand) and not set(TAKES) & set(offered(hand))
    entry = next(b for b in hand.buttons if b["custom_id"].endswith(f":{RE}"))
    assert entry["label"] == "Re di Bastoni: choose what it takes"

    await alice.click(hand, custom_id=entry["custom_id"])
    await discord.wait_for(lambda: set(offered(hand)) == set(TAKES), what="the takes")
    assert "Re di Bastoni: what does it take?" in hand.text
    labels = {b["label"] for b in hand.buttons}
    assert "The Re di Bastoni takes the 2 di Denari + the Fante di Bastoni" in labels
    assert all(len(label) <= LABEL_MAX for label in labels)
    await alice.click(hand, label="Back")
    await discord.wait_for(lambda: RE in offered(hand), what="the hand again")

    await alice.click(hand, custom_id=entry["custom_id"])
    await discord.wait_for(lambda: set(offered(hand)) == set(TAKES), what="the takes")
    await make_move(alice, hand, TAKES[1])
    before = row.moves
    row = await moved(discord, store, row.id, before)
    assert store.moves(row.id)[before][1:] == (0, TAKES[1], "person")
    return row


async def _play_by_command(user: SimUser, row: TableRow, seat: int) -> None:
    """A move by /play: the suggestions name each take on its own; a card code with several
    takes answers with them; a take's token is made."""
    legal = row.legal(seat)
    suggested = (await user.autocomplete("play", "card", "")).choices
    assert suggested is not None
    assert [c["value"] for c in suggested] == [c.token for c in every_choice("scopa", legal)][:25]
    several = next((c for c in hand_choices("scopa", legal) if c.needs), None)
    if several is not None and several.card is not None:
        shown = await user.slash("play", card=several.card)
        assert shown.error is None and shown.ephemeral
        message = await shown.wait_message()
        takes = [t for t in legal if t.startswith(f"{several.token}:")]
        assert set(offered(message)) == set(takes), (
            message.text,
            message.buttons,
            shown.followups,
        )
    token = next((t for t in legal if t.count(":") == 2), legal[0])  # a take when there is one
    assert "Your hand" in await answered(await user.slash("play", card=token))


async def test_two_people_play_a_game_to_its_result_and_the_league_has_it(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob, carol = (discord.user(n) for n in ("alice", "bob", "carol"))
    async with HiddenCardWatch(discord, store):
        table_id = await _seeded(discord, bot_process, TWO_TAKES, join=(bob,))
        row = await start(discord, store, alice, table_id)
        assert row.seat_of(alice) == 0 and row.turn() == 0
        row = await _pick_a_take_in_the_hand(discord, store, alice, row)
        people = {row.seat_of(u): u for u in (alice, bob)}
        while (seat := row.turn()) is not None:
            await _play_by_command(people[seat], row, seat)
            row = await moved(discord, store, table_id, row.moves)
        await discord.wait_for(lambda: store.table(table_id).status == "finished")
        assert {by for _, _, _, by in store.moves(table_id)} == {"person"}

    outcome, places = store.match(table_id)
    rules = GAMES["scopa"]
    assert max(outcome["points"]) >= 11 and outcome["rounds"] >= 1
    assert places == {s: p for p, group in enumerate(outcome["ranking"], 1) for s in group}
    assert rules.outcome(row.engine_state()) == outcome
    await discord.wait_for(lambda: "match over" in board_of(discord, table_id).text)
    winner = people[outcome["ranking"][0][0]].user.global_name
    await discord.wait_for(
        lambda: any(
            "Match over" in m.content and f"1. {winner}" in m.content for m in discord.messages()
        ),
        what="the result announced",
    )
    standings = await carol.slash("league standings", game="scopa")
    text = (await standings.wait_message()).text
    lines = [line for line in text.splitlines() if "pts" in line]
    assert {line.split()[1] for line in lines} == {f"<@{alice.id}>", f"<@{bob.id}>"}
    assert f"<@{people[outcome['ranking'][0][0]].id}>" in lines[0]
    stats = await bob.slash("league stats")
    assert "Played 1" in (await stats.wait_message()).text
    assert discord.rejections == [] and discord.rate_limited == []
    assert "Traceback" not in bot_process.log()


async def test_one_person_and_three_ai_seats_play_four_seats_to_the_end(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    async with HiddenCardWatch(discord, store):
        table_id = await new_table(discord, store, alice, "scopa")
        for level in ("easy", "hard", "easy"):
            await add_ai(alice, board_of(discord, table_id), level)
        row = await start(discord, store, alice, table_id)
        assert len(row.seats) == 4 and row.seat_of(alice) == 0
        plays = 0
        while True:
            row = await wait_turn(discord, store, table_id, 0, timeout=60)
            if row.status != "playing":
                break
            hand = await hand_on_turn(discord, alice, table_id)
            assert offered(hand) == row.choices(0)
            await whole_move(discord, alice, hand, row)
            row = await moved(discord, store, table_id, row.moves)
            plays += 1
        assert plays >= 9  # three cards a deal, at least three deals a round

    outcome, places = store.match(table_id)
    assert (
        outcome["points"][0] == outcome["points"][2]
        and outcome["points"][1] == outcome["points"][3]
    )
    assert places[0] == places[2] and places[1] == places[3]
    assert {by for _, s, _, by in store.moves(table_id) if s != 0} == {"ai"}
    await discord.wait_for(lambda: "match over" in board_of(discord, table_id).text)
    assert discord.rejections == [] and discord.rate_limited == []
    assert "Traceback" not in bot_process.log()


async def test_a_restart_in_the_middle_of_a_round_keeps_the_hand_and_the_table(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    async with HiddenCardWatch(discord, store):
        table_id = await _seeded(discord, bot_process, TWO_TAKES)
        await add_ai(alice, board_of(discord, table_id))
        row = await start(discord, store, alice, table_id)
        row = await _pick_a_take_in_the_hand(discord, store, alice, row)
        row = await wait_turn(discord, store, table_id, 0)
        assert row.state is not None and row.state["stock"]  # the round goes on
        board = board_of(discord, table_id)
        hand = await hand_on_turn(discord, alice, table_id)
        mine = [line for line in hand.text.splitlines() if line.startswith("Your hand")]
        table = [line for line in hand.text.splitlines() if line.startswith("Table:")]

        await bot_process.kill()
        await bot_process.start()

        after = store.table(table_id)
        assert (after.state, after.moves, after.seats) == (row.state, row.moves, row.seats)
        again = await open_hand(alice, board)  # the board from before the restart
        lines = again.text.splitlines()
        assert [line for line in lines if line.startswith("Your hand")] == mine
        assert [line for line in lines if line.startswith("Table:")] == table
        token = next(t for t in after.choices(0) if t in after.legal(0))
        assert (await make_move(alice, hand, token)).error is None  # a hand from before
        row = await moved(discord, store, table_id, after.moves)
        assert store.moves(table_id)[after.moves][1:] == (0, token, "person")
        await wait_turn(discord, store, table_id, 0)
    assert discord.rejections == [] and discord.rate_limited == []
