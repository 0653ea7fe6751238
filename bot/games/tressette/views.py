"""What Tressette shows, typed: a seat's view and the outcome, as the words, the league and the
board's picture read them (the engine returns plain JSON-safe dicts; these types describe
them, and the conformance tests check them)."""

# No ``from __future__ import annotations``: Python 3.11 tells a TypedDict's NotRequired keys
# only from annotations evaluated when the class is made (the tests read them).

from typing import TypedDict

from bot.games.kit import TrickTableView
from bot.games.tressette.events import Trick


class TrickView(TypedDict):
    leader: int
    cards: list[str]
    signal: str | None
    winner: int


class Declared(TypedDict):
    seat: int
    combination: str
    points: int


class TressetteView(TrickTableView):
    signal: str | None  # said with the card led on the table
    stock: int  # cards left to draw (two players); never their order
    drawn: dict[str, int]  # cards drawn from the stock still in a hand, shown: whose
    known: dict[str, int]  # every card known to be in a hand (drawn or declared): whose
    declared: list[Declared]  # this deal's accusi, in order
    tricks: list[TrickView]  # this deal's finished tricks: each was played face up
    thirds: list[int]  # this deal's card points taken so far, in thirds, by side
    totals: list[int]  # the match's points, by side
    target: int
    results: list[list[int]]  # each finished deal's points, by side (accusi included)
    ending: list[Trick]  # once the match is over: its last trick, which ended it


class TressetteOutcome(TypedDict):
    ranking: list[list[int]]
    sides: list[list[int]]
    deals: int  # deals played
    points: list[int]  # by seat: its side's total
    deal_points: list[list[int]]  # each deal's points, by side
    deals_won: list[int]  # by seat: the deals its side scored more in
