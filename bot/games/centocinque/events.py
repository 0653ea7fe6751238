"""Centocinque's events, typed: what ``apply`` reports, as the words and the league read it."""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from typing import Literal, NotRequired, TypedDict, final

from bot.games.events import Played


@final
class Deal(TypedDict):
    type: Literal["deal"]
    hand: int
    dealer: int
    starter: str
    buried: list[str]  # Aces turned as starter and put under the stock (a house rule)
    first: int


@final
class Play(Played):
    left: int  # cards left in the hand
    penultima: NotRequired[bool]  # with one card left: whether "penúltima" was said
    effect: NotRequired[Literal["draw_two", "skip", "call_suit", "free_play", "reverse", "none"]]
    pending: NotRequired[int]  # draw_two: the cards the next player owes
    suit: NotRequired[str]  # call_suit: the suit named
    skipped: NotRequired[int]  # skip: the seat skipped


@final
class Draw(TypedDict):
    type: Literal["draw"]
    seat: int
    count: int
    owed: NotRequired[int]  # drawing for the 2s: the cards owed


@final
class Pass(TypedDict):
    type: Literal["pass"]
    seat: int


@final
class Callout(TypedDict):
    type: Literal["callout"]
    seat: int
    target: int
    penalty: int  # the cards drawn: by the target, or by the caller when wrong
    wrong: NotRequired[Literal[True]]


@final
class Penultima(TypedDict):
    type: Literal["penultima"]
    seat: int
    late: Literal[True]


@final
class Reshuffle(TypedDict):
    type: Literal["reshuffle"]
    stock: int


@final
class Turn(TypedDict):
    type: Literal["turn"]
    seat: int


@final
class HandOver(TypedDict):
    type: Literal["hand_over"]
    hand: int
    winner: int
    blocked: bool  # ended because a position came back
    penalties: dict[str, int]  # the others' penalty points, by seat (as a string: JSON)
    tallies: list[int]


@final
class Eliminated(TypedDict):
    type: Literal["eliminated"]
    seats: list[int]


@final
class MatchOver(TypedDict):
    type: Literal["match_over"]
    winner: int
    ranking: list[list[int]]


CentocinqueEvent = (
    Deal
    | Play
    | Draw
    | Pass
    | Callout
    | Penultima
    | Reshuffle
    | Turn
    | HandOver
    | Eliminated
    | MatchOver
)
