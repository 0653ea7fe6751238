"""Scopa positions for the tests: a first deal from an explicit deck, or any position of a
round (hands, table, what the sides have taken) with every other card placed so that the 40
cards are all there."""

from __future__ import annotations

from typing import Any

from bot.games.scopa.cards import PACK, sort_cards
from bot.games.scopa.engine import Scopa, ScopaState, sides_of
from tests.games.support import deal_deck

RULES = Scopa()


def start(
    hands: list[list[str]], table: list[str], options: dict[str, Any] | None = None
) -> ScopaState:
    """A first deal with seat 0 playing first (the dealer is the last seat): ``hands`` dealt
    one card at a time, then ``table`` face up, the rest of the pack in its order as the stock."""
    deck = deal_deck(PACK, hands, table)
    return RULES.new_game(
        seats=len(hands), seed=1, options=options, dealer=len(hands) - 1, deck=deck
    )


def position(
    hands: list[list[str]],
    table: list[str],
    *,
    stock: list[str] | None = None,
    piles: list[list[str]] | None = None,
    takes: list[dict[str, Any]] | None = None,
    scores: list[int] | None = None,
    current: int = 0,
    options: dict[str, Any] | None = None,
) -> ScopaState:
    """A position of a round. The cards named nowhere go to the stock when ``stock`` is None,
    otherwise to the first side's pile (the round is then near its end)."""
    seats = len(hands)
    piles = [list(p) for p in piles] if piles is not None else [[] for _ in range(sides_of(seats))]
    named = [c for h in hands for c in h] + table + (stock or []) + [c for p in piles for c in p]
    rest = [c for c in PACK if c not in named]
    if stock is None:
        stock = rest
    else:
        piles[0] += rest
    data = RULES.dump(RULES.new_game(seats=seats, seed=1, options=options, dealer=seats - 1))
    data.update(
        hands=[sort_cards(h) for h in hands],
        table=list(table),
        stock=list(stock),
        piles=piles,
        takes=takes or [],
        current=current,
    )
    if scores is not None:
        data["scores"] = list(scores)
    return RULES.load(data)


def act(state: ScopaState, seat: int, action: str) -> tuple[ScopaState, list[dict[str, Any]]]:
    return RULES.apply(state, seat, action)


def card_tokens(state: ScopaState, card: str) -> list[str]:
    """The legal tokens that play ``card``."""
    seat = state.current
    assert seat is not None
    return [a for a in RULES.legal_actions(state, seat) if a.split(":")[1] == card]


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]
