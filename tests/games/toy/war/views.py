"""What War shows, typed: a seat's view and the outcome."""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from typing import TypedDict

from bot.games.kit import SeatView


class WarView(SeatView):
    piles: list[int]  # how many face down: never which
    table: list[str | None]  # the card each seat turned up this round
    pot: int
    won: list[int]
    current: int | None
    direction: int
    dealer: int
    round: int
    rounds: int


class WarOutcome(TypedDict):
    ranking: list[list[int]]
    won: list[int]
