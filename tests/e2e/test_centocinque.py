"""Centocinque on Discord: house rules set by the host, penúltima said before a play, a miss
called out in its window, a call-out refused after it, and the match played to 105 and stored."""

from __future__ import annotations

from typing import Any

import pytest

from fakediscord import FakeDiscord, Message, SimUser

from .botprocess import BotProcess
from .driver import (
    TableRow,
    answered,
    board_of,
    is_hand,
    make_move,
    moved,
    new_table,
    offered,
    open_hand,
    start,
)
from .hidden import HiddenCardWatch

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.01, "turn_timeout": 60, "board_edit_interval": 0.3}}
PENALTY_FIELD = "Cards for a missed penúltima (0–10)"
NOBODY = "Nobody can be called out for penúltima right now."


def switches_named(select: dict[str, Any]) -> list[str]:
    return [option["value"] for option in select["options"]]


def assert_never_gives_a_miss_away(hand: Message) -> None:
    """A hand always offers Penúltima!, and never a penúltima variant or a call-out."""
    assert "Penúltima!" in [b["label"] for b in hand.buttons]
    assert not [t for t in offered(hand) if "penultima" in t or t.startswith("callout")]


def play_from_two(row: TableRow, seat: int) -> str | None:
    """A play that leaves the seat one card, if it may make one now."""
    if len(row.hand(seat)) != 2:
        return None
    return next((c for c in row.choices(seat) if c.startswith("play:")), None)


