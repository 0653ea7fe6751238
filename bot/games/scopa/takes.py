"""Which table cards a played card may take (RULES.md §4.3).

A card equal in value to table cards must take one of them, and only it (presa diretta);
otherwise it must take one set of two or more table cards adding up to its value; otherwise
it takes nothing. Every way is listed, each as its cards in the order of the pack.
"""

from __future__ import annotations

from bot.games.scopa.cards import ORDER, VALUE


def takes(table: list[str], card: str) -> list[tuple[str, ...]]:
    """Every take open to ``card`` on ``table`` ([] : it is laid down)."""
    value = VALUE[card]
    ordered = sorted(table, key=ORDER.__getitem__)
    equal: list[tuple[str, ...]] = [(c,) for c in ordered if VALUE[c] == value]
    if equal:
        return equal
    found: list[tuple[str, ...]] = []
    _sets(ordered, 0, value, [], found)
    return found


def _sets(
    cards: list[str], start: int, left: int, chosen: list[str], found: list[tuple[str, ...]]
) -> None:
    """Append every set of ``cards[start:]`` adding up to ``left`` to ``chosen`` (a set of one
    card never reaches here: that card would be equal in value)."""
    for i in range(start, len(cards)):
        value = VALUE[cards[i]]
        if value > left:
            continue
        chosen.append(cards[i])
        if value == left:
            found.append(tuple(chosen))
        else:
            _sets(cards, i + 1, left - value, chosen, found)
        chosen.pop()
