"""Which table cards a played card may take (RULES.md §4.3).

A card equal in value to table cards must take one of them, and only it (presa diretta);
otherwise it must take one set of two or more table cards adding up to its value; otherwise
it takes nothing. Every way is listed, each as its cards in the order of the pack.
"""

from __future__ import annotations

from bot.games.scopa.cards import ORDER, VALUE


def takes(table: list[str], card: str) -> list[tuple[str, ...]]:
    """Every take open to ``card`` on ``table`` ([]: it is laid down)."""
    value = VALUE[card]
    equal = [c for c in table if VALUE[c] == value]
    if equal:
        return [(c,) for c in sorted(equal, key=ORDER.__getitem__)]
    if len(table) < 2:
        return []
    ordered = sorted(table, key=ORDER.__getitem__)
    values = [VALUE[c] for c in ordered]
    after = [sum(values[i:]) for i in range(len(values) + 1)]  # what the cards from i add up to
    found: list[tuple[str, ...]] = []
    chosen: list[str] = []

    def extend(start: int, left: int) -> None:
        """Add to ``chosen`` every set of the cards from ``start`` adding up to ``left``."""
        for i in range(start, len(ordered)):
            if after[i] < left:
                return
            if values[i] > left:
                continue
            chosen.append(ordered[i])
            if values[i] == left:
                found.append(tuple(chosen))
            else:
                extend(i + 1, left - values[i])
            chosen.pop()

    extend(0, value)
    return found
