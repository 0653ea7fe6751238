"""What Briscola shows, typed: a seat's view and the outcome, as the words, the league and the
board's picture read them (the engine returns plain JSON-safe dicts; these types describe
them, and the conformance tests check them)."""

# No ``from __future__ import annotations``: Python 3.11 tells a TypedDict's NotRequired keys
# only from annotations evaluated when the class is made (the tests read them).

from typing import TypedDict

from bot.games.briscola.events import Trick
from bot.games.kit import TrickTableView


class TrickView(TypedDict):
    leader: int
    cards: list[str]
    winner: int


class BriscolaView(TrickTableView):
    trumps: str  # the suit of the briscola
    briscola: str  # the card turned at this deal
    face_up: str | None  # the briscola under the stock, until it is drawn
    stock: int  # cards still to draw, the face-up briscola included; never their order
    drawn_by: int | None  # the seat that drew the face-up briscola
    known: dict[str, int]  # cards everyone knows to be in a hand, and whose
    tricks: list[TrickView]  # this deal's finished tricks: each was played face up
    taken: list[int]  # tricks taken this deal, by side (their points stay uncounted)
    deals_won: list[int]  # by side
    results: list[list[int]]  # each finished deal's points, by side
    ending: list[Trick]  # once the match is over: its last trick, which ended it


class BriscolaOutcome(TypedDict):
    ranking: list[list[int]]
    sides: list[list[int]]
    deals: int  # deals played
    deals_won: list[int]  # by seat: its side's
    points: list[int]  # by seat: its side's card points over every deal
    deal_points: list[list[int]]  # each deal's points, by side