async def test_penultima_call_outs_and_a_match_to_105(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob = discord.user("alice"), discord.user("bob")
    async with HiddenCardWatch(discord, store):
        table_id = await new_table(discord, store, alice, "centocinque", join=(bob,))
        board = board_of(discord, table_id)

        # The host sets the penalty for a missed penúltima; a bad number is named.
        panel = (await alice.click(board, label="House rules")).message
        assert panel is not None and panel.ephemeral
        # Switches on, then every one off: the select may be left empty.
        (switches,) = panel.selects
        assert switches["min_values"] == 0
        await alice.select(panel, switches["custom_id"], ["ace_on_ace", "last_two_draws"])
        await discord.wait_for(
            lambda: store.table(table_id).options.get("ace_on_ace") is True, what="switches on"
        )
        await alice.select(panel, switches["custom_id"], [])
        await discord.wait_for(
            lambda: not any(store.table(table_id).options[k] for k in switches_named(switches)),
            what="every switch off",
        )
        await alice.click(panel, label="Numbers…")
        refused = await alice.submit_modal({PENALTY_FIELD: "11"})
        assert await answered(refused) == "Cards for a missed penúltima: 11 is out of range (0–10)."
        await alice.click(panel, label="Numbers…")
        await alice.submit_modal({PENALTY_FIELD: "3"})
        await discord.wait_for(lambda: "missed penúltima: 3" in panel.text, what="the panel")
        await discord.wait_for(lambda: "missed penúltima: 3" in board_of(discord, table_id).text)
        assert "Only the host" in (await answered(await bob.click(board, label="House rules")))

        row = await start(discord, store, alice, table_id)
        assert row.options["penultima_penalty"] == 3
        people: dict[int, SimUser] = {row.seat_of(u): u for u in (alice, bob)}
        a, b = row.seat_of(alice), row.seat_of(bob)
        caught = said = refused_late = False
        for _ in range(600):
            row = store.table(table_id)
            if caught and said and refused_late:
                break
            if row.status == "finished":  # over too soon: a rematch, with the same rules
                over = board_of(discord, table_id)
                # The result goes out first, then the board: allow the channel's send budget.

                def shows_the_end(m: Message = over) -> bool:
                    return "match over" in m.text

                await discord.wait_for(shows_the_end, timeout=20)
                again = await alice.click(over, label="Rematch")
                assert "rematch is open" in await answered(again)
                table_id = store.table().id
                row = await start(discord, store, alice, table_id)
            seat = row.turn()
            assert seat is not None
            board = board_of(discord, table_id)
            assert [x["label"] for x in board.buttons] == ["My hand", "Call out"]
            user = people[seat]
            token = play_from_two(row, seat)
            if seat == b and token and not (caught and refused_late):
                # Bob forgets to say it.
                hand = await open_hand(bob, board)
                assert_never_gives_a_miss_away(hand)
                await make_move(bob, hand, token)
                row = await moved(discord, store, table_id, row.moves)
                assert row.state is not None and row.state["missed"] == b
                if not caught:  # Alice notices in time: Bob draws the house rule's 3.
                    missed = row
                    assert "You called out Bob" in await answered(
                        await alice.click(board, label="Call out")
                    )
                    row = await moved(discord, store, table_id, row.moves)
                    assert store.moves(table_id)[-1][1:3] == (a, f"callout:{b}")
                    assert missed.state is not None
                    drawn = min(3, len(missed.state["stock"]) + len(missed.state["discard"]) - 1)
                    assert len(row.hand(b)) == 1 + drawn
                    caught = True
                else:  # Nobody notices until a card is drawn or played: then it is too late.
                    step = row.turn()
                    assert step is not None
                    await move(people[step], row, step)
                    row = await moved(discord, store, table_id, row.moves)
                    if row.status == "finished":  # that move ended the match: try again
                        continue
                    assert NOBODY in await answered(await alice.click(board, label="Call out"))
                    late = await alice.slash("penultima", player=bob)
                    assert "the moment has passed" in await answered(late)
                    refused_late = True
            elif seat == a and token and not said:
                # Alice says it first, then plays: she cannot be called out.
                hand = await open_hand(alice, board)
                await alice.click(hand, label="Penúltima!")

                def said_it(h: Message = hand) -> bool:
                    return "said “penúltima”" in h.text

                await discord.wait_for(said_it)
                assert_never_gives_a_miss_away(hand)
                await make_move(alice, hand, token)
                row = await moved(discord, store, table_id, row.moves)
                assert store.moves(table_id)[-1][2] == f"{token}:penultima"
                assert NOBODY in await answered(await bob.click(board, label="Call out"))
                said = True
            else:
                await move(user, row, seat)
                await moved(discord, store, table_id, row.moves)
        assert caught and said and refused_late

        # Both leave: the AI plays the match out to 105.
        for person in (alice, bob):
            await answered(await person.slash("table leave"))
        await discord.wait_for(
            lambda: store.table(table_id).status == "finished", 120, "the end of the match"
        )

    outcome, places = store.match(table_id)
    assert max(outcome["tallies"]) >= 105
    last_totals: dict[int, int] = {}
    for _, seat, kind, _, total in store.scores(table_id):
        assert kind == "penalty"
        last_totals[seat] = total
    assert [last_totals.get(s, 0) for s in range(2)] == outcome["tallies"]
    assert places == {s: p for p, group in enumerate(outcome["ranking"], 1) for s in group}
    hands = [m for u in (alice, bob) for m in u.visible_messages() if is_hand(m)]
    assert hands
    for hand in hands:
        if hand.buttons:  # hands still in play (the last ones show the end)
            assert_never_gives_a_miss_away(hand)
    await discord.wait_for(lambda: "match over" in board_of(discord, table_id).text)
    await discord.wait_for(lambda: any("Match over" in m.content for m in discord.messages()))
    assert discord.rejections == [] and discord.rate_limited == []
    assert "Traceback" not in bot_process.log()


async def move(user: SimUser, row: TableRow, seat: int) -> None:
    """An ordinary move, by /play (or /draw), saying penúltima first when it is due."""
    token = row.choices(seat)[0]
    if token == "draw":  # noqa: S105 (an action token)
        reply = await user.slash("draw")
    else:
        if play_from_two(row, seat) is not None:
            await answered(await user.slash("penultima"))
        reply = await user.slash("play", card=token)
    assert "Your hand" in await answered(reply)
