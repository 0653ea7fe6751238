"""The events card games share, typed: a game's events (``bot/games/<game>/events.py``) are
these with its own keys added (a ``final`` subclass each, ``bot.games.kit`` says why)."""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from typing import Literal, TypedDict


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
