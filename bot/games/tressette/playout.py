"""A deal played out fast, in place, for the ``hard`` AI's search: every seat plays the quick
policy (``policy``), now and then a random card, so that the samples do not all play out alike;
the engine's own ``play_card`` carries the plays out (the tricks, the draws, the deal's end)."""

from __future__ import annotations

import random

from bot.games.tressette.engine import SEATING, TressetteState, play_card, playable
from bot.games.tressette.events import TressetteEvent
from bot.games.tressette.policy import choose_card

EXPLORE = 0.1
"""The share of random cards in a playout."""


def playout(st: TressetteState, seat: int, rng: random.Random) -> float:
    """Play the deal out; the thirds ``seat``'s side took in it less the other side's."""
    gone = {c for pile in st.piles for c in pile} | set(st.trick)
    events: list[TressetteEvent] = []
    deal = st.deal_no
    while st.deal_no == deal and st.current is not None:
        mover = st.current
        hand = st.hands[mover]
        cards = playable(hand, st.trick)
        if rng.random() < EXPLORE:
            card = rng.choice(cards)
        else:
            card = choose_card(hand, cards, st.trick, st.seats, gone)
        gone.add(card)
        play_card(st, mover, card, None, events)
    over = next(e for e in events if e["type"] == "deal_over")
    mine = seat % SEATING.side_count(st.seats)
    return float(over["thirds"][mine] - over["thirds"][1 - mine])
