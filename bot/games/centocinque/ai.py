"""Centocinque AI players.

``easy`` plays by rules of thumb and, like a person, sometimes forgets to say penúltima or
misses a call-out. ``hard`` always says penúltima, always calls out, and chooses its card by
determinized Monte Carlo: it deals the cards it cannot see (the other hands and the stock)
at random, plays each candidate out to the end of the hand, and keeps the best on average.
"""

from __future__ import annotations

import random

from bot.games.ai.base import on_turn
from bot.games.ai.search import best_for_view, deal_unseen
from bot.games.base import Json
from bot.games.centocinque import rollout
from bot.games.centocinque.engine import (
    PACK,
    PENALTY,
    Centocinque,
    CentocinqueState,
)
from bot.games.kit import restore

RULES = Centocinque()
HARD_PLAYOUTS = 160
PLAYOUT_STEPS = 400


class EasyPlayer:
    forget_penultima = 0.2
    miss_callout = 0.25

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        side = _side_moves(view, legal)
        if not on_turn(view):
            if side and rng.random() >= self.miss_callout:
                return side[0]
            return None
        for action in side:
            if action.startswith("callout") and rng.random() >= self.miss_callout:
                return action
        plays = [a for a in legal if a.startswith("play:")]
        if not plays:
            return "draw" if "draw" in legal else legal[0]
        if view["drawn"] is not None and "pass" in legal and len(view["hand"]) > 2:
            return "pass"  # keep a drawn Cavallo for a free play later
        hand: list[str] = view["hand"]
        # Cards in the order offered (not a set, whose order changes from run to run), so
        # ties go to the same card every time.
        cards = dict.fromkeys(a.split(":")[1] for a in plays)
        card = max(cards, key=lambda c: _easy_value(c, hand, view))
        options = [a for a in plays if a.split(":")[1] == card]
        say = rng.random() >= self.forget_penultima
        flagged = [a for a in options if a.endswith(":penultima") == say]
        if card[0] == "C" and len(options) > 2:
            # A Cavallo that names a suit: name the suit held most.
            suit = max("cdsb", key=lambda s: sum(c[-1] == s for c in hand if c != card))
            flagged = [a for a in flagged if a.split(":")[2] == suit] or flagged
        return (flagged or options)[0]


def _side_moves(view: Json, legal: list[str]) -> list[str]:
    """The moves worth making off the normal play: a late penúltima of one's own, and the
    call-out of a miss everyone saw (``missed`` is public). With ``false_callout_penalty``
    every one-card opponent may be called, but only that one is called rightly."""
    missed = view.get("missed")
    return [a for a in legal if a == "penultima" or a == f"callout:{missed}"]


def _easy_value(card: str, hand: list[str], view: Json) -> float:
    """How much ``easy`` likes playing ``card``: shed heavy cards, keep suits it can follow,
    attack a neighbour who is about to go out, play an Ace heads-up when it can follow it
    (the Ace gives it another turn), and save the Cavallo for when it is needed."""
    r = card[:-1]
    value = PENALTY[r] + 2.0 * sum(c[-1] == card[-1] for c in hand)
    sizes = view["hand_sizes"]
    nxt = (view["seat"] + view["direction"]) % view["seats"]
    if r in ("2", "A") and sizes[nxt] <= 2:
        value += 30
    heads_up = view["out"].count(False) == 2
    if r == "A" and heads_up and any(c[-1] == card[-1] and c[0] != "A" for c in hand):
        value += 25
    if r == "C":
        value -= 40
    return value


class HardPlayer:
    def __init__(self, budget: int = HARD_PLAYOUTS) -> None:
        self.budget = budget

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        side = _side_moves(view, legal)
        if side:
            return side[0]
        if not on_turn(view):
            return None
        said = [a for a in legal if a.endswith(":penultima")]
        # Saying penúltima never costs anything: drop the forgetful variants.
        # A call-out other than the side move above is a wrong one: never a candidate.
        candidates = [
            a for a in legal if a + ":penultima" not in said and not a.startswith("callout")
        ]
        return best_for_view(RULES, view, candidates, sample, _playout, rng, self.budget)


def sample(view: Json, rng: random.Random) -> CentocinqueState:
    """A full state that fits ``view``: the unseen cards dealt at random to the unseen places."""
    hand: list[str] = view["hand"]
    seen = set(hand) | set(view["discard"])
    unseen = [c for c in PACK if c not in seen]
    hands = deal_unseen(view, unseen, rng)
    st = RULES.imagined(view, rng.getrandbits(32))
    st.hands = hands
    st.stock = unseen
    st.pending = view["pending_draw"]
    st.free = view["free_play"]
    st.lock = view["ace_lock"]
    st.drawn = view["drawn"]
    return restore(st, view)


def _playout(st: CentocinqueState, seat: int, rng: random.Random) -> float:
    """Play to the end of the hand with a quick greedy policy and score it for ``seat``:
    1 for going out first, otherwise minus the penalty points the hand cost.

    The moves are made on ``st`` itself through the in-place fast path (the same moves
    the engine would make; ``best_action`` hands each playout a state of its own)."""
    hand_no, won, tally = st.hand_no, st.hands_won[seat], st.tallies[seat]
    for _ in range(PLAYOUT_STEPS):
        if st.current is None or st.hand_no != hand_no:
            break
        rollout.play(st, _quick(rollout.legal(st), st.missed, rng))
    if st.hands_won[seat] > won:
        return 1.0
    if st.current is None or st.hand_no != hand_no:
        return -0.02 * (st.tallies[seat] - tally)
    return -0.02 * sum(PENALTY[c[:-1]] for c in st.hands[seat])


def _quick(acts: list[str], missed: int | None, rng: random.Random) -> str:
    plays = [a for a in acts if a.startswith("play:") and not a.startswith("play:C")]
    said = [a for a in plays if a.endswith(":penultima")]
    if f"callout:{missed}" in acts:
        return f"callout:{missed}"  # everyone in a playout notices a missed penúltima at once
    if said:
        return rng.choice(said)
    if plays:
        twos = [a for a in plays if a[5] == "2"]
        return rng.choice(twos or plays)
    other = [a for a in acts if not a.startswith("callout") and a != "penultima"]
    return rng.choice(other)
