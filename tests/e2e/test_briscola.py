"""Briscola on Discord: two people play a match to its result (stored, in the league); one
person with three AI seats plays a four-seat match in partnerships to its end; a bot killed in
the middle of a deal comes back with the same hands and answers an old button. No message
shows a card of a hand to anyone who may not see it."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord, SimUser

from .botprocess import BotProcess
from .driver import (
    Store,
    add_ai,
    board_of,
    make_move,
    moved,
    new_table,
    offered,
    open_hand,
    start,
)
from .hidden import HiddenCardWatch

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.02, "turn_timeout": 60, "board_edit_interval": 0.3}}


async def play_through_hands(
    discord: FakeDiscord, store: Store, table_id: int, people: dict[int, SimUser]
) -> int:
    """The people play whatever their hand offers first, through its buttons, until the match
    is over; each hand offers exactly the seat's moves. The number of moves they made."""
    made = 0
    while True:
        row = store.table(table_id)
        if row.status != "playing":
            return made
        seat = row.turn()
        if seat not in people:
            await discord.wait_for(
                lambda: (r := store.table(table_id)).status != "playing" or r.turn() in people,
                30,
                "a person's turn",
            )
            continue
        hand = await open_hand(people[seat], board_of(discord, table_id))
        assert offered(hand) == row.choices(seat)
        await make_move(people[seat], hand, offered(hand)[0])
        await moved(discord, store, table_id, row.moves)
        made += 1


async def test_two_people_play_a_match_to_its_result(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob, carol = (discord.user(n) for n in ("alice", "bob", "carol"))
    async with HiddenCardWatch(discord, store):
        table_id = await new_table(discord, store, alice, "briscola", join=(bob,))
        row = await start(discord, store, alice, table_id)
        people = {row.seat_of(alice): alice, row.seat_of(bob): bob}
        assert "stock 34" in board_of(discord, table_id).text  # 40 cards, 6 dealt
        # Twenty prese a mano, one card each: at least two mani to win the match.
        assert await play_through_hands(discord, store, table_id, people) >= 80

    outcome, places = store.match(table_id)
    assert len(outcome["deal_points"]) == outcome["deals"] >= 2
    assert all(sum(points) == 120 for points in outcome["deal_points"])
    assert max(outcome["deals_won"]) == 2
    winner = outcome["ranking"][0][0]
    assert places == {winner: 1, 1 - winner: 2}
    assert outcome["points"] == [sum(p[s] for p in outcome["deal_points"]) for s in (0, 1)]
    await discord.wait_for(lambda: "match over" in board_of(discord, table_id).text)
    name = people[winner].user.global_name
    await discord.wait_for(
        lambda: any(
            "Match over" in m.content and f"1. {name}" in m.content for m in discord.messages()
        ),
        what="the result announced",
    )

    standings = await carol.slash("league standings", game="briscola")
    text = (await standings.wait_message()).text
    assert "Standings · Briscola" in text
    lines = [line for line in text.splitlines() if "pts" in line]
    assert len(lines) == 2  # the winner first
    assert lines[0].split()[1] == f"<@{people[winner].id}>"
    stats = await (await bob.slash("league stats")).wait_message()
    assert "Played 1" in stats.text and "Rounds won" in stats.text
    assert discord.rejections == [] and discord.rate_limited == []
    assert "Traceback" not in bot_process.log()


async def test_one_person_and_three_ai_seats_play_four_handed_to_the_end(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    async with HiddenCardWatch(discord, store):
        table_id = await new_table(discord, store, alice, "briscola")
        board = board_of(discord, table_id)
        for level in ("easy", "hard", "easy"):
            await add_ai(alice, board, level)
        row = await start(discord, store, alice, table_id)
        assert [s["user_id"] is not None for s in row.seats].count(True) == 1
        assert len(row.seats) == 4
        seat = row.seat_of(alice)
        assert await play_through_hands(discord, store, table_id, {seat: alice}) >= 20

    outcome, places = store.match(table_id)
    assert outcome["sides"] == [[0, 2], [1, 3]]
    assert all(sum(points) == 120 for points in outcome["deal_points"])
    winners = outcome["ranking"][0]
    assert len(winners) == 2 and all(places[s] == 1 for s in winners)
    assert all(places[s] == 2 for s in range(4) if s not in winners)
    by = {b for _, s, _, b in store.moves(table_id) if s != seat}
    assert by == {"ai"}
    await discord.wait_for(lambda: "match over" in board_of(discord, table_id).text)
    assert discord.rejections == [] and discord.rate_limited == []
    assert "Traceback" not in bot_process.log()
