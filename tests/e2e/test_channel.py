"""What a table sends its channel: a board that follows the start and the moves at once, never
behind a ping, inside Discord's limits; and pings only for a person who may have stopped
watching, not at every turn."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from bot.games import SPECS
from fakediscord import FakeDiscord, Message, SimUser

from .botprocess import BotProcess
from .driver import (
    TableRow,
    a_play,
    add_ai,
    board_of,
    make_move,
    moved,
    new_table,
    open_hand,
    pings_ahead_of_the_board,
    reseed,
    start,
    wait_turn,
)

pytestmark = pytest.mark.e2e


LONG_MATCH = 7
"""A seed: the match below lasts 163 moves, 69 turns of Alice's and of Bob's."""


PING_AFTER = 4.0
"""The tables' ``turn_ping_after`` in the test below."""
EITHER_WAY = 0.5
"""A gap this close to ``PING_AFTER`` may be taken either way (the bot's clock and the time
it stores a move differ by a little)."""


def expected_pings(
    times: list[tuple[int, float]], seat: int, on_turn: int | None, *, first: bool
) -> tuple[int, int]:
    """The fewest and the most turn pings ``seat`` should have had, given each move's seat and
    time and the seat on turn now: on its first turn if ``first`` (else, the host's, if it came
    long after the start), then on each turn that reached it ``PING_AFTER`` seconds or more
    after its previous turn ended."""
    # When each of its turns began: the match's start (unused), or the move before its own.
    starts = [at for (_, at), (by, _) in itertools.pairwise(times) if by == seat]
    if times and times[0][0] == seat:
        starts.insert(0, times[0][1])
    if on_turn == seat and times:
        starts.append(times[-1][1])  # the turn it is on now began with the last move
    ends = [at for by, at in times if by == seat]
    # Its first turn: called, or (the host, who pressed Start) called if it came so late
    # after the start that the host may have looked away: the start is before the first move.
    fewest = most = 1
    if not first:
        fewest = int(bool(starts) and starts[0] - times[0][1] >= PING_AFTER + EITHER_WAY)
    for began, ended in zip(starts[1:], ends, strict=False):  # each later turn, its previous end
        gap = began - ended
        fewest += gap >= PING_AFTER + EITHER_WAY
        most += gap >= PING_AFTER - EITHER_WAY
    return fewest, most


def turn_pings(user: SimUser) -> list[str]:
    return [m.content for m in user.pings() if "it is your turn at" in m.content]


async def test_the_board_follows_the_start_and_each_play(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    # The default AI delay and board_edit_interval (1.5 s, 1.2 s) a fifth as long, as the
    # fake's send window is: a board edit for nearly every move. How soon each edit goes is
    # the publisher's, tested on a virtual clock (tests/views/test_publisher.py); here, that
    # the bot's edits reach the channel in order.
    bot_process.settings = {
        "tables": {"turn_timeout": 60, "ai_delay": 0.3, "board_edit_interval": 0.24}
    }
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    table_id = await new_table(discord, store, alice, "cento")
    for _ in range(2):
        await add_ai(alice, board_of(discord, table_id))
    await start(discord, store, alice, table_id)

    for _ in range(5):
        row = await wait_turn(discord, store, table_id, 0)
        if row.turn() != 0:  # the match is over, or she is out of it
            break
        hand = await open_hand(alice, board_of(discord, table_id))
        token = a_play(row, 0)
        shown = f"Alice played {SPECS['cento'].text.card_name(token.split(':')[1])}"
        await make_move(alice, hand, token, total=0)
        board = await discord.wait_for(lambda: board_of(discord, table_id), what="the board")

        def her_play_shown(b: Message = board, s: str = shown) -> bool:
            return s in b.text or "match over" in b.text

        await discord.wait_for(her_play_shown, 15, "her play shown")
        await moved(discord, store, table_id, row.moves)

    assert pings_ahead_of_the_board(discord, table_id) == 0  # the board first
    assert discord.rejections == [] and discord.rate_limited == []


async def test_a_person_is_pinged_only_when_they_may_have_stopped_watching(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = {
        "tables": {"ai_delay": 0.05, "turn_timeout": 60, "turn_ping_after": PING_AFTER}
    }
    await bot_process.start()
    store = bot_process.store()
    alice, bob = discord.user("alice"), discord.user("bob")
    table_id = await new_table(discord, store, alice, "cento", join=(bob,))
    await add_ai(alice, board_of(discord, table_id))
    # A match long enough for the scenario: with a random deal, one Alice lost in a few moves
    # ended it before Bob's slow turn came (the moves are the same at each run with the seed).
    await reseed(bot_process, store, table_id, LONG_MATCH)
    row = await start(discord, store, alice, table_id)
    people = {row.seat_of(alice): alice, row.seat_of(bob): bob}
    turns = {alice: 0, bob: 0}
    slow = alice_called = False
    while row.status == "playing" and not (alice_called and turns[alice] >= 4):

        def persons_turn() -> TableRow | None:
            found = store.table(table_id)
            return found if found.status != "playing" or found.turn() in people else None

        row = await discord.wait_for(persons_turn, 20, "a person's turn")
        seat = row.turn()
        if seat is None:
            break
        user = people[seat]
        turns[user] += 1
        if (user is bob and turns[bob] == 1) or (user is alice and slow and not alice_called):
            # Bob has not played yet; Alice's turn came after a long wait: both are called.

            def pinged(u: SimUser = user) -> list[str]:
                return turn_pings(u)

            await discord.wait_for(pinged, 20, f"a ping to {user.name}")
            alice_called = user is alice
        if user is bob and turns[bob] == 3:  # Bob thinks for a while; Alice looks away
            await asyncio.sleep(5)
            slow = True
        hand = await open_hand(user, board_of(discord, table_id))
        await make_move(user, hand, a_play(row, seat), total=0)
        row = await moved(discord, store, table_id, row.moves)
    assert slow and alice_called and turns[alice] >= 4, turns

    # Bob on his first turn (Alice had just pressed Start), and either of them on a turn that
    # reached them 4 s or more after their previous turn ended, as Alice's did after Bob's
    # wait; never on a turn that came back sooner. The gaps are the bot's own, from when it
    # stored each move (on a busy machine some quick turns are slower).
    times, on_turn = store.move_times(table_id), store.table(table_id).turn()
    for seat, user in people.items():
        fewest, most = expected_pings(times, seat, on_turn, first=user is bob)

        def called(u: SimUser = user, n: int = fewest) -> bool:
            return len(turn_pings(u)) >= n

        await discord.wait_for(called, 10, f"{fewest} pings to {user.name}")
        assert len(turn_pings(user)) <= most, (user.name, turn_pings(user), most)
