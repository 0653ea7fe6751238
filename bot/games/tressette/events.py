"""Tressette's events, typed: what ``apply`` reports, as the words and the league read it."""

# No ``from __future__ import annotations`` (``bot.games.kit`` says why).

from typing import Literal, TypedDict, final

from bot.games.events import DealBegun, Played


@final
class Deal(DealBegun):
    stock: int  # cards left to draw (two players), 0 at four


@final
class Accuse(TypedDict):
    type: Literal["accuse"]
    seat: int
    combination: str  # ``napoletana:<suit>``, ``buongioco:<rank>[:<missing suit>]``
    cards: list[str]  # the cards it names, known to be in the seat's hand until played
    points: int


@final
class Play(Played):
    signal: str | None  # the leader's word: busso, striscio or volo


@final
class Trick(TypedDict):
    type: Literal["trick"]
    number: int  # this deal's tricks, from 1
    leader: int
    cards: list[str]  # in order of play, from the leader
    signal: str | None  # said with the lead
    winner: int
    thirds: int  # the trick's card points, in thirds (the last trick's 3 not included)
    last: bool  # the deal's last trick: a point more


@final
class Draw(TypedDict):
    type: Literal["draw"]
    seat: int
    card: str  # shown to both players: known to be in the hand until played
    left: int  # cards left in the stock after this draw


@final
class DealOver(TypedDict):
    type: Literal["deal_over"]
    deal: int
    thirds: list[int]  # by side: its cards' thirds and the last trick's 3
    points: list[int]  # by side: the thirds divided by three, the rest dropped
    accusi: list[int]  # by side: its declared combinations' points
    scores: list[int]  # by side: points and accusi, the deal's
    totals: list[int]  # by side, this deal included
    winner: int | None  # the side that scored more in the deal; None: as many


@final
class MatchOver(TypedDict):
    type: Literal["match_over"]
    winner: int  # the side
    totals: list[int]
    ranking: list[list[int]]


TressetteEvent = Deal | Accuse | Play | Trick | Draw | DealOver | MatchOver
