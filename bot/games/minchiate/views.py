"""What Minchiate shows, typed: a seat's view and the outcome, as the words, the league and the
board's picture read them (the engine returns plain JSON-safe dicts; these types describe
them, and the conformance tests check them)."""

# No ``from __future__ import annotations``: Python 3.11 tells a TypedDict's NotRequired keys
# only from annotations evaluated when the class is made (the tests read them).

from typing import Literal, NotRequired, TypedDict

from bot.games.kit import SeatView
from bot.games.minchiate.events import Combination, MinchiateEvent, PileScore, Trick


class Declared(TypedDict):
    declared: Literal[True]
    combinations: list[Combination]
    points: int


class NotDeclared(TypedDict):
    declared: Literal[False]


class TrickView(TypedDict):
    leader: int
    cards: list[str]
    winner: int


ScoringKind = Literal["cutter_rob", "shown", "dealer_rob", "declaration", "capture"]


class Scored(TypedDict):
    """The scoring record: points scored during play."""

    kind: ScoringKind
    seat: int
    side: int
    points: int
    card: NotRequired[str]
    trick: NotRequired[int]


class Resto(TypedDict):
    """The scoring record: resti taken."""

    kind: Literal["resto"]
    side: int
    count: int
    when: Literal["running", "end"]


class MinchiateView(SeatView):
    dealer: int
    cutter: int
    first: int
    phase: Literal["discard", "declare", "play", "over"]
    current: int | None  # None once the deal is over
    cutter_robbed: list[str]
    cut_seen: str | None  # the card the cutter saw at the cut, for the cutter (public later)
    shown: list[str]
    dealer_robbed: list[str]
    put_back: str | None
    dealer_took: list[str]
    to_discard: list[int]
    discards: list[list[str] | None]  # a seat's own, and everyone's once the fola is shown
    fola: list[str] | None  # for the dealer, and everyone once shown
    fola_size: int
    declarations: list[Declared | NotDeclared | None]
    leader: int | None
    trick: list[str]
    tricks: list[TrickView]
    led: str  # the plain suits led so far
    piles: list[list[str]]  # per side
    points: list[int]  # per side
    diff: int  # side 0's lead still to be settled in resti
    resti: list[int]  # per side
    log: list[Scored | Resto]
    opening: list[MinchiateEvent]  # what happened while dealing, told publicly
    ending: list[Trick]  # once the deal is over: its last trick, which ended it


class DuringPlay(TypedDict):
    cutter_rob: int
    shown: int
    dealer_rob: int
    declaration: int
    capture: int
    total: int


class SideResult(TypedDict):
    seats: list[int]
    during_play: DuringPlay
    end: PileScore
    points: int
    resti_running: int
    resti_end: int
    resti: int
    net_resti: int


class Payment(TypedDict):
    from_side: int
    to_side: int
    card: str


class MinchiateOutcome(TypedDict):
    ranking: list[list[int]]
    winner: int | None  # the winning side; None: a draw
    sides: list[SideResult]
    final_diff: int
    matto_payment: Payment | None
    last_trick: int  # the seat that won it
    points: list[int]  # per seat: its side's
    resti: list[int]  # per seat: its side's net resti
