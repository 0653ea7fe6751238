"""Tressette's pack, its order inside a suit, the cards' worth in thirds, and the accusi
(RULES.md §6.1, §6.4)."""

from __future__ import annotations

from bot.games.cards import ITALIAN_SUITS, italian_pack

PACK = italian_pack()
PACK_SET = frozenset(PACK)
ORDER = "32ARCF7654"  # high to low, inside a suit
STRENGTH = {c: len(ORDER) - ORDER.index(c[:-1]) for c in PACK}
THIRDS = {c: {"A": 3, "3": 1, "2": 1, "R": 1, "C": 1, "F": 1}.get(c[:-1], 0) for c in PACK}
LAST_TRICK = 3
"""The last trick's worth, in thirds: a point."""
DEAL_THIRDS = sum(THIRDS.values()) + LAST_TRICK  # 35: 11 points and two thirds dropped
BUONGIOCO_RANKS = ("3", "2", "A")
NAPOLETANA = ("A", "2", "3")
SUIT_ORDER = {s: i for i, s in enumerate(ITALIAN_SUITS)}


def winning_index(cards: list[str]) -> int:
    """The position in the trick of its winner: the highest card of the suit led."""
    led = cards[0][-1]
    best = 0
    for i in range(1, len(cards)):
        if cards[i][-1] == led and STRENGTH[cards[i]] > STRENGTH[cards[best]]:
            best = i
    return best


def sort_hand(hand: list[str]) -> list[str]:
    """Suit by suit in the pack's order, each high to low."""
    return sorted(hand, key=lambda c: (SUIT_ORDER[c[-1]], -STRENGTH[c]))


def combinations(hand: list[str]) -> list[str]:
    """The accusi ``hand`` holds, each spelt once as its token says it (without
    ``accuse:``): ``napoletana:<suit>``, ``buongioco:<rank>:<missing suit>`` (three of a
    rank), ``buongioco:<rank>`` (all four)."""
    held = set(hand)
    found = [f"napoletana:{s}" for s in ITALIAN_SUITS if all(r + s in held for r in NAPOLETANA)]
    for rank in BUONGIOCO_RANKS:
        missing = [s for s in ITALIAN_SUITS if rank + s not in held]
        if not missing:
            found.append(f"buongioco:{rank}")
        elif len(missing) == 1:
            found.append(f"buongioco:{rank}:{missing[0]}")
    return found


def combination_cards(combination: str) -> list[str]:
    """The cards a declared combination names (``combinations``' spelling)."""
    kind, _, rest = combination.partition(":")
    if kind == "napoletana":
        return [r + rest for r in NAPOLETANA]
    rank, _, missing = rest.partition(":")
    return [rank + s for s in ITALIAN_SUITS if s != missing]


def combination_points(combination: str) -> int:
    """A napoletana and a buongioco of three are worth 3, a buongioco of four 4."""
    return len(combination_cards(combination)) if combination.startswith("buongioco") else 3
