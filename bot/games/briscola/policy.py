"""Rules of thumb for playing a card: the ``easy`` AI, and the quick policy of the ``hard`` AI's
playouts.

They read plain data (a hand, the trick, who led it, the trumps), never a state, so a seat's
view and a sampled deal feed them alike. The thumb: lead a liscio; take the points on the
table cheaply (a higher card of the suit led, a low trump on a carico); keep the trumps and the
carichi (Aces and Threes) for when they count; throw a liscio when the trick is lost; load the
trick with points when the partner holds it for sure.
"""

from __future__ import annotations

from bot.games.briscola.cards import CARICHI, POINTS, STRENGTH, beats, winning_index

STAKE_FOR_A_TRUMP = 10  # points on the table worth a trump: a carico
STAKE_FOR_A_LOW_TRUMP = 3  # a trump worth no points may go on a figure
LOW_TRUMP_STRENGTH = STRENGTH["7c"]  # trumps from the 7 down are worth no points


def cost(card: str, trumps: str) -> tuple[int, int, int]:
    """What giving ``card`` away costs: its points, then being a trump, then its strength."""
    return (POINTS[card], card[-1] == trumps, STRENGTH[card])


def cheapest(cards: list[str], trumps: str) -> str:
    return min(cards, key=lambda c: cost(c, trumps))


def choose_card(hand: list[str], trick: list[str], seats: int, trumps: str) -> str:
    """A sensible card from ``hand`` for the seat to play next to ``trick`` (its cards from
    the leader), at a table of ``seats``: partners are two seats apart at four."""
    if len(hand) == 1:
        return hand[0]
    if not trick:
        return _lead(hand, trumps)
    at = winning_index(trick, trumps)
    best = trick[at]
    last = len(trick) == seats - 1
    stake = sum(POINTS[c] for c in trick)
    partner_holds = seats == 4 and (len(trick) - at) % 2 == 0
    if partner_holds:
        if last or (best[-1] == trumps and best[0] == "A"):
            # The trick is ours: load it with the most points that are not a trump.
            plain = [c for c in hand if c[-1] != trumps] or hand
            return max(plain, key=lambda c: (POINTS[c], -STRENGTH[c]))
        return cheapest(hand, trumps)
    winners = [c for c in hand if beats(c, best, trumps)]
    # A higher card of the suit led takes it without spending a trump: the Asso on the 3.
    same = [c for c in winners if c[-1] != trumps]
    if same and (last or POINTS[min(same, key=STRENGTH.__getitem__)] == 0 or stake >= 10):
        if last:
            return max(same, key=lambda c: (POINTS[c], STRENGTH[c]))
        return min(same, key=STRENGTH.__getitem__)
    trumps_in = [c for c in winners if c[-1] == trumps]
    if trumps_in:
        low = min(trumps_in, key=STRENGTH.__getitem__)
        if stake >= STAKE_FOR_A_TRUMP:
            return low
        if stake >= STAKE_FOR_A_LOW_TRUMP and STRENGTH[low] <= LOW_TRUMP_STRENGTH:
            return low
    # The trick is lost, or not worth taking: throw the cheapest card, a liscio if any.
    return cheapest(hand, trumps)


def _lead(hand: list[str], trumps: str) -> str:
    """Lead a liscio of a plain suit, else the cheapest card that is not a carico."""
    lisci = [c for c in hand if POINTS[c] == 0 and c[-1] != trumps]
    if lisci:
        return min(lisci, key=STRENGTH.__getitem__)
    safe = [c for c in hand if c not in CARICHI and c[-1] != trumps]
    return cheapest(safe or hand, trumps)


def wants_swap(face_up: str) -> bool:
    """Swapping the 7 of trumps pays when the face-up briscola is a figure or a carico."""
    return POINTS[face_up] > 0
