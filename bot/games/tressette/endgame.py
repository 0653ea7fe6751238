"""The end of a two-seat deal solved exactly, for the ``hard`` AI: once the stock is drawn each
seat knows the other's hand, and the tricks left are a game of perfect information.

An alpha-beta over the plays left (following suit as the rules say) scores each card by the
thirds its seat's side takes in the rest of the deal less the other's (the last trick's 3
included), the other seat playing its best too. It remembers the bounds it has found for each
position and the card that proved them (tried first when the position comes again), tries
only one of the cards of a hand that are alike (of a suit, worth as many thirds, with no card
of the other seat's between them), and the likelier cards first. A deal is won by the side with
more points, which only grow with its thirds, so the best margin is also the surest win
(``sure_win``: whether it wins whatever the other seat plays).
"""

from __future__ import annotations

from bot.games.tressette.cards import DEAL_THIRDS, LAST_TRICK, STRENGTH, THIRDS
from bot.games.tressette.engine import playable

EXACT = 8
"""The most cards in the mover's hand for which the end is solved (tens of milliseconds at
eight each; a few hundred at ten)."""

UNBOUNDED = 1000
"""Beyond any margin in thirds."""

Hands = tuple[frozenset[str], frozenset[str]]
Key = tuple[Hands, int, str | None]
Table = dict[Key, tuple[int, int, str | None]]
"""Each position searched: the lowest and highest its margin may be, and its best card found."""


def _alike(cards: list[str], others: list[str]) -> list[str]:
    """``cards`` less those alike to a stronger one kept: of its suit, worth as many thirds,
    with none of ``others`` (the other seat's cards, and the card led) between them."""
    kept: list[str] = []
    for card in sorted(cards, key=lambda c: (c[-1], -STRENGTH[c])):
        if kept and (prev := kept[-1])[-1] == card[-1] and THIRDS[prev] == THIRDS[card]:
            low, high = STRENGTH[card], STRENGTH[prev]
            if not any(o[-1] == card[-1] and low < STRENGTH[o] < high for o in others):
                continue
        kept.append(card)
    return kept


def _after(
    table: Table, hands: Hands, leader: int, led: str | None, card: str, alpha: int, beta: int
) -> int:
    """Seat 0's thirds less seat 1's over the rest of the deal once the seat on turn plays
    ``card`` (``led``: the card ``leader`` led to the trick on the table, if any), exact when
    it falls strictly between ``alpha`` and ``beta``, else a bound beyond the one it passed."""
    mover = leader if led is None else 1 - leader
    rest = (hands[0] - {card}, hands[1]) if mover == 0 else (hands[0], hands[1] - {card})
    if led is None:
        return _margin(table, rest, leader, card, alpha, beta)
    took = mover if card[-1] == led[-1] and STRENGTH[card] > STRENGTH[led] else leader
    thirds = THIRDS[led] + THIRDS[card]
    if not (rest[0] or rest[1]):
        thirds += LAST_TRICK
        return thirds if took == 0 else -thirds
    won = thirds if took == 0 else -thirds
    return won + _margin(table, rest, took, None, alpha - won, beta - won)


def _margin(table: Table, hands: Hands, leader: int, led: str | None, alpha: int, beta: int) -> int:
    """``_after`` the best card of the seat on turn (seat 0 the highest, seat 1 the lowest)."""
    key = (hands, leader, led)
    low, high, first = table.get(key, (-UNBOUNDED, UNBOUNDED, None))
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    alpha, beta = max(alpha, low), min(beta, high)
    mover = leader if led is None else 1 - leader
    others = [*hands[1 - mover], *([led] if led else [])]
    cards = _alike(playable(list(hands[mover]), [led] if led else []), others)
    if led is None:
        cards.sort(key=lambda c: -STRENGTH[c])
    else:  # the cards that take the trick first, then the richer
        cards.sort(key=lambda c: (c[-1] != led[-1] or STRENGTH[c] < STRENGTH[led], -THIRDS[c]))
    if first in cards:
        cards.remove(first)
        cards.insert(0, first)
    a, b = alpha, beta
    best = -UNBOUNDED if mover == 0 else UNBOUNDED
    for card in cards:
        value = _after(table, hands, leader, led, card, a, b)
        if (value > best) if mover == 0 else (value < best):
            best, first = value, card
        if mover == 0:
            a = max(a, best)
        else:
            b = min(b, best)
        if a >= b:
            break
    if best <= alpha:
        table[key] = (low, best, first)
    elif best >= beta:
        table[key] = (best, high, first)
    else:
        table[key] = (best, best, first)
    return best


def solve(
    hands: list[list[str]], seat: int, leader: int, trick: list[str], cards: list[str]
) -> tuple[str, int]:
    """The card of ``cards`` (``seat``'s plays) that keeps the most thirds for ``seat``'s side
    to the deal's end, ``hands`` both seats' cards (``trick``: the card led, if any), and that
    margin: ``seat``'s thirds less the other's over the rest of the deal, both playing their
    best. Ties go to the earlier card."""
    held = (frozenset(hands[0]), frozenset(hands[1]))
    led = trick[0] if trick else None
    table: Table = {}
    sign = 1 if seat == 0 else -1  # seat 1 wants seat 0's margin low
    best, value = cards[0], -UNBOUNDED  # the best card's margin for ``seat``, once searched
    for i, card in enumerate(cards):
        # Past the first card, only whether a card does better matters: a narrower window.
        alpha, beta = (value, UNBOUNDED) if seat == 0 else (-UNBOUNDED, -value)
        found = sign * _after(table, held, leader, led, card, alpha, beta)
        if i == 0 or found > value:
            best, value = card, found
    return best, value


def best_card(
    hands: list[list[str]], seat: int, leader: int, trick: list[str], cards: list[str]
) -> str:
    """``solve``'s card."""
    return solve(hands, seat, leader, trick, cards)[0]


def sure_win(thirds: list[int], accusi: list[int], seat: int, margin: int) -> bool:
    """Whether ``seat`` wins the deal (more points) with ``margin`` thirds more than the other
    over the rest of it, ``thirds`` each seat's taken so far and ``accusi`` its points."""
    left = DEAL_THIRDS - sum(thirds)
    mine = (left + margin) // 2
    ours = (thirds[seat] + mine) // 3 + accusi[seat]
    theirs = (thirds[1 - seat] + left - mine) // 3 + accusi[1 - seat]
    return ours > theirs
