"""Rules of thumb for discarding and for playing a card: the ``easy`` AI, and the quick policy
that the ``hard`` AI's playouts use.

They work on plain data (a hand, the trick, the cards out of play), never on a state, so both a
seat's view and a sampled deal can feed them.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.games.minchiate.cards import (
    MATTO,
    POINTS,
    RANK,
    SUIT,
    SUITS,
    TRUMP,
    TRUMP_29,
    TRUMPS,
)
from bot.games.minchiate.tricks import POWER, trick_suit, winning_index

# Giving trump 29 away can complete the other side's run in 28-40: weigh it almost as a counter.
_WEIGHT = {**POINTS, TRUMP_29: 4}
MIN_TRUMPS_TO_DRAW = 3  # lead the top trump only holding at least this many trumps


def _suit_counts(hand: list[str]) -> dict[str, int]:
    count = dict.fromkeys("tmcdsb", 0)
    for card in hand:
        count[SUIT[card]] += 1
    return count


def choose_discard(hand: list[str], choices: list[str]) -> str:
    """Discard from the shortest plain suit without a Re (to make a void for trumping), low
    cards first; trumps only when nothing else may go."""
    count = _suit_counts(hand)
    guarded = {SUIT[c] for c in hand if c[0] == "R" and SUIT[c] in SUITS}

    def key(card: str) -> tuple[int, int, int, int, int]:
        s = SUIT[card]
        return (s == TRUMP, POINTS[card], s in guarded, count[s], RANK[card])

    return min(choices, key=key)


def _highest_free(excluded: Collection[str], also: Collection[str] = ()) -> int:
    """The rank of the highest trump in neither collection (0 if none)."""
    for n in range(40, 0, -1):
        if TRUMPS[n] not in excluded and TRUMPS[n] not in also:
            return n
    return 0


def _cheapest(cards: list[str]) -> str:
    """The card that costs least to give away: fewest points, a plain card before a trump."""
    return min(cards, key=lambda c: (_WEIGHT[c], SUIT[c] == TRUMP, RANK[c]))


def choose_card(
    hand: list[str],
    legal: list[str],
    trick: list[str],
    leader: int,
    seat: int,
    out: Collection[str],
) -> str:
    """A sensible card: help a partner who holds the trick, take the opponents' points when it
    can be done safely, give away nothing otherwise, and keep the Matto as an escape.

    ``out`` holds the cards out of play (played, or in the fola)."""
    if len(legal) == 1:
        return legal[0]
    suit = trick_suit(trick)
    if suit is None:
        return _lead(hand, legal, out)
    # A trump above every trump still in another hand cannot be beaten.
    guard = _highest_free(out, hand)

    def unbeatable(card: str) -> bool:
        return SUIT[card] == TRUMP and RANK[card] > guard

    plain = [c for c in legal if c != MATTO]
    at = winning_index(trick)
    power = POWER[suit]
    best = power[trick[at]]
    last = len(trick) == 3
    stake = sum(POINTS[c] for c in trick)
    if (leader + at) % 2 == seat % 2:
        # The partner holds the trick: add points if it is safe, never overtake without need.
        under = [c for c in plain if power[c] <= best]
        if last or unbeatable(trick[at]):
            return max(under or plain, key=lambda c: (POINTS[c], -RANK[c]))
        guards = [c for c in plain if unbeatable(c)]
        if stake >= 5 and guards:
            return min(guards, key=RANK.__getitem__)
        return _cheapest(under or plain)
    winning = [c for c in plain if power[c] > best]
    if winning and last:
        # Bank the points of a card that could be captured later; keep the unbeatable ones.
        return min(winning, key=lambda c: (unbeatable(c), -POINTS[c], RANK[c]))
    sure = [c for c in winning if unbeatable(c)]
    if sure:
        return min(sure, key=RANK.__getitem__)
    if winning and stake >= 5:
        return max(winning, key=RANK.__getitem__)
    # Losing the trick: the cheapest card, or the Matto rather than give points away.
    card = _cheapest(plain)
    return MATTO if MATTO in legal and _WEIGHT[card] > 0 else card


def _lead(hand: list[str], legal: list[str], out: Collection[str]) -> str:
    top = TRUMPS[_highest_free(out)]
    if top in legal and sum(SUIT[c] == TRUMP for c in hand) >= MIN_TRUMPS_TO_DRAW:
        return top  # it cannot be beaten, and it draws the others' trumps
    plain = [c for c in legal if c != MATTO] or legal
    suited = [c for c in plain if SUIT[c] in SUITS and POINTS[c] == 0]
    if suited:
        count = _suit_counts(hand)
        return min(suited, key=lambda c: (-count[SUIT[c]], RANK[c]))
    return _cheapest(plain)
