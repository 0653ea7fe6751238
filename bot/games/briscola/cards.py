"""Briscola's pack, card points and the order of the cards in a trick (RULES.md §5.1)."""

from __future__ import annotations

from bot.games.cards import italian_pack

PACK = italian_pack()
PACK_SET = frozenset(PACK)
THREE_PLAYER_PACK = [c for c in PACK if c != "2c"]  # 39 cards, still 120 points
POINTS = {c: {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}.get(c[:-1], 0) for c in PACK}
TOTAL = 120
HALF = TOTAL // 2
ORDER = "A3RCF76542"  # high to low, inside a suit
STRENGTH = {c: len(ORDER) - ORDER.index(c[:-1]) for c in PACK}
CARICHI = frozenset(c for c in PACK if c[0] in "A3")  # the "loaded" cards: Aces and Threes


def pack_for(seats: int) -> list[str]:
    return THREE_PLAYER_PACK if seats == 3 else PACK


def beats(card: str, best: str, trumps: str) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far (of the suit
    led or a trump): a higher card of its suit, or a trump on a card of another suit."""
    if card[-1] == best[-1]:
        return STRENGTH[card] > STRENGTH[best]
    return card[-1] == trumps


def winning_index(cards: list[str], trumps: str) -> int:
    """The position in the trick of the card that wins it."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trumps):
            best = i
    return best


def seven_of(trumps: str) -> str:
    return "7" + trumps


def sort_hand(hand: list[str], trumps: str) -> list[str]:
    """Trumps first, then the other suits in pack order, each high to low."""
    return sorted(hand, key=lambda c: (c[-1] != trumps, "cdsb".index(c[-1]), -STRENGTH[c]))
