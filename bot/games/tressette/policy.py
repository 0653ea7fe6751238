"""Rules of thumb for playing a card: the ``easy`` AI, and the quick policy of the ``hard`` AI's
playouts.

They read plain data (a hand, the cards it may play, the trick, the cards gone), never a state,
so a seat's view and a sampled deal feed them alike. The thumb: lead a card no one can beat (a
3, or the best left of its suit), else a low card of the longest suit; follow low; take with a
card no one can beat (the 3 and the 2, mostly) when it pays (``pays``: the trick holds thirds,
or the partner plays after and loads it), and with the card worth most when one plays last;
load the trick with the Asso when the partner holds it for sure.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.games.tressette.cards import PACK, STRENGTH, THIRDS, winning_index

HIGHER = {c: [d for d in PACK if d[-1] == c[-1] and STRENGTH[d] > STRENGTH[c]] for c in PACK}
"""The cards of its suit that beat each card."""


def master(card: str, gone: Collection[str], hand: Collection[str]) -> bool:
    """Whether no card still out (not gone, not in ``hand``) beats ``card``."""
    return all(c in gone or c in hand for c in HIGHER[card])


def cheapest(cards: list[str]) -> str:
    """The card least worth keeping: fewest thirds, then the weakest."""
    return min(cards, key=lambda c: (THIRDS[c], STRENGTH[c]))


def richest(cards: list[str]) -> str:
    """The card worth most to give a trick one's side holds: the Asso, else a figure."""
    return max(cards, key=lambda c: (THIRDS[c], -STRENGTH[c]))


def suit_lengths(hand: Collection[str]) -> dict[str, int]:
    """How many cards of each suit ``hand`` holds (the suits it holds)."""
    lengths: dict[str, int] = {}
    for c in hand:
        lengths[c[-1]] = lengths.get(c[-1], 0) + 1
    return lengths


def choose_card(
    hand: list[str], playable: list[str], trick: list[str], seats: int, gone: Collection[str]
) -> str:
    """A sensible card among ``playable`` (of ``hand``) for the seat to play next to ``trick``
    (its cards from the leader), at a table of ``seats``: partners are two seats apart at four.
    ``gone`` holds the cards played this deal."""
    if len(playable) == 1:
        return playable[0]
    if not trick:
        return lead(hand, playable, gone)
    at = winning_index(trick)
    best = trick[at]
    last = len(trick) == seats - 1
    if seats == 4 and (len(trick) - at) % 2 == 0:  # the partner holds the trick
        held = last or master(best, gone, hand)
        return richest(playable) if held else cheapest(playable)
    winners = [c for c in playable if c[-1] == best[-1] and STRENGTH[c] > STRENGTH[best]]
    if winners and last:
        return richest(winners)
    sure = [c for c in winners if master(c, gone, hand)]
    if sure and pays(trick, seats):
        return min(sure, key=STRENGTH.__getitem__)
    return cheapest(playable)


def pays(trick: list[str], seats: int) -> bool:
    """Whether taking ``trick`` now with a card no one can beat pays (such a card takes the
    trick of its suit it is played to, later as well as now, so it is kept for one worth it):
    the trick holds thirds already, or at four the seat plays second and its partner, last,
    will load it."""
    return any(THIRDS[c] for c in trick) or (seats == 4 and len(trick) == 1)


def lead(hand: list[str], playable: list[str], gone: Collection[str]) -> str:
    """A card no one can beat, of the longest suit holding one; else a low card of the
    longest suit (not its Asso, when it holds another)."""
    lengths = suit_lengths(hand)
    masters = [c for c in playable if master(c, gone, hand)]
    if masters:
        return max(masters, key=lambda c: (lengths[c[-1]], STRENGTH[c]))
    longest = max(lengths[c[-1]] for c in playable)
    suit = [c for c in playable if lengths[c[-1]] == longest]
    return cheapest(suit)


def distinct(cards: list[str], out: Collection[str]) -> list[str]:
    """``cards`` less those alike to a weaker one kept: of its suit, worth as many thirds, with
    no card of ``out`` (the cards still in other hands or on the table) between them. Alike
    cards take and lose the same tricks, so a search needs only one of them."""
    kept: list[str] = []
    for card in sorted(cards, key=lambda c: (c[-1], STRENGTH[c])):
        if kept and (prev := kept[-1])[-1] == card[-1] and THIRDS[prev] == THIRDS[card]:
            low, high = STRENGTH[prev], STRENGTH[card]
            if not any(o[-1] == card[-1] and low < STRENGTH[o] < high for o in out):
                continue
        kept.append(card)
    return [c for c in cards if c in kept]


def natural_signal(hand: list[str], card: str, gone: Collection[str]) -> str | None:
    """The word a leader of ``card`` would say: volo on its last card of the suit; busso when it
    holds the Asso but not the best of the suit (the partner should take and lead it back);
    striscio when it leads a long suit (two more or above)."""
    left = [c for c in hand if c[-1] == card[-1] and c != card]
    if not left:
        return "volo"
    holds_asso = any(c[0] == "A" for c in (card, *left))
    if holds_asso and not any(master(c, gone, hand) for c in (card, *left)):
        return "busso"
    return "striscio" if len(left) >= 2 else None


Trick = tuple[int, str, str | None, int]
"""A trick taken, as the signals' reading needs it: its leader, its first card, the leader's
signal, its winner."""


def heed(
    hand: list[str],
    playable: list[str],
    trick: list[str],
    seats: int,
    gone: Collection[str],
    signal: str | None,
    last: Trick | None,
) -> str | None:
    """The card a partner's *busso* asks of this seat, at four: the leader's partner (third to
    play) takes with its best card of the suit, when that card takes the trick; and having
    taken it (``last``, the trick before), leads the suit back. None when nothing is asked (or
    the seat cannot do it)."""
    if seats != 4:
        return None
    if trick:
        if signal != "busso" or len(trick) != 2:
            return None
        suit = [c for c in playable if c[-1] == trick[0][-1]]
        best = max(suit, key=STRENGTH.__getitem__, default=None)
        return best if best is not None and winning_index([*trick, best]) == 2 else None
    if last is None:
        return None
    leader, first, said, winner = last
    back = [c for c in playable if c[-1] == first[-1]]
    if said != "busso" or leader != (winner + 2) % 4 or not back:
        return None
    return lead(hand, back, gone)
