"""War's events, typed: what ``apply`` reports, as the words and the league read it."""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from typing import Literal, TypedDict, final


@final
class Deal(TypedDict):
    type: Literal["deal"]
    dealer: int
    first: int


@final
class Play(TypedDict):
    type: Literal["play"]
    seat: int
    card: str


@final
class Take(TypedDict):
    type: Literal["take"]
    seat: int
    cards: int  # the cards taken: the two turned up and any left by ties


@final
class Tie(TypedDict):
    type: Literal["tie"]
    pot: int  # the cards waiting for the next round's winner


@final
class MatchOver(TypedDict):
    type: Literal["match_over"]
    ranking: list[list[int]]


WarEvent = Deal | Play | Take | Tie | MatchOver
