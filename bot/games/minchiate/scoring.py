"""The end of the deal: the Matto payment and what each side's pile scores (RULES.md §3.4, §3.6)."""

from __future__ import annotations

from bot.games.base import Json
from bot.games.minchiate.cards import COMBO_POINTS, DISCARDABLE, MATTO, POINTS
from bot.games.minchiate.combinations import find_combinations

HALF = 42  # each card captured beyond 42 scores 1
LAST_TRICK = 10


def matto_payment(piles: list[list[str]], winners: list[int]) -> Json | None:
    """Move the card the Matto's side owes the other side, if any; return what moved.

    The Matto is in its own side's pile (it stays with its side). If that side won no trick the
    Matto itself goes over; else the first zero-point card other than trump 29 it captured (piles
    keep trick order, then order of play), or failing that its lowest-value captured card.
    """
    owner = next((s for s in (0, 1) if MATTO in piles[s]), None)
    if owner is None:  # the Matto was discarded into the fola
        return None
    pile = piles[owner]
    if not any(w % 2 == owner for w in winners):
        card = MATTO
    else:
        captured = [c for c in pile if c != MATTO]
        card = next((c for c in captured if c in DISCARDABLE), None) or min(
            captured, key=COMBO_POINTS.__getitem__
        )
    pile.remove(card)
    piles[1 - owner].append(card)
    return {"from_side": owner, "to_side": 1 - owner, "card": card}


def pile_score(pile: list[str], last_trick: bool) -> Json:
    """A side's end score: card points, combinations, cards beyond 42, the last trick."""
    combos = find_combinations(pile)
    parts = {
        "card_points": sum(POINTS[c] for c in pile),
        "combinations": sum(c.value for c in combos),
        "extra_cards": max(0, len(pile) - HALF),
        "last_trick": LAST_TRICK if last_trick else 0,
    }
    return {
        **parts,
        "total": sum(parts.values()),
        "cards": len(pile),
        "combination_list": [c.to_json() for c in combos],
    }
