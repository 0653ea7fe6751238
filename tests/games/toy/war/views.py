"""What War shows, typed: a seat's view and the outcome."""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from typing import Any, TypedDict


class WarView(TypedDict):
    game: str
    seats: int
    seat: int | None  # None: the public view
    hand: list[str] | None  # the seat's own cards; None in the public view
    hand_sizes: list[int]
    piles: list[int]  # how many face down: never which
    table: list[str | None]  # the card each seat turned up this round
    pot: int
    won: list[int]
    current: int | None
    direction: int
    dealer: int
    round: int
    rounds: int
    options: dict[str, Any]
    over: bool


class WarOutcome(TypedDict):
    ranking: list[list[int]]
    won: list[int]
