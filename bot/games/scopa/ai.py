"""Scopa AI players: ``easy`` (rules of thumb) and ``hard`` (determinized Monte Carlo).

Both read only the seat's view: its hand, the table, and this round's takes, which are made
face up before everyone; so the cards the seat has not seen (the other hands and the stock)
are known exactly as a set. ``easy`` weighs each move by the rules of thumb of ``policy`` and
now and then, like a person, misses the best one. ``hard`` deals the unseen cards at random
into the other hands and the stock, plays every candidate out to the end of the round with the
quick policy for all seats, and keeps the move with the best average difference of round
points for its side (partners count together at four seats).
"""

from __future__ import annotations

import random

from bot.games.ai.search import best_for_view, deal_unseen
from bot.games.base import Json
from bot.games.kit import restore
from bot.games.scopa.cards import PACK, VALUE
from bot.games.scopa.engine import Scopa, ScopaState, play, sides_of
from bot.games.scopa.events import ScopaEvent
from bot.games.scopa.policy import move_value
from bot.games.scopa.takes import takes

RULES = Scopa()
HARD_PLAYOUTS = 150
EXPLORE = 0.1  # share of random moves in playouts, so samples do not all play out alike


def parse(action: str) -> tuple[str, tuple[str, ...]]:
    """A play token's card and the cards it takes."""
    parts = action.split(":")
    return parts[1], tuple(parts[2].split("+")) if len(parts) > 2 else ()


def unseen(view: Json) -> list[str]:
    """The cards this seat has not seen this round, in the order of the pack."""
    seen = set(view["hand"]) | set(view["table"])
    for take in view["takes"]:
        seen.add(take["card"])
        seen.update(take["took"])
    return [c for c in PACK if c not in seen]


def _is_last(view: Json) -> bool:
    """Whether the seat's next card is the round's very last."""
    return view["stock"] == 0 and sum(view["hand_sizes"]) == 1


class EasyPlayer:
    mistake = 0.08  # how often it plays a random move instead of its best

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.mistake:
            return rng.choice(legal)
        sweepers = {VALUE[c] for c in unseen(view)}
        last = _is_last(view)
        total = sum(VALUE[c] for c in view["table"])
        # Ties go to the earlier move: the legal order, so a seeded player repeats itself.
        return max(legal, key=lambda a: move_value(total, *parse(a), last, sweepers))


class HardPlayer:
    def __init__(self, budget: int = HARD_PLAYOUTS) -> None:
        self.budget = budget

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        # The round's last card: whichever take it makes, the last take sweeps the rest of the
        # table to its side, and no take can clear the table while another leaves cards, so all
        # end the round alike (and a playout would begin in the next round, or after the game).
        if len(legal) == 1 or _is_last(view):
            return legal[0]
        return best_for_view(RULES, view, legal, sample, playout, rng, self.budget)


def sample(view: Json, rng: random.Random) -> ScopaState:
    """A full state that fits ``view``: the unseen cards dealt at random to the other hands
    and the stock, the sides' piles rebuilt from the round's takes."""
    rest = unseen(view)
    hands = deal_unseen(view, rest, rng)
    sides = sides_of(view["seats"])
    piles: list[list[str]] = [[] for _ in range(sides)]
    for take in view["takes"]:
        piles[take["seat"] % sides] += [take["card"], *take["took"]]
    st = RULES.imagined(view, rng.getrandbits(32))
    st.hands = hands
    st.stock = rest
    st.piles = piles
    st.round_no = view["round"]
    st.takes = [dict(t) for t in view["takes"]]
    st.last_round = view["last_round"]
    return restore(st, view)


def playout(st: ScopaState, seat: int, rng: random.Random) -> float:
    """Play the round out in place with the quick policy; the round points of ``seat``'s side
    less the best of the other sides'."""
    events: list[ScopaEvent] = []
    while True:
        mover = st.current
        assert mover is not None
        card, took = _quick(st, mover, rng)
        play(st, mover, card, took, events)
        over = next((e for e in events if e["type"] == "round_over"), None)
        if over is not None:
            break
        events.clear()
    sides = over["sides"]
    mine = seat % len(sides)
    return float(sides[mine]["total"] - max(s["total"] for i, s in enumerate(sides) if i != mine))


def _quick(st: ScopaState, seat: int, rng: random.Random) -> tuple[str, list[str]]:
    """The quick policy: the best move by the rules of thumb, now and then a random one."""
    table = st.table
    moves = [(card, list(took)) for card in st.hands[seat] for took in takes(table, card) or [()]]
    if len(moves) == 1 or rng.random() < EXPLORE:
        return rng.choice(moves)
    last = not st.stock and sum(len(h) for h in st.hands) == 1
    sweepers = {VALUE[c] for s, h in enumerate(st.hands) if s != seat for c in h}
    total = sum(VALUE[c] for c in table)
    return max(moves, key=lambda m: move_value(total, m[0], m[1], last, sweepers))
