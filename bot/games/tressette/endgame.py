"""The end of a two-seat deal solved exactly, for the ``hard`` AI: once the stock is drawn each
seat knows the other's hand, and the tricks left are a game of perfect information.

A minimax over the plays left (following suit as the rules say), remembering the positions
it has valued, scores each card by the thirds its seat's side takes in the rest of the deal
less the other's (the last trick's 3 included), the other seat playing its best too. Worth it
only while the hands are short (``EXACT``): the positions grow as the central binomial of the
cards left.
"""

from __future__ import annotations

from bot.games.tressette.cards import LAST_TRICK, STRENGTH, THIRDS
from bot.games.tressette.engine import playable

EXACT = 6
"""The most cards in the mover's hand for which the end is solved (924 positions between
tricks at six each)."""

Hands = tuple[frozenset[str], frozenset[str]]
Memo = dict[tuple[Hands, int, str | None], int]


def _after(memo: Memo, hands: Hands, leader: int, led: str | None, card: str) -> int:
    """Seat 0's thirds less seat 1's over the rest of the deal once the seat on turn plays
    ``card`` (``led``: the card ``leader`` led to the trick on the table, if any)."""
    mover = leader if led is None else 1 - leader
    rest = (hands[0] - {card}, hands[1]) if mover == 0 else (hands[0], hands[1] - {card})
    if led is None:
        return _margin(memo, rest, leader, card)
    took = mover if card[-1] == led[-1] and STRENGTH[card] > STRENGTH[led] else leader
    thirds = THIRDS[led] + THIRDS[card]
    if rest[0] or rest[1]:
        later = _margin(memo, rest, took, None)
    else:
        thirds, later = thirds + LAST_TRICK, 0
    return later + (thirds if took == 0 else -thirds)


def _margin(memo: Memo, hands: Hands, leader: int, led: str | None) -> int:
    """``_after`` the best card of the seat on turn (seat 0 the highest, seat 1 the lowest)."""
    key = (hands, leader, led)
    if key not in memo:
        mover = leader if led is None else 1 - leader
        values = [
            _after(memo, hands, leader, led, card)
            for card in playable(sorted(hands[mover]), [led] if led else [])
        ]
        memo[key] = max(values) if mover == 0 else min(values)
    return memo[key]


def best_card(
    hands: list[list[str]], seat: int, leader: int, trick: list[str], cards: list[str]
) -> str:
    """The card of ``cards`` (``seat``'s plays) that keeps the most thirds for ``seat``'s side
    to the deal's end, ``hands`` both seats' cards (``trick``: the card led, if any). Ties go
    to the earlier card."""
    sign = 1 if seat == 0 else -1
    held = (frozenset(hands[0]), frozenset(hands[1]))
    led = trick[0] if trick else None
    memo: Memo = {}
    return max(cards, key=lambda card: sign * _after(memo, held, leader, led, card))
