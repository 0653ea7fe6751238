"""News in move order, through the fake Discord: a round's summary reaches the channel
before any board showing the next round (read from the fake's request log, in arrival
order), and names its round when the next one has been dealt by then."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord

from .botprocess import BotProcess
from .driver import (
    add_ai,
    board_of,
    hand_on_turn,
    moved,
    new_table,
    reseed,
    start,
    wait_turn,
    whole_move,
)
from .test_scopa import SETTINGS

pytestmark = pytest.mark.e2e

SUMMARY = "Round 1 is over."
NEXT_ROUND = "Round 2: "
A_SECOND_ROUND = 1
"""A seed: the first round ends 1–5 and a second is dealt. A side may reach 11 in the first
round of a random deal (about one match in seventy thousand), and then no second round comes."""


def first_sent(discord: FakeDiscord, table_id: int) -> tuple[int | None, int | None]:
    """The request numbers of the first message with the first round's summary, and of the
    first board showing the second round's deal (None: none yet)."""
    summary = board = None
    for n, request in enumerate(discord.requests):
        payload = request.payload if isinstance(request.payload, dict) else {}
        if request.status >= 300:
            continue
        embeds = payload.get("embeds") or []
        if embeds and embeds[0].get("footer", {}).get("text") == f"Table {table_id}":
            if board is None and NEXT_ROUND in embeds[0].get("description", ""):
                board = n
        elif summary is None and SUMMARY in (payload.get("content") or ""):
            summary = n
    return summary, board


async def test_a_rounds_summary_comes_before_the_board_of_the_next_round(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS  # AI seats at once, boards edited at most every 0.3 s
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    table_id = await new_table(discord, store, alice, "scopa")
    await add_ai(alice, board_of(discord, table_id))
    await reseed(bot_process, store, table_id, A_SECOND_ROUND)
    row = await start(discord, store, alice, table_id)
    seat = row.seat_of(alice)
    while True:
        row = await wait_turn(discord, store, table_id, seat, timeout=60)
        if row.status != "playing" or row.state is None or row.state["round_no"] > 1:
            break
        hand = await hand_on_turn(discord, alice, table_id)
        await whole_move(discord, alice, hand, row)
        await moved(discord, store, table_id, row.moves)

    def both_sent() -> tuple[int, int] | None:
        summary, board = first_sent(discord, table_id)
        return None if summary is None or board is None else (summary, board)

    summary, board = await discord.wait_for(both_sent, 20, "the summary and the next board")
    assert summary < board, "the board of the second round came before the first's summary"
    text = discord.requests[summary].payload["content"]
    # The second round was dealt with the same move: the summary names its round itself.
    assert SUMMARY in text and f"Round 1: {SUMMARY}" not in text
    assert discord.rejections == [] and discord.rate_limited == []
