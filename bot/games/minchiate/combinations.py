"""Versicole: the scoring combinations of trumps, the Matto and the Re (RULES.md §3.5).

The same rules score a 21-card hand (a declaration) and a side's pile at the end: the Matto adds
5 to every combination of a set of cards that holds it, except 1-40-Matto, which counts it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.games.base import Json
from bot.games.minchiate.cards import COMBO_POINTS, KINGS, MATTO, TRUMPS

MATTO_BONUS = 5
RUN_RANGES = ((1, 5), (28, 40))
SETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("1-40-M", (TRUMPS[1], TRUMPS[40], MATTO)),
    ("1-13-28", (TRUMPS[1], TRUMPS[13], TRUMPS[28])),
    ("10-20-30", (TRUMPS[10], TRUMPS[20], TRUMPS[30])),
    ("20-30-40", (TRUMPS[20], TRUMPS[30], TRUMPS[40])),
)


@dataclass(frozen=True, slots=True)
class Combination:
    kind: str  # "run", "kings" or one of the fixed sets ("1-13-28", ...)
    cards: tuple[str, ...]
    value: int

    def to_json(self) -> Json:
        return {"kind": self.kind, "cards": list(self.cards), "value": self.value}


def _scored(kind: str, cards: Iterable[str], bonus: int) -> Combination:
    held = tuple(cards)
    return Combination(kind, held, sum(COMBO_POINTS[c] for c in held) + bonus)


def find_combinations(cards: Iterable[str]) -> list[Combination]:
    """Every combination in ``cards``: maximal runs first (low, then high), then the sets, then
    the Re."""
    held = set(cards)
    bonus = MATTO_BONUS if MATTO in held else 0
    found: list[Combination] = []
    for low, high in RUN_RANGES:
        run: list[str] = []
        for n in range(low, high + 2):
            if n <= high and TRUMPS[n] in held:
                run.append(TRUMPS[n])
                continue
            if len(run) >= 3:
                found.append(_scored("run", run, bonus))
            run = []
    for kind, need in SETS:
        if held.issuperset(need):
            found.append(_scored(kind, need, 0 if MATTO in need else bonus))
    kings = [k for k in KINGS if k in held]
    if len(kings) >= 3:
        found.append(_scored("kings", kings, bonus))
    return found
