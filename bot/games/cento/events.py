"""One Hundred's events, typed: what ``apply`` reports, as the words and the league read it."""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from typing import Literal, NotRequired, TypedDict, final

from bot.games.events import Played


@final
class Deal(TypedDict):
    type: Literal["deal"]
    round: int
    dealer: int
    first: int


@final
class Play(Played):
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
