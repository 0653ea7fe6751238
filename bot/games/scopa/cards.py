"""The Italian pack as Scopa counts it: capture values, primiera values, the pack's order."""

from __future__ import annotations

from bot.games.cards import italian_pack

PACK = italian_pack()  # suit by suit (c, d, s, b), rank A..R: the order takes are listed in
PACK_SET = frozenset(PACK)
ORDER = {card: i for i, card in enumerate(PACK)}
SETTEBELLO = "7d"
DENARI = "d"

VALUE = {c: {"F": 8, "C": 9, "R": 10}.get(c[0]) or (1 if c[0] == "A" else int(c[0])) for c in PACK}
"""Capture value: Asso 1, 2..7 face value, Fante 8, Cavallo 9, Re 10."""

PRIMIERA = {
    c: {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12}.get(c[0], 10) for c in PACK
}

NAPOLA_RUN = [rank + DENARI for rank in ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R")]


def sort_cards(cards: list[str]) -> list[str]:
    """``cards`` in the order of the pack."""
    return sorted(cards, key=ORDER.__getitem__)
