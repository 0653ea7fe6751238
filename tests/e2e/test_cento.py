"""One Hundred on Discord: a whole match through hands, modals and slash commands; stale,
double and foreign clicks; the result stored; a rematch."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from fakediscord import FakeDiscord, Reply, SimUser
from fakediscord.interactions import MESSAGE_COMPONENT

from .botprocess import BotProcess
from .driver import (
    NUMBER_ID,
    TOTAL_FIELD,
    TableRow,
    answered,
    board_of,
    make_move,
    moved,
    new_table,
    offered,
    open_hand,
    reseed,
    start,
)
from .hidden import HiddenCardWatch
from .words import said

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.02, "turn_timeout": 60, "board_edit_interval": 0.3}}
ACES = ("play:AS", "play:AC")
ACE_ON_TURN_NINE = 63
"""A seed: played by ``careful`` below, a chooser Ace is first offered at the ninth turn, and
the match then lasts well past the turns the scenarios need. With a random deal, about one
match in two hundred ended before any person was offered one."""


def careful(row: TableRow, seat: int) -> str:
    """A move that keeps the total low, so the match lasts; never a chooser Ace."""
    state = row.engine_state()

    def total_after(token: str) -> int:
        after, _ = row.rules.apply(state, seat, token)
        return int(row.rules.dump(after)["total"])

    return min((c for c in row.choices(seat) if c not in ACES), key=total_after)


def button(hand_buttons: list[dict[str, str]], token: str) -> str:
    return next(b["custom_id"] for b in hand_buttons if b["custom_id"].endswith(f":{token}"))


async def test_a_one_hundred_match_is_played_through_discord_and_stored(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob, carol, dave = (discord.user(n) for n in ("alice", "bob", "carol", "dave"))
    async with HiddenCardWatch(discord, store):
        table_id = await new_table(discord, store, alice, "cento", join=(bob, carol))
        await reseed(bot_process, store, table_id, ACE_ON_TURN_NINE)
        row = await start(discord, store, alice, table_id)
        people: dict[int, SimUser] = {row.seat_of(u): u for u in (alice, bob, carol)}

        def on_turn() -> tuple[int, SimUser]:
            seat = row.turn()
            assert seat is not None
            return seat, people[seat]

        # People play carefully through their hands until one holds a chooser Ace on turn.
        for _ in range(150):
            seat, user = on_turn()
            hand = await open_hand(user, board_of(discord, table_id))
            assert offered(hand) == row.choices(seat)
            ace = next((c for c in row.choices(seat) if c in ACES), None)
            if ace is not None:
                break
            await make_move(user, hand, careful(row, seat))
            row = await moved(discord, store, table_id, row.moves)
        assert ace is not None, "no chooser Ace came to a person in 150 turns"

        # The Ace asks for the total in a modal; anything outside 0..100 is refused clearly.
        for typed in ("101", "ten"):
            assert (await user.click(hand, custom_id=button(hand.buttons, ace))).modal
            refused = await user.submit_modal({TOTAL_FIELD: typed})
            assert "from 0 to 100" in await answered(refused)
        assert store.table(table_id).moves == row.moves
        # /play with the Ace's code and a value plays it at once.
        played = await user.slash("play", card=ace.split(":")[1], value=37)
        assert "Your hand" in await answered(played)
        row = await moved(discord, store, table_id, row.moves)
        assert store.moves(table_id)[-1][2] == f"{ace}:37"
        assert row.state is not None and row.state["total"] == 37

        # Two hands open at the same move: once one is used, the other is out of date.
        seat, user = on_turn()
        first = await open_hand(user, board_of(discord, table_id))
        second = await open_hand(user, board_of(discord, table_id))
        token = careful(row, seat)
        await make_move(user, first, token)
        row = await moved(discord, store, table_id, row.moves)
        assert "out of date" in await answered(await make_move(user, second, token))

        # A double click makes one move.
        seat, user = on_turn()
        hand = await open_hand(user, board_of(discord, table_id))
        custom_id = button(hand.buttons, careful(row, seat))
        clicks = await asyncio.gather(
            user.click(hand, custom_id=custom_id), user.click(hand, custom_id=custom_id)
        )

        # The move's answer is the hand redrawn in place (an update); the other click's is
        # a message of its own (a reply, or a follow-up after a deferral).
        def refusals() -> list[Reply]:
            return [c for c in clicks if c.type == 4 or c.followups]

        await discord.wait_for(refusals, what="a refusal")
        # Both clicks are answered, so both were handled: the refused one moved nothing.
        row = await moved(discord, store, table_id, row.moves)
        assert store.table(table_id).moves == row.moves
        (refusal,) = refusals()
        assert "out of date" in await answered(refusal)

        # Someone not seated, and someone else's hand.
        seat, user = on_turn()
        not_seated = await dave.click(board_of(discord, table_id), label="My hand")
        assert "not seated" in await answered(not_seated)
        hand = await open_hand(user, board_of(discord, table_id))
        other = next(u for u in people.values() if u is not user)
        forged = discord.interactions.open(
            other.user,
            discord.channel,
            MESSAGE_COMPONENT,
            {"custom_id": button(hand.buttons, careful(row, seat)), "component_type": 2},
            hand,
        )
        await asyncio.wait_for(forged.answered.wait(), 3)
        assert forged.original is not None and "not your hand" in forged.original.text
        assert store.table(table_id).moves == row.moves

        # /play: suggestions are the person's moves; a value only goes with a chooser Ace.
        suggested = (await user.autocomplete("play", "card", "")).choices
        assert suggested is not None
        assert [c["value"] for c in suggested] == row.choices(seat)
        token = careful(row, seat)
        wrong = await user.slash("play", card=token, value=50)
        assert "Only the Ace of Spades or the Ace of Clubs" in await answered(wrong)
        played = await user.slash("play", card=token)
        assert "Your hand" in await answered(played)
        row = await moved(discord, store, table_id, row.moves)
        assert store.moves(table_id)[-1][1:] == (seat, token, "person")

        # Everyone leaves: the AI plays the match to its end.
        for person in people.values():
            assert "the AI plays your seat" in await answered(await person.slash("table leave"))
        await discord.wait_for(
            lambda: store.table(table_id).status == "finished", 90, "the end of the match"
        )

    outcome, places = store.match(table_id)
    chips = outcome["chips"]
    assert sorted(chips)[:2] == [0, 0] and max(chips) > 0
    lost = Counter(seat for _, seat, kind, _, _ in store.scores(table_id) if kind == "chip")
    assert [lost[s] for s in range(3)] == [3 - c for c in chips]
    ranking = {s: place for place, group in enumerate(outcome["ranking"], 1) for s in group}
    assert places == ranking
    board = board_of(discord, table_id)
    await discord.wait_for(lambda: "match over" in board.text, what="the final board")
    assert [b["label"] for b in board.buttons] == ["Rematch"]
    winner = people[outcome["ranking"][0][0]].user.global_name
    await discord.wait_for(
        lambda: any(
            "Match over" in m.content and f"1. {winner}" in m.content for m in discord.messages()
        ),
        what="the result announced",
    )

    # Any ping names only the person whose turn it is; the board never pings. (People who
    # play at once may get none: a ping no longer due is dropped; tests/e2e/test_channel.py
    # checks who is pinged and when.)
    pings = [m for m in discord.messages() if m.pinged]
    assert all(len(m.pinged) == 1 for m in pings)
    assert not [m for m in discord.messages() if m.embeds and m.pinged]
    assert all(
        m.allowed_mentions is not None
        and [int(u) for u in m.allowed_mentions["users"]] == [m.pinged[0].id]
        for m in pings
    )
    assert {u.id for m in pings for u in m.pinged} <= {alice.id, bob.id, carol.id}

    # Rematch: a new lobby with the same seats and house rules.
    assert "rematch is open" in await answered(await bob.click(board, label="Rematch"))
    again = store.table()
    assert again.id != table_id and again.status == "lobby" and again.host_id == bob.id
    assert [s["user_id"] for s in again.seats] == [s["user_id"] for s in row.seats]
    assert "lobby" in board_of(discord, again.id).text
    assert discord.rejections == [] and discord.rate_limited == []


async def test_an_ace_s_total_is_asked_and_given_in_the_player_s_language(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    """A person whose Discord speaks Portuguese picks an Ace: its modal asks in Portuguese,
    and the total typed there is played."""
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    ana, bea, cia = (discord.user(n) for n in ("ana", "bea", "cia"))
    table_id = await new_table(discord, store, ana, "cento", join=(bea, cia))
    await reseed(bot_process, store, table_id, ACE_ON_TURN_NINE)
    row = await start(discord, store, ana, table_id)
    people = {row.seat_of(u): u for u in (ana, bea, cia)}
    for _ in range(150):
        seat = row.turn()
        assert seat is not None
        user = people[seat]
        hand = await open_hand(user, board_of(discord, table_id))
        ace = next((c for c in row.choices(seat) if c in ACES), None)
        if ace is not None:
            break
        await make_move(user, hand, careful(row, seat))
        row = await moved(discord, store, table_id, row.moves)
    assert ace is not None
    user.locale = "pt-BR"
    asked = await user.click(hand, custom_id=button(hand.buttons, ace))
    assert asked.modal is not None
    labels = [c["components"][0]["label"] for c in asked.modal["components"]]
    assert labels == [said("pt_BR", "New total (0 to 100)")]
    await user.submit_modal({NUMBER_ID: "37"})
    row = await moved(discord, store, table_id, row.moves)
    assert store.moves(table_id)[-1][2] == f"{ace}:37"
