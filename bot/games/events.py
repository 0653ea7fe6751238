"""The events card games share, typed: a game's events (``bot/games/<game>/events.py``) are
these with its own keys added (a ``final`` subclass each, ``bot.games.kit`` says why); and what
a game's words read of them alike."""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from collections.abc import Callable, Mapping
from typing import Any, Literal, TypedDict


class DealBegun(TypedDict):
    """A deal begins, numbered: the dealer has dealt and a seat leads."""

    type: Literal["deal"]
    deal: int  # the deal's number in the match, from 1
    dealer: int
    first: int  # the seat that leads


def deal_begun(event: Mapping[str, Any]) -> int | None:
    """The number of the deal a ``DealBegun`` begins; None for any other event (the
    ``deal_begun`` of a game whose deals begin so, ``bot.games.spec.GameText``)."""
    return int(event["deal"]) if event["type"] == "deal" else None


def announcing(kinds: frozenset[str]) -> Callable[[Mapping[str, Any]], bool]:
    """The ``announced`` of a trick game that tells events of these ``kinds`` (its results)
    and each deal's last trick (a ``TrickWon`` whose ``last`` is set), which no board shows."""

    def announced(event: Mapping[str, Any]) -> bool:
        return event["type"] in kinds or (event["type"] == "trick" and bool(event["last"]))

    return announced


class Played(TypedDict):
    """A seat plays a card from its hand."""

    type: Literal["play"]
    seat: int
    card: str


class TrickWon(TypedDict):
    """A trick is complete and taken."""

    type: Literal["trick"]
    number: int  # this deal's tricks, from 1
    leader: int
    cards: list[str]  # in order of play, from the leader
    winner: int
    points: int  # what it scores, as the game counts
    last: bool  # the deal's last trick
