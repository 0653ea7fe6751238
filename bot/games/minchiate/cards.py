"""The 97-card Minchiate pack: codes, suits, ranks and points (RULES.md §3.1, §3.2).

Codes: trumps ``T1``..``T40``, the Matto ``M``, suit cards rank + suit (``Rc``, ``Qd``, ``Cs``,
``Fb``, ``1c``, ``10d``). Everything here is a lookup table built once, so the hot paths of the
engine and the AI only index dictionaries.
"""

from __future__ import annotations

MATTO = "M"
TRUMP = "t"  # the "suit" of the trumps in SUIT
SUITS = "cdsb"  # coppe, denari, spade, bastoni
COURTS = ("R", "Q", "C", "F")  # Re, Regina, Cavallo, Fante/Fantina
KINGS = tuple("R" + s for s in SUITS)
TRUMP_29 = "T29"
MAX_ROB = 13  # the cutter robs at most 13 cards


TRUMPS = tuple(f"T{n}" for n in range(41))  # TRUMPS[n] is trump n (TRUMPS[0] is unused)


_NUMERALS = tuple(str(n) for n in range(1, 11))
PACK: tuple[str, ...] = (
    *TRUMPS[:0:-1],
    MATTO,
    *(r + s for s in SUITS for r in (*COURTS, *_NUMERALS)),
)
PACK_SET = frozenset(PACK)


def _suit(card: str) -> str:
    if card == MATTO:
        return "m"
    return TRUMP if card[0] == "T" else card[-1]


def _rank(card: str) -> int:
    """Strength inside the card's suit: the higher wins. The Matto has none."""
    if card == MATTO:
        return 0
    if card[0] == "T":
        return int(card[1:])
    r, s = card[:-1], card[-1]
    if r in COURTS:
        return 14 - COURTS.index(r)
    n = int(r)
    # Spade and bastoni run 10 high .. 1 low; coppe and denari the other way round.
    return n if s in "sb" else 11 - n


_TEN = frozenset(range(36, 41))
_FIVE = frozenset((1, 10, 13, 20, 28, 30, 31, 32, 33, 34, 35))
_THREE = frozenset((2, 3, 4, 5))


def _points(card: str) -> int:
    if card == MATTO or card in KINGS:
        return 5
    if card[0] != "T":
        return 0
    n = int(card[1:])
    return 10 if n in _TEN else 5 if n in _FIVE else 3 if n in _THREE else 0


SUIT: dict[str, str] = {c: _suit(c) for c in PACK}
RANK: dict[str, int] = {c: _rank(c) for c in PACK}
POINTS: dict[str, int] = {c: _points(c) for c in PACK}
# Inside a combination trump 29 is worth 5 (it also ranks so when the Matto payment has to
# give a counting card away).
COMBO_POINTS: dict[str, int] = {**POINTS, TRUMP_29: 5}

COUNTING = frozenset(c for c in PACK if POINTS[c])
ROBBABLE = COUNTING | frozenset(c for c in PACK if SUIT[c] == TRUMP and RANK[c] > 20)
# What the dealer takes when looking through the rest of the fola.
FOLA_TAKEN = COUNTING | {TRUMP_29}
DISCARDABLE = frozenset(c for c in PACK if not POINTS[c] and c != TRUMP_29)

# Display order of a hand: trumps high to low, the Matto, then each suit high to low.
ORDER: dict[str, int] = {
    c: i for i, c in enumerate(sorted(PACK, key=lambda c: ("tmcdsb".index(SUIT[c]), -RANK[c])))
}


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def side(seat: int) -> int:
    """Seats 0 and 2 are side 0, seats 1 and 3 side 1."""
    return seat % 2
