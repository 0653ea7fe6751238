"""Tables for render tests: real engines and records, no database and no Discord."""

from __future__ import annotations

from typing import Any

from bot.games import GAMES
from bot.storage.records import Seat, Status, TableRecord
from bot.tables import Table


def make_table(
    game: str, seats: int, *, status: Status = "playing", seed: int = 11, **options: Any
) -> Table:
    record = TableRecord(
        id=42,
        guild_id=1,
        channel_id=2,
        game=game,
        status=status,
        host_id=100,
        options=options,
        seats=[Seat(name=f"Player {i}", user_id=100 + i) for i in range(seats)],
        seed=seed,
        state=None,
        moves=0,
        board_message_id=None,
    )
    table = Table(record)
    if status != "lobby":
        table.state = GAMES[game].new_game(seats=seats, seed=seed, options=options)
    return table


def with_big_hand(table: Table, cards: int) -> Table:
    """A Centocinque table where the seat on turn holds ``cards`` cards and may play any."""
    rules = table.rules
    data = rules.dump(table.state)
    seat = data["current"]
    while len(data["hands"][seat]) < cards:
        data["hands"][seat].append(data["stock"].pop())
    data["free"] = True
    table.state = rules.load(data)
    return table
