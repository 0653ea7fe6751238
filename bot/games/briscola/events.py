"""Briscola's events, typed: what ``apply`` reports, as the words and the league read it."""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from typing import Literal, TypedDict, final


@final
class Deal(TypedDict):
    type: Literal["deal"]
    deal: int  # the deal's number in the match, from 1
    dealer: int
    first: int  # the seat that leads
    briscola: str  # the card turned face up under the stock: its suit is trumps


@final
class Swap(TypedDict):
    type: Literal["swap"]
    seat: int
    seven: str  # the 7 of trumps, now face up under the stock
    card: str  # the briscola taken, known to be in the seat's hand


@final
class Play(TypedDict):
    type: Literal["play"]
    seat: int
    card: str


@final
class Trick(TypedDict):
    type: Literal["trick"]
    number: int  # this deal's tricks, from 1
    leader: int
    cards: list[str]  # in order of play, from the leader
    winner: int
    points: int  # the card points of the trick
    strozzo: bool  # another side's carico caught by a higher card of its suit
    last: bool  # the deal's last trick


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
