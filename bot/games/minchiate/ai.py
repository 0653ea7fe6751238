"""Minchiate AI players: ``easy`` (rules of thumb) and ``hard`` (determinized Monte Carlo).

Both always declare (RULES.md §3.3) and discard by the same rule of thumb. ``hard`` chooses its
cards in the trick play by search: it deals the unseen cards at random in ways that fit what its
seat has seen (``sampling``), plays every candidate out to the end of the deal with the quick
policy for all four seats, and keeps the candidate that does best for its partnership.
"""

from __future__ import annotations

import random

from bot.games.ai.search import best_action
from bot.games.base import Json
from bot.games.minchiate.cards import COMBO_POINTS, MATTO, PACK, RANK, SUIT, side
from bot.games.minchiate.engine import Minchiate, MinchiateState, play_card
from bot.games.minchiate.events import MinchiateEvent
from bot.games.minchiate.policy import choose_card, choose_discard
from bot.games.minchiate.sampling import Sampler
from bot.games.minchiate.tricks import legal_cards

RULES = Minchiate()
BY_SUIT = {s: [c for c in PACK if SUIT[c] == s] for s in set(SUIT.values())}
HARD_PLAYOUTS = 200
EXPLORE = 0.1  # share of random cards in playouts, so samples do not all play out alike


def out_of_play(view: Json) -> set[str]:
    """Cards no hand holds any more, as far as the seat knows."""
    out = set(view["trick"]).union(*(t["cards"] for t in view["tricks"]))
    if view["fola"] is not None and view["phase"] in ("play", "over"):
        out.update(view["fola"], *view["discards"])
    return out


class EasyPlayer:
    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        if "declare" in legal:
            return "declare"
        kind = legal[0].split(":")[0]
        cards = [a.split(":")[1] for a in legal]
        hand: list[str] = view["hand"]
        if kind == "discard":
            return "discard:" + choose_discard(hand, cards)
        seat = view["seat"]
        return "play:" + choose_card(
            hand, cards, view["trick"], view["leader"], seat, out_of_play(view)
        )


class HardPlayer:
    def __init__(self, budget: int = HARD_PLAYOUTS) -> None:
        self.budget = budget
        self.easy = EasyPlayer()

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        if len(legal) <= 1 or view["phase"] != "play":
            return self.easy.choose(view, legal, rng)
        seat: int = view["seat"]
        first = self.easy.choose(view, legal, rng)
        assert first is not None
        cards = distinct(
            [a.split(":")[1] for a in [first, *legal]], view["hand"], out_of_play(view)
        )
        candidates = ["play:" + c for c in cards]
        sampler = Sampler(view)
        return best_action(
            RULES,
            seat,
            candidates,
            sampler.draw,
            lambda st, r: playout(st, seat, r),
            rng,
            self.budget,
        )


def distinct(cards: list[str], hand: list[str], out: set[str]) -> list[str]:
    """``cards`` without duplicates and without cards that would play the same as an earlier one:
    two cards of a suit worth nothing, even in a combination, with no card between them still
    in another hand."""
    kept: list[str] = []
    for card in cards:
        if card in kept or any(_same(card, other, hand, out) for other in kept):
            continue
        kept.append(card)
    return kept


def _same(one: str, two: str, hand: list[str], out: set[str]) -> bool:
    if SUIT[one] != SUIT[two] or COMBO_POINTS[one] or COMBO_POINTS[two] or one == MATTO:
        return False
    low, high = sorted((RANK[one], RANK[two]))
    between = (c for c in BY_SUIT[SUIT[one]] if low < RANK[c] < high)
    return all(c in hand or c in out for c in between)


def playout(st: MinchiateState, seat: int, rng: random.Random) -> float:
    """Play the deal out in place with the quick policy; score it for ``seat``'s partnership:
    mostly who wins on resti, then by how much."""
    out = set(st.fola).union(*st.discards, *st.tricks, st.trick)
    sink: list[MinchiateEvent] = []
    while st.current is not None:
        s = st.current
        hand = st.hands[s]
        legal = legal_cards(hand, st.trick, st.led)
        if len(legal) == 1:
            card = legal[0]
        elif rng.random() < EXPLORE:
            card = rng.choice(legal)
        else:
            card = choose_card(hand, legal, st.trick, st.leader, s, out)
        out.add(card)
        play_card(st, s, card, sink)
        sink.clear()
    assert st.result is not None
    mine = side(seat)
    net: int = st.result["sides"][mine]["net_resti"]
    margin = st.points[mine] - st.points[1 - mine]
    won = (net > 0) - (net < 0)
    return won + 0.25 * net + margin / 240
