"""What One Hundred shows, typed: a seat's view and the outcome, as the words, the league and
the board's picture read them (the engine returns plain JSON-safe dicts; these types describe
them, and the conformance tests check them)."""

# No ``from __future__ import annotations``: Python 3.11 tells a TypedDict's NotRequired keys
# only from annotations evaluated when the class is made (the tests read them).

from typing import TypedDict

from bot.games.cento.events import Eliminated, Play
from bot.games.kit import SeatView


class LastPlay(TypedDict):
    """A seat's latest play whose card is still on the pile: public history."""

    card: str
    before: int
    bust: bool


class CentoView(SeatView):
    total: int
    top: str | None
    pile: list[str]
    stock: int  # how many: never their order
    packs: int
    chips: list[int]
    busts: list[int]
    last_plays: list[LastPlay | None]
    current: int | None  # None once the match is over
    direction: int
    dealer: int
    round: int
    ending: list[Play | Eliminated]  # once the match is over: the play that ended it


class CentoOutcome(TypedDict):
    ranking: list[list[int]]
    chips: list[int]
    busts: list[int]
    turns: int
