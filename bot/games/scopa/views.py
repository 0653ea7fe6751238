"""What Scopa shows, typed: a seat's view and the outcome, as the words, the league and the
board read them (the engine returns plain JSON-safe dicts; these types describe them, and the
conformance tests check them)."""

# No ``from __future__ import annotations``: Python 3.11 tells a TypedDict's NotRequired keys
# only from annotations evaluated when the class is made (the tests read them).

from typing import TypedDict

from bot.games.kit import SeatView
from bot.games.scopa.events import Play, SideScore, Sweep


class Take(TypedDict):
    seat: int
    card: str
    took: list[str]


class RoundSummary(TypedDict):
    round: int
    sides: list[SideScore]
    scores: list[int]


class ScopaView(SeatView):
    sides: int
    table: list[str]
    stock: int  # how many: never their order
    piles: list[int]  # per side: how many cards it has taken this round
    scope: list[int]  # per side, this round
    takes: list[Take]  # this round's takes, made face up before everyone
    last_take: Take | None
    current: int | None  # None once the game is over
    dealer: int
    first: int
    round: int
    scores: list[int]  # per side, before this round
    last_round: RoundSummary | None
    ending: list[Play | Sweep]  # once the game is over: what ended its last round


class ScopaOutcome(TypedDict):
    ranking: list[list[int]]
    winner: int  # the winning side
    points: list[int]  # per seat: its side's score (every list here is per seat)
    rounds: int
