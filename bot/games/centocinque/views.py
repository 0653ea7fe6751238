"""What Centocinque shows, typed: a seat's view and the outcome, as the words, the league and
the board's picture read them (the engine returns plain JSON-safe dicts; these types describe
them, and the conformance tests check them)."""

# No ``from __future__ import annotations``: Python 3.11 tells a TypedDict's NotRequired keys
# only from annotations evaluated when the class is made (the tests read them).

from typing import TypedDict

from bot.games.centocinque.events import Play
from bot.games.kit import SeatView


class CentocinqueView(SeatView):
    drawn: str | None  # a playable card the seat on turn just drew
    drew: bool
    top: str | None
    discard: list[str]
    stock: int  # how many: never their order
    current: int | None  # None once the match is over
    direction: int
    pending_draw: int
    free_play: bool
    called_suit: str | None
    ace_lock: str | None
    missed: int | None  # never shown: noticing a miss is each player's memory test
    dealer: int
    hand_no: int
    tallies: list[int]
    out: list[bool]
    hands_won: list[int]
    ending: list[Play]  # once the match is over: the card that ended it (none: blocked)


class CentocinqueOutcome(TypedDict):
    ranking: list[list[int]]
    tallies: list[int]
    hands_won: list[int]
    hands: int
