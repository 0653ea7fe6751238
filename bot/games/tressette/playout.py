"""A deal played out fast, in place, for the ``hard`` AI's search: every seat plays the quick
policy (``policy``), now and then a random card, so that the samples do not all play out alike;
at four, with the partners' signals given and heeded (unless told not to); the engine's own
``play_card`` carries the plays out (the tricks, the draws, the deal's end)."""

from __future__ import annotations

import random

from bot.games.tressette.engine import SEATING, TressetteState, play_card, playable
from bot.games.tressette.events import TressetteEvent
from bot.games.tressette.policy import Trick, choose_card, heed, natural_signal

EXPLORE = 0.1
"""The share of random cards in a playout."""


def last_trick(st: TressetteState) -> Trick | None:
    """The deal's latest trick taken, as ``heed`` reads it."""
    if not st.tricks:
        return None
    return st.leaders[-1], st.tricks[-1][0], st.signals[-1] or None, st.winners[-1]


def playout(st: TressetteState, seat: int, rng: random.Random, signals: bool = True) -> float:
    """Play the deal out; the thirds ``seat``'s side took in it less the other side's."""
    gone = {c for pile in st.piles for c in pile} | set(st.trick)
    events: list[TressetteEvent] = []
    deal = st.deal_no
    talk = signals and st.signalling
    while st.deal_no == deal and st.current is not None:
        mover = st.current
        hand = st.hands[mover]
        cards = playable(hand, st.trick)
        card = None
        if rng.random() < EXPLORE:
            card = rng.choice(cards)
        elif talk:
            card = heed(hand, cards, st.trick, st.seats, gone, st.signal, last_trick(st))
        if card is None:
            card = choose_card(hand, cards, st.trick, st.seats, gone)
        said = natural_signal(hand, card, gone) if talk and not st.trick else None
        gone.add(card)
        play_card(st, mover, card, said, events)
    over = next(e for e in events if e["type"] == "deal_over")
    mine = seat % SEATING.side_count(st.seats)
    return float(over["thirds"][mine] - over["thirds"][1 - mine])
