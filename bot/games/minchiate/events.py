"""Minchiate's events, typed: what ``new_game`` (its ``opening``) and ``apply`` report, as the
words and the league read them.

An event that scores carries its ``points``; when they are more than none, also the ``side``
that scored them and both sides' ``totals``.
"""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from typing import Literal, NotRequired, TypedDict, final

from bot.games.events import Played, TrickWon


@final
class Combination(TypedDict):
    kind: str  # "run", "kings", "1-40-M", ...
    cards: list[str]
    value: int


@final
class PileScore(TypedDict):
    """What a side's pile scores at the end of the deal."""

    card_points: int
    combinations: int
    extra_cards: int  # points for the cards beyond 42
    last_trick: int
    total: int
    cards: int
    combination_list: list[Combination]


@final
class Cut(TypedDict):
    type: Literal["cut"]
    seat: int
    dealer: int
    robbed: int  # how many cards the cutter robbed


@final
class Rob(TypedDict):
    type: Literal["rob"]
    seat: int
    card: str
    by: Literal["cutter", "dealer"]
    points: int
    side: NotRequired[int]
    totals: NotRequired[list[int]]


@final
class Deal(TypedDict):
    type: Literal["deal"]
    dealer: int
    first: int


@final
class Shown(TypedDict):
    type: Literal["shown"]
    seat: int
    card: str  # the seat's 21st card, shown to everyone
    points: int
    side: NotRequired[int]
    totals: NotRequired[list[int]]


@final
class PutBack(TypedDict):
    type: Literal["put_back"]
    seat: int
    card: str


@final
class Take(TypedDict):
    type: Literal["take"]
    seat: int
    cards: list[str]


@final
class Turn(TypedDict):
    type: Literal["turn"]
    seat: int
    phase: Literal["discard", "declare", "play"]
    count: NotRequired[int]  # discard: the cards to discard


@final
class Discard(TypedDict):
    type: Literal["discard"]
    seat: int
    left: int  # discards still due; the card is never named


@final
class Declare(TypedDict):
    type: Literal["declare"]
    seat: int
    combinations: list[Combination]
    points: int
    side: NotRequired[int]
    totals: NotRequired[list[int]]


@final
class NoDeclare(TypedDict):
    type: Literal["nodeclare"]
    seat: int


@final
class Fola(TypedDict):
    type: Literal["fola"]
    cards: list[str]
    discards: list[list[str]]


@final
class Play(Played):
    """A card played."""


@final
class Trick(TrickWon):
    """A trick taken; its ``points`` are the capture bonus."""

    side: NotRequired[int]
    totals: NotRequired[list[int]]


@final
class Resti(TypedDict):
    type: Literal["resti"]
    side: int
    count: int
    when: Literal["running", "end"]
    resti: list[int]  # each side's resti so far
    diff: int  # the lead still carried


@final
class MattoPayment(TypedDict):
    type: Literal["matto_payment"]
    from_side: int
    to_side: int
    card: str


@final
class EndScore(TypedDict):
    type: Literal["end_score"]
    sides: list[PileScore]
    totals: list[int]


@final
class GameOver(TypedDict):
    type: Literal["game_over"]
    winner: int | None  # the winning side; None: a draw
    ranking: list[list[int]]
    resti: list[int]


MinchiateEvent = (
    Cut
    | Rob
    | Deal
    | Shown
    | PutBack
    | Take
    | Turn
    | Discard
    | Declare
    | NoDeclare
    | Fola
    | Play
    | Trick
    | Resti
    | MattoPayment
    | EndScore
    | GameOver
)
