"""One Hundred's events, typed: what ``apply`` reports, as the words and the league read it.

The engine reports plain JSON-safe dicts (the contract); these types describe them, key by
key, and the conformance tests check every event of random matches against them. Each type is
``final``, so that mypy narrows the union on a key (``"seat" in event``).
"""

# No ``from __future__ import annotations``: Python 3.11 tells a TypedDict's NotRequired keys
# only from annotations evaluated when the class is made (the tests read them).

from typing import Literal, NotRequired, TypedDict, final


@final
class Deal(TypedDict):
    type: Literal["deal"]
    round: int
    dealer: int
    first: int


@final
class Play(TypedDict):
    type: Literal["play"]
    seat: int
    card: str
    before: int  # the total the card met
    total: int  # the total after it (a bust leaves it as it was)
    chosen: NotRequired[int]  # the total an Ace of spades or clubs set
    bust: NotRequired[Literal[True]]  # the card would have passed 100
    effect: NotRequired[Literal["reverse"]]


@final
class ChipLost(TypedDict):
    type: Literal["chip_lost"]
    seat: int
    chips: int  # the chips left


@final
class Eliminated(TypedDict):
    type: Literal["eliminated"]
    seat: int


@final
class Reshuffle(TypedDict):
    type: Literal["reshuffle"]
    stock: int
    total: int


@final
class Turn(TypedDict):
    type: Literal["turn"]
    seat: int


@final
class MatchOver(TypedDict):
    type: Literal["match_over"]
    ranking: list[list[int]]


CentoEvent = Deal | Play | ChipLost | Eliminated | Reshuffle | Turn | MatchOver
