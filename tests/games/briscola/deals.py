"""Helpers for the Briscola tests: deals from explicit decks, positions near a deal's end, and
what a seat may see."""

from __future__ import annotations

from typing import Any

from bot.games.briscola.cards import pack_for
from bot.games.briscola.engine import Briscola, BriscolaState
from tests.games.support import deal_deck

RULES = Briscola()


def start(
    hands: list[list[str]],
    briscola: str,
    stock: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> BriscolaState:
    """Seat 0 leads: the dealer is the last seat, so hands[0] is dealt first; then the
    briscola is turned, then the stock from its top."""
    seats = len(hands)
    deck = deal_deck(pack_for(seats), hands, [briscola, *(stock or [])])
    return RULES.new_game(seats=seats, seed=1, options=options, dealer=seats - 1, deck=deck)


def act(state: BriscolaState, seat: int, action: str) -> tuple[BriscolaState, list[Any]]:
    return RULES.apply(state, seat, action)


def last_trick(
    hands: list[list[str]], piles: list[list[str]], briscola: str, leader: int = 0
) -> BriscolaState:
    """The last tricks of a deal: the stock drawn, ``hands`` (as many cards each), and the other
    cards already taken in ``piles`` (by side), as tricks that side's first seat won."""
    seats = len(hands)
    held = [c for h in hands for c in h] + [c for p in piles for c in p]
    assert sorted(held) == sorted(pack_for(seats)), "the cards must make the pack"
    assert all(len(p) % seats == 0 for p in piles), "a pile is whole tricks"
    tricks = [(s, p[i : i + seats]) for s, p in enumerate(piles) for i in range(0, len(p), seats)]
    data = RULES.dump(RULES.new_game(seats=seats, seed=1))
    data.update(
        hands=hands,
        stock=[],
        face_up=None,
        briscola=briscola,
        known={},
        piles=piles,
        tricks=[cards for _, cards in tricks],
        leaders=[s for s, _ in tricks],
        winners=[s for s, _ in tricks],
        leader=leader,
        current=leader,
    )
    return RULES.load(data)
