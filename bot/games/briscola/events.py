"""Briscola's events, typed: what ``apply`` reports, as the words and the league read it."""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from typing import Literal, TypedDict, final

from bot.games.events import DealBegun, Played, TrickWon


@final
class Deal(DealBegun):
    briscola: str  # the card turned face up under the stock: its suit is trumps


@final
class Swap(TypedDict):
    type: Literal["swap"]
    seat: int
    seven: str  # the 7 of trumps, now face up under the stock
    card: str  # the briscola taken, known to be in the seat's hand


@final
class Play(Played):
    """A card played."""


@final
class Trick(TrickWon):
    """A trick taken; its ``points`` are its cards' points."""

    strozzo: bool  # another side's carico caught by a higher card of its suit


@final
class Draw(TypedDict):
    type: Literal["draw"]
    order: list[int]  # who drew, in order (the trick's winner first)
    left: int  # cards still to draw, the face-up briscola included


@final
class LastCard(TypedDict):
    type: Literal["last_card"]
    seat: int  # the seat that drew the face-up briscola, the stock's last card
    card: str


@final
class DealOver(TypedDict):
    type: Literal["deal_over"]
    deal: int
    points: list[int]  # by side
    winner: int | None  # the side that won the deal; None: a patta (a draw)
    deals_won: list[int]  # by side, this deal included


@final
class MatchOver(TypedDict):
    type: Literal["match_over"]
    winner: int  # the side
    ranking: list[list[int]]


BriscolaEvent = Deal | Swap | Play | Trick | Draw | LastCard | DealOver | MatchOver
