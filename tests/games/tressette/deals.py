"""Helpers for the Tressette tests: deals from explicit decks, and positions at a deal's last
trick."""

from __future__ import annotations

from typing import Any

from bot.games.tressette.cards import PACK, THIRDS
from bot.games.tressette.engine import PACKET, Tressette, TressetteState

RULES = Tressette()


def deck_for(hands: list[list[str]], stock: list[str] | None = None) -> list[str]:
    """A full deck (top first) dealing ``hands`` (ten cards each) five at a time from
    ``hands[0]``, then ``stock`` from its top, then the rest of the pack in its order."""
    assert all(len(h) == 2 * PACKET for h in hands), "ten cards each"
    dealt = [c for packet in (0, PACKET) for h in hands for c in h[packet : packet + PACKET]]
    used = dealt + (stock or [])
    assert len(set(used)) == len(used), "a card is used twice"
    return used + [c for c in PACK if c not in used]


def start(
    hands: list[list[str]],
    stock: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> TressetteState:
    """Seat 0 leads: the dealer is the last seat, so hands[0] is dealt first."""
    seats = len(hands)
    deck = deck_for(hands, stock)
    return RULES.new_game(seats=seats, seed=1, options=options, dealer=seats - 1, deck=deck)


def act(state: TressetteState, seat: int, action: str) -> tuple[TressetteState, list[Any]]:
    return RULES.apply(state, seat, action)


LAST_TRICK = [["7c"], ["4c"], ["5c"], ["6c"]]
"""The last trick of ``last_trick``'s deal: no card points; seat 0's 7 di Coppe takes it."""


def last_trick(
    thirds: int,
    assi: int | None = None,
    totals: list[int] | None = None,
    declared: list[list[str]] | None = None,
    options: dict[str, Any] | None = None,
) -> TressetteState:
    """Four players at a deal's last trick, ``LAST_TRICK`` in their hands: side 0 has taken
    cards worth ``thirds`` less the last trick's 3 (as whole tricks, the Assi first), side 1
    the rest (``assi``: of which that many Assi); ``totals`` before the deal and
    ``declared``, the deal's accusi by seat."""
    last = {c for h in LAST_TRICK for c in h}
    rest = [c for c in PACK if c not in last]
    worth = sorted((c for c in rest if THIRDS[c]), key=lambda c: -THIRDS[c])
    if assi is not None:
        worth = worth[:assi] + worth[4:]
    fillers = [c for c in rest if not THIRDS[c]]
    ours: list[str] = []
    for card in worth:
        if sum(THIRDS[c] for c in ours) + THIRDS[card] <= thirds - 3:
            ours.append(card)
    assert sum(THIRDS[c] for c in ours) == thirds - 3
    while len(ours) % 4:
        ours.append(fillers.pop())
    theirs = [c for c in rest if c not in ours]
    data = RULES.dump(RULES.new_game(seats=4, seed=1, options=options, dealer=3))
    piles = [ours, theirs]
    tricks = [(s, p[i : i + 4]) for s, p in enumerate(piles) for i in range(0, len(p), 4)]
    data.update(
        hands=LAST_TRICK,
        piles=piles,
        tricks=[cards for _, cards in tricks],
        leaders=[s for s, _ in tricks],
        winners=[s for s, _ in tricks],
        signals=["" for _ in tricks],
        declared=declared or [[], [], [], []],
        totals=totals or [0, 0],
        leader=0,
        current=0,
    )
    return RULES.load(data)


def finish_trick(state: TressetteState) -> tuple[TressetteState, list[Any]]:
    """Play ``LAST_TRICK`` out, seat by seat."""
    events: list[Any] = []
    for seat, (card,) in enumerate(LAST_TRICK):
        state, made = act(state, seat, f"play:{card}")
        events += made
    return state, events


def fill(
    given: list[list[str]], void: dict[int, str] | None = None, keep: tuple[str, ...] = ()
) -> list[list[str]]:
    """Hands of ten: ``given``'s cards, and the rest from the pack in its order (but the cards
    to ``keep`` for the stock), a seat in ``void`` getting none of the suits named there
    (those seats are filled first)."""
    void = void or {}
    hands = [list(h) for h in given]
    free = [c for c in PACK if all(c not in h for h in given) and c not in keep]
    for seat in sorted(range(len(hands)), key=lambda s: s not in void):
        for card in [c for c in free if c[-1] not in void.get(seat, "")][: 10 - len(hands[seat])]:
            hands[seat].append(card)
            free.remove(card)
    return hands
