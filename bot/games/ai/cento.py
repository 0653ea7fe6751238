"""One Hundred AI players.

``easy`` plays the beginner's rule: push the total as high as it safely can, so the next
player is squeezed; and like a beginner, about one move in three it plays any safe card
without weighing it. ``hard`` searches: it deals the cards it cannot see at random, plays
each candidate out until its own next two turns (the others as easy players, careless
included, itself keeping its escapes: the cards safe at any total), and keeps the candidate
that costs it the fewest chips. It only weighs moves its careful rule would consider: no
escape while a plain card is safe, and no search over which card to throw when none is.
"""

from __future__ import annotations

import random

from bot.games.ai.base import on_turn
from bot.games.ai.search import best_action, deal_unseen
from bot.games.base import Json, parse_options
from bot.games.cards import french_pack
from bot.games.cento import (
    CHOOSERS,
    LIMIT,
    Cento,
    CentoOptions,
    CentoState,
    new_total,
    packs_for,
)

RULES = Cento()
HARD_PLAYOUTS = 300
PLAYOUT_TURNS = 24
# Values the hard AI considers for a chosen Ace: squeeze the next player, or reset low.
CHOSEN_VALUES = (100, 99, 98, 95, 90, 0)


def _escape_rank(card: str) -> int:
    """How precious a card is as an escape (safe at any total): higher is kept longer."""
    if card in CHOOSERS:
        return 6
    r, s = card[:-1], card[-1]
    if card == "QH":
        return 5
    if r == "T":
        return 4
    if r == "J":
        return 3
    if r == "5" and s in "HD":
        return 2
    if r in ("K", "4"):
        return 1
    return 0


def easy_action(hand: list[str], total: int, allow_negative: bool) -> str:
    """The easy rule of thumb: the safe card that leaves the highest total, to squeeze the
    next player (a chosen Ace sets 100); with no safe card, the card that adds the most goes."""

    def key(card: str) -> tuple[bool, int]:
        after = new_total(card, total, LIMIT, allow_negative)
        return (after <= LIMIT, after)

    return _token(max(hand, key=key))


def careful_action(hand: list[str], total: int, allow_negative: bool) -> str:
    """What the hard AI plays for itself in its playouts: like ``easy``, but it keeps its
    escapes (cards safe at any total) while another safe card will do."""

    def key(card: str) -> tuple[bool, int]:
        after = new_total(card, total, LIMIT, allow_negative)
        return (after <= LIMIT, -_escape_rank(card) * 1000 + after)

    return _token(max(hand, key=key))


def safe_cards(hand: list[str], total: int, allow_negative: bool) -> list[str]:
    """The distinct cards of ``hand`` that may be played (the safe ones, or any if none is),
    in hand order: the cards behind the legal actions."""
    cards = list(dict.fromkeys(hand))
    safe = [c for c in cards if new_total(c, total, LIMIT, allow_negative) <= LIMIT]
    return safe or cards


def _token(card: str) -> str:
    return f"play:{card}:{LIMIT}" if card in CHOOSERS else f"play:{card}"


class EasyPlayer:
    careless = 0.3

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        if not on_turn(view):
            return None
        if rng.random() < self.careless:
            # Any legal card; a chosen Ace still sets 100 (one choice per card, not 101).
            return rng.choice([a for a in legal if a.count(":") == 1 or a.endswith(f":{LIMIT}")])
        return easy_action(view["hand"], view["total"], view["options"]["allow_negative"])


class HardPlayer:
    def __init__(self, budget: int = HARD_PLAYOUTS) -> None:
        self.budget = budget

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        if not on_turn(view):
            return None
        candidates = _candidates(view, legal)
        seat = int(view["seat"])
        return best_action(
            RULES,
            seat,
            candidates,
            lambda r: sample(view, r),
            lambda st, r: _playout(st, seat, r),
            rng,
            self.budget,
        )


def _candidates(view: Json, legal: list[str]) -> list[str]:
    """The moves worth searching, the careful one first (ties go to it): while a plain card
    is safe, only plain cards (an escape spent early is missed later, past what a short
    playout sees); else the escapes, a chosen Ace at each of ``CHOSEN_VALUES``; with no
    safe card, the careful throw alone."""
    hand, total, negative = view["hand"], view["total"], view["options"]["allow_negative"]
    careful = careful_action(hand, total, negative)
    cards = {c for c in hand if new_total(c, total, LIMIT, negative) <= LIMIT}
    if not cards:
        return [careful]
    plain = {c for c in cards if not _escape_rank(c)}
    wanted = plain or cards
    others = [
        a
        for a in legal
        if a.split(":")[1] in wanted
        and (a.count(":") == 1 or int(a.split(":")[2]) in CHOSEN_VALUES)
    ]
    return [careful, *(a for a in others if a != careful)]


def sample(view: Json, rng: random.Random) -> CentoState:
    """A full state that fits ``view``: the unseen cards dealt at random to the unseen places."""
    unseen = french_pack(packs_for(view["seats"]))
    for card in [*view["hand"], *view["pile"]]:
        unseen.remove(card)
    hands = deal_unseen(view, unseen, rng)
    return CentoState(
        seats=view["seats"],
        seed=rng.getrandbits(32),
        options=parse_options(CentoOptions, view["options"]),
        dealer=view["dealer"],
        chips=list(view["chips"]),
        hands=hands,
        stock=unseen,
        pile=list(view["pile"]),
        total=view["total"],
        direction=view["direction"],
        current=view["current"],
        busts=list(view["busts"]),
        round_no=view["round"],
    )


def _playout(st: CentoState, seat: int, rng: random.Random) -> float:
    """Play until ``seat`` has had two more turns (``seat`` careful, the others easy, careless
    now and then as they are): minus the chips it lost, plus a little for each chip the others
    lost (every chip they lose brings the survivor nearer)."""
    before = list(st.chips)
    negative = st.options.allow_negative
    turns = 0
    for _ in range(PLAYOUT_TURNS):
        actor = st.current
        if actor is None or turns == 2:
            break
        turns += actor == seat
        hand = st.hands[actor]
        if actor == seat:
            action = careful_action(hand, st.total, negative)
        elif rng.random() < EasyPlayer.careless:
            action = _token(rng.choice(safe_cards(hand, st.total, negative)))
        else:
            action = easy_action(hand, st.total, negative)
        st, _ = RULES.apply(st, actor, action)
    lost = [b - a for b, a in zip(before, st.chips, strict=True)]
    return -lost[seat] + 0.35 * (sum(lost) - lost[seat])


PLAYERS = {"easy": EasyPlayer, "hard": HardPlayer}
