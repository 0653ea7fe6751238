"""Scopa's events, typed: what ``apply`` reports, as the words and the league read it."""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from typing import Literal, TypedDict, final

from bot.games.events import Played


class SideScore(TypedDict):
    """One side's round: its seats, what it holds, then the points, in the order of the summary."""

    seats: list[int]
    cards: int
    coins: int  # its cards of denari
    primiera_sum: int | None  # None: a suit is missing
    carte: int
    denari: int
    settebello: int
    primiera: int
    scope: int
    napola: int
    total: int


@final
class Deal(TypedDict):
    type: Literal["deal"]
    round: int
    dealer: int
    first: int  # who plays first this round
    fresh: bool  # the round's first deal (False: three more each from the stock)
    table: list[str]  # the cards turned face up (none in a later deal)
    stock: int  # cards left in the stock


@final
class Redeal(TypedDict):
    type: Literal["redeal"]
    round: int
    dealer: int
    table: list[str]  # the four table cards, three or four of them Re


@final
class Play(Played):
    took: list[str]  # in the order of the pack; empty: the card was laid down
    scopa: bool
    left: int  # cards left on the table
    last: bool  # the round's very last card


@final
class Sweep(TypedDict):
    type: Literal["sweep"]
    seat: int | None  # who made the last take; None: nobody took anything
    cards: list[str]


@final
class RoundOver(TypedDict):
    type: Literal["round_over"]
    round: int
    sides: list[SideScore]
    scores: list[int]  # each side's game total after the round
    target: int


@final
class ExtraRound(TypedDict):
    type: Literal["extra_round"]
    scores: list[int]


@final
class GameOver(TypedDict):
    type: Literal["game_over"]
    ranking: list[list[int]]
    scores: list[int]
    rounds: int


ScopaEvent = Deal | Redeal | Play | Sweep | RoundOver | ExtraRound | GameOver
