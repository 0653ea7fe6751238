"""One Hundred AI players.

``easy`` plays the beginner's rule: push the total as high as it safely can, so the next
player is squeezed; and like a beginner, about one move in three it plays any safe card
without weighing it. ``hard`` searches: it deals the cards it cannot see at random, reading
each opponent's hand from its last play (public in the view: a buster held no safe card, and
an easy player mostly plays the card that leaves the highest total), plays each candidate
out through its own next three turns (the others as easy players, careless included, itself
keeping its escapes: the cards safe at any total), and keeps the candidate with the best
mean score. A playout scores its chance to win the match from the chips left
(``win_chance``), plus a little for each escape or low card still in hand: the turns past
the horizon need them. It only weighs moves its careful rule would consider: no escape
while a plain card is safe, and no search over which card to throw when none is.
"""

from __future__ import annotations

import random
from functools import cache

from bot.games.ai.base import on_turn
from bot.games.ai.search import best_for_view, deal_unseen
from bot.games.base import Json
from bot.games.cards import french_pack
from bot.games.cento.engine import (
    CHOOSERS,
    HAND_SIZE,
    LIMIT,
    Cento,
    CentoState,
    new_total,
    packs_for,
)
from bot.games.kit import restore

RULES = Cento()
HARD_PLAYOUTS = 300
READ_TRIES = 12  # deals tried per opponent when reading its hand from its last play
PLAYOUT_TURNS = 3  # the searcher's own turns each playout runs through
# What a card still in hand at the end of a playout is worth, in chance to win: an escape
# (safe at any total), and a card safe up to 97 (it adds at most 3). Measured in BENCHMARKS.md.
ESCAPE_WORTH = 0.08
LOW_CARD_WORTH = 0.032
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


def _easy_key(card: str, total: int, allow_negative: bool) -> tuple[bool, int]:
    after = new_total(card, total, LIMIT, allow_negative)
    return (after <= LIMIT, after)


def easy_action(hand: list[str], total: int, allow_negative: bool) -> str:
    """The easy rule of thumb: the safe card that leaves the highest total, to squeeze the
    next player (a chosen Ace sets 100); with no safe card, the card that adds the most goes."""
    return _token(max(hand, key=lambda c: _easy_key(c, total, allow_negative)))


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
        return best_for_view(RULES, view, candidates, sample, _playout, rng, self.budget)


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


def easy_chance(card: str, hand: list[str], total: int, allow_negative: bool) -> float:
    """How likely an ``easy`` player holding ``hand`` plays ``card`` on ``total``: its rule
    (ties, whose order the hand's order decides, count as the rule's pick) or a careless pick."""
    options = safe_cards(hand, total, allow_negative)
    if card not in options:
        return 0.0
    careless = EasyPlayer.careless / len(options)
    best = max(_easy_key(c, total, allow_negative) for c in hand)
    ruled = _easy_key(card, total, allow_negative) == best
    return careless + (1 - EasyPlayer.careless) * ruled


def fit_chance(hand: list[str], play: Json, allow_negative: bool) -> float:
    """How well a dealt ``hand`` fits a seat's last ``play``: all but one of its cards (the one
    drawn since) were held beside the played card, so an easy player would have played it."""
    kept = [hand]
    if len(hand) == HAND_SIZE:
        kept = [hand[:i] + hand[i + 1 :] for i in range(len(hand))]
    card, before = play["card"], play["before"]
    return sum(easy_chance(card, [card, *k], before, allow_negative) for k in kept) / len(kept)


def _read_hands(view: Json, hands: list[list[str]], stock: list[str], rng: random.Random) -> None:
    """Redeal each opponent's hand from its cards and the stock so that it fits the
    opponent's last play (a buster, for one, held no safe card). Works in place."""
    negative = view["options"]["allow_negative"]
    for seat, play in enumerate(view["last_plays"]):
        if seat == view["seat"] or play is None or not hands[seat]:
            continue
        pool = hands[seat] + stock
        hands[seat] = _read_hand(hands[seat], pool, play, negative, rng)
        for card in hands[seat]:
            pool.remove(card)
        stock[:] = pool
    rng.shuffle(stock)


def _read_hand(
    hand: list[str], pool: list[str], play: Json, negative: bool, rng: random.Random
) -> list[str]:
    """Rejection sampling: each deal from ``pool`` is kept with the chance that an easy
    player holding it made ``play``; after ``READ_TRIES`` deals, the best fit seen."""
    best, best_fit = hand, -1.0
    for _ in range(READ_TRIES):
        fit = fit_chance(hand, play, negative)
        if rng.random() < fit:
            return hand
        if fit > best_fit:
            best, best_fit = hand, fit
        hand = rng.sample(pool, len(hand))
    return best


def sample(view: Json, rng: random.Random) -> CentoState:
    """A full state that fits ``view``: the unseen cards dealt at random to the unseen places,
    each opponent's hand then read from its last play."""
    unseen = french_pack(packs_for(view["seats"]))
    for card in [*view["hand"], *view["pile"]]:
        unseen.remove(card)
    hands = deal_unseen(view, unseen, rng)
    _read_hands(view, hands, unseen, rng)
    st = RULES.imagined(view, rng.getrandbits(32))
    st.hands = hands
    st.stock = unseen
    st.round_no = view["round"]
    return restore(st, view)


@cache
def win_chance(mine: int, others: tuple[int, ...]) -> float:
    """The chance that a player with ``mine`` chips outlasts players with ``others`` chips,
    if every chip lost is as likely to be anyone's still in: a small exact recursion. It
    weighs chips as the match does, where only outlasting everyone counts: a chip is worth
    more to the player with more chips, and with fewer rivals left each loss is likelier
    one's own."""
    rivals = tuple(sorted(c for c in others if c > 0))
    if mine <= 0:
        return 0.0
    if not rivals:
        return 1.0
    total = win_chance(mine - 1, rivals)
    for i in range(len(rivals)):
        total += win_chance(mine, (*rivals[:i], rivals[i] - 1, *rivals[i + 1 :]))
    return total / (1 + len(rivals))


def _playout(st: CentoState, seat: int, rng: random.Random) -> float:
    """Play through ``seat``'s next ``PLAYOUT_TURNS`` turns (``seat`` careful, the others
    easy, careless now and then as they are); score the chance to win from the chips left,
    plus what the cards ``seat`` still holds are worth for the turns after."""
    negative = st.options.allow_negative
    turns = 0
    while (actor := st.current) is not None and turns < PLAYOUT_TURNS and st.chips[seat]:
        turns += actor == seat
        hand = st.hands[actor]
        if actor == seat:
            action = careful_action(hand, st.total, negative)
        elif rng.random() < EasyPlayer.careless:
            action = _token(rng.choice(safe_cards(hand, st.total, negative)))
        else:
            action = easy_action(hand, st.total, negative)
        st, _ = RULES.apply(st, actor, action)
    others = tuple(c for s, c in enumerate(st.chips) if s != seat)
    return win_chance(st.chips[seat], others) + sum(map(_keep_worth, st.hands[seat]))


def _keep_worth(card: str) -> float:
    if _escape_rank(card):
        return ESCAPE_WORTH
    return LOW_CARD_WORTH if new_total(card, LIMIT - 3, None, False) <= LIMIT else 0.0
