"""The Italian 40-card pack and the French 52-card pack, as card codes (RULES.md)."""

from __future__ import annotations

ITALIAN_SUITS = "cdsb"  # coppe, denari, spade, bastoni
ITALIAN_RANKS = ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R")

FRENCH_SUITS = "SHDC"  # spades, hearts, diamonds, clubs
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")


def italian_pack() -> list[str]:
    """The 40 cards, suit by suit."""
    return [rank + suit for suit in ITALIAN_SUITS for rank in ITALIAN_RANKS]


def french_pack(packs: int = 1) -> list[str]:
    """One or two 52-card packs; with two, every code occurs twice."""
    return [rank + suit for _ in range(packs) for suit in FRENCH_SUITS for rank in FRENCH_RANKS]


def suit(code: str) -> str:
    return code[-1]


def rank(code: str) -> str:
    return code[:-1]
