"""Minchiate on Discord: one person with an AI partner and AI opponents plays the whole deal
(discards, declaration, 21 tricks) through the hand; the resti are stored."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.games.minchiate.combinations import find_combinations
from fakediscord import FakeDiscord

from .botprocess import BotProcess
from .driver import (
    answered,
    board_of,
    make_move,
    moved,
    new_table,
    offered,
    open_hand,
    reseed,
    start,
    wait_turn,
)
from .hidden import HiddenCardWatch

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.02, "turn_timeout": 60, "board_edit_interval": 0.3}}
NOTHING_TO_DECLARE = 12  # a seed: seat 0 holds no combination and is the first to declare


async def test_a_minchiate_deal_is_played_to_the_end_by_one_person_and_the_ai(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    async with HiddenCardWatch(discord, store):
        table_id = await new_table(discord, store, alice, "minchiate")
        row = await start(discord, store, alice, table_id)
        assert [s["user_id"] is not None for s in row.seats] == [True, False, False, False]
        assert "partners" in board_of(discord, table_id).text
        phases: list[str] = []
        plays = 0
        while True:
            row = await wait_turn(discord, store, table_id, 0, timeout=30)
            if row.status != "playing":
                break
            assert row.state is not None
            if row.legal(0) == ["nodeclare"]:  # nothing to declare: the table says so for her
                await moved(discord, store, table_id, row.moves)
                continue
            phases.append(row.state["phase"])
            hand = await open_hand(alice, board_of(discord, table_id))
            assert offered(hand) == row.choices(0)
            assert len(hand.components) <= 5
            choices = row.choices(0)
            token = "declare" if "declare" in choices else choices[-1]
            if token.startswith("play:") and plays == 3:
                # Once by /play, picking from the suggestions.
                suggested = (await alice.autocomplete("play", "card", "")).choices
                assert suggested is not None
                assert [c["value"] for c in suggested] == choices[:25]
                assert "Your hand" in await answered(await alice.slash("play", card=token))
            else:
                await make_move(alice, hand, token)
            plays += token.startswith("play:")
            await moved(discord, store, table_id, row.moves)
        # Asked to declare only with something to declare; else the table said "no" for her.
        formality = (0, "nodeclare", "person") in [m[1:] for m in store.moves(table_id)]
        assert plays == 21 and ("declare" in phases) != formality

    outcome, places = store.match(table_id)
    resti = [0, 0]
    for _, seat, kind, points, total in store.scores(table_id):
        assert kind == "resti" and seat in (0, 1, 2, 3)
        if seat < 2:
            resti[seat] += points
            assert total == resti[seat]
    assert resti == [outcome["sides"][s]["resti"] for s in (0, 1)]
    if outcome["winner"] is None:
        assert set(places.values()) == {1}
    else:
        assert places[outcome["winner"]] == places[outcome["winner"] + 2] == 1
    await discord.wait_for(lambda: "match over" in board_of(discord, table_id).text)
    await discord.wait_for(
        lambda: any("Match over" in m.content and "resti" in m.content for m in discord.messages())
    )
    assert discord.rejections == [] and discord.rate_limited == []
    assert "Traceback" not in bot_process.log()


async def test_with_nothing_to_declare_the_table_passes_for_the_person_without_asking(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    state = GAMES["minchiate"].new_game(seats=4, seed=NOTHING_TO_DECLARE)
    assert (state.phase, state.current) == ("declare", 0) and not find_combinations(state.hands[0])
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    table_id = await new_table(discord, store, alice, "minchiate")
    await reseed(bot_process, store, table_id, NOTHING_TO_DECLARE)

    await start(discord, store, alice, table_id)
    # Nobody clicks: her only move, "do not declare", is made for her at once.
    row = await wait_turn(discord, store, table_id, 0, timeout=10)
    assert row.state is not None and row.state["phase"] == "play"
    assert store.moves(table_id)[0][1:] == (0, "nodeclare", "person")
    await discord.wait_for(
        lambda: "Alice does not declare." in board_of(discord, table_id).text, what="the board"
    )
    # Nobody has called her for it (she has just pressed Start: no ping for her play either,
    # however long she takes: tests/views/test_publisher.py on the virtual clock), and her
    # hand offers plays only.
    assert alice.pings() == []
    hand = await open_hand(alice, board_of(discord, table_id))
    assert offered(hand) and all(token.startswith("play:") for token in offered(hand))
    assert discord.rejections == [] and discord.rate_limited == []
