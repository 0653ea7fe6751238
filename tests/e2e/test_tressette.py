"""Tressette on Discord: two people and two AI seats play a four-seat match in partnerships to
its result (a lead with a signal picked in the hand at one go, and the accusi offered on the
first turn); at two seats every card drawn from the stock shows on both hands and on the
board, never before it is drawn; a bot killed in the middle of a deal comes back with the
same hands and answers an old button. No message shows a card of a hand to anyone who may
not see it."""

from __future__ import annotations

import pytest

from bot.games import SPECS
from bot.i18n import speaking
from bot.storage.records import Seat
from bot.tables.table import seat_name
from fakediscord import FakeDiscord, SimUser

from .botprocess import BotProcess
from .driver import (
    Store,
    TableRow,
    add_ai,
    board_of,
    make_move,
    moved,
    new_table,
    offered,
    open_hand,
    start,
    wait_turn,
)
from .hidden import HiddenCardWatch

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.02, "turn_timeout": 60, "board_edit_interval": 0.3}}


def _pick(tokens: list[str]) -> str:
    """What a person picks: an accuso when one is offered, a lead saying busso when it may,
    else the first move."""
    for wanted in ("accuse:", ":busso"):
        found = [t for t in tokens if wanted in t]
        if found:
            return found[0]
    return tokens[0]


async def play_through_hands(
    discord: FakeDiscord, store: Store, table_id: int, people: dict[int, SimUser]
) -> list[str]:
    """The people play through their hands (``_pick``) until the match is over; each hand
    offers exactly the seat's moves. The moves they made."""
    made: list[str] = []
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
        assert offered(hand) == row.choices(seat) == row.legal(seat)
        token = _pick(offered(hand))
        assert (await make_move(people[seat], hand, token)).error is None
        await moved(discord, store, table_id, row.moves)
        made.append(token)


async def test_two_people_and_two_ai_seats_play_four_handed_to_the_result(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob = discord.user("alice"), discord.user("bob")
    async with HiddenCardWatch(discord, store):
        table_id = await new_table(discord, store, alice, "tressette", join=(bob,))
        board = board_of(discord, table_id)
        for level in ("easy", "hard"):
            await add_ai(alice, board, level)
        row = await start(discord, store, alice, table_id)
        assert len(row.seats) == 4
        people = {row.seat_of(alice): alice, row.seat_of(bob): bob}
        made = await play_through_hands(discord, store, table_id, people)
    assert any(token.endswith(":busso") for token in made)
    assert len(made) >= 20  # ten tricks a round, at least two rounds to 21

    outcome, places = store.match(table_id)
    assert outcome["sides"] == [[0, 2], [1, 3]]
    assert all(sum(points) >= 11 for points in outcome["deal_points"])  # 11, and the accusi
    winners = outcome["ranking"][0]
    assert max(outcome["points"]) >= 21 and len(winners) == 2
    assert all(places[s] == 1 for s in winners)
    assert all(places[s] == 2 for s in range(4) if s not in winners)
    assert outcome["points"][0] == sum(p[0] for p in outcome["deal_points"])
    await discord.wait_for(lambda: "match over" in board_of(discord, table_id).text)
    await discord.wait_for(
        lambda: any("Match over" in m.content for m in discord.messages()),
        what="the result announced",
    )
    stats = await (await bob.slash("league stats")).wait_message()
    assert "Rounds won" in stats.text and "last tricks taken" in stats.text
    assert discord.rejections == [] and discord.rate_limited == []
    assert "Traceback" not in bot_process.log()


def _known_lines(row: TableRow, seat: int | None) -> list[str]:
    """The lines of ``seat``'s view (None: the board's) naming the cards known to be in a
    hand, in English."""
    spec = SPECS["tressette"]
    with speaking("en"):
        names = [seat_name(Seat.model_validate(s)) for s in row.seats]
        view = spec.rules.view(row.engine_state(), seat)
        return [line for line in spec.text.board_lines(view, names) if "known to hold" in line]


async def test_at_two_seats_every_drawn_card_shows_on_both_hands_and_the_board(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    async with HiddenCardWatch(discord, store):
        table_id = await new_table(discord, store, alice, "tressette")
        board = board_of(discord, table_id)
        await add_ai(alice, board, "easy")
        row = await start(discord, store, alice, table_id)
        seat = row.seat_of(alice)
        assert "Stock: 20 cards" in board_of(discord, table_id).text
        seen: dict[str, int] = {}
        for _ in range(5):  # Alice's first five turns: four tricks' draws at least
            row = await wait_turn(discord, store, table_id, seat)
            seen.update(row.engine_state().drawn)
            hand = await open_hand(alice, board_of(discord, table_id))
            assert all(line in hand.text for line in _known_lines(row, seat))
            await discord.wait_for(
                lambda: all(
                    line in board_of(discord, table_id).text
                    for line in _known_lines(store.table(table_id), None)
                ),
                what="the drawn cards on the board",
            )
            await make_move(alice, hand, offered(hand)[0])
            await moved(discord, store, table_id, row.moves)
    assert len(seen) >= 4 and seat in seen.values()  # drawn cards were shown, hers too
    assert discord.rejections == [] and discord.rate_limited == []
    assert "Traceback" not in bot_process.log()
