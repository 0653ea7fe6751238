"""One Hundred ("Cien", "Cent"): the adding game with one or two 52-card packs (RULES.md §2).

Action tokens:
  ``play:<card>``            play a card; the pile's new total follows from the card;
  ``play:AS:<0..100>``       the Ace of spades (or ``AC``, clubs) sets the total to a chosen value.

Steps that belong to nobody (drawing after a play, reshuffles, losing a chip, elimination,
the new round of ``reset_after_bust``) happen inside ``apply`` and are reported as events.
Events are public: they never name a card drawn into a hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from bot.games.base import Json, Options, not_held, shuffled
from bot.games.cards import FRENCH_RANKS, FRENCH_SUITS, french_pack
from bot.games.cento import events as ev
from bot.games.cento.events import CentoEvent
from bot.games.errors import Card, GameError
from bot.games.kit import Engine, Setup, Shown
from bot.games.seating import Seating

LIMIT = 100
CHIPS = 3
HAND_SIZE = 3
CHOOSERS = ("AS", "AC")  # the Aces whose player chooses the total
CARD_SET = frozenset(r + s for s in FRENCH_SUITS for r in FRENCH_RANKS)


class CentoOptions(Options):
    """House rules of RULES.md §2, with their defaults."""

    min_players: int = Field(default=3, ge=2, le=3)
    allow_negative: bool = False
    allow_voluntary_bust: bool = False
    reset_after_bust: bool = False


SEATING = Seating(fewest=2, most=12, default=3, fewest_option="min_players")
"""Two to twelve players, the fewest set by a house rule."""
Events = list[CentoEvent]


def packs_for(seats: int) -> int:
    return 2 if seats >= 7 else 1


def new_total(card: str, total: int, chosen: int | None, allow_negative: bool) -> int:
    """The pile's total after ``card`` is played on ``total`` (RULES.md §2.3)."""
    r, s = card[:-1], card[-1]
    if r == "A":
        t = chosen if card in CHOOSERS and chosen is not None else total + 1
    elif r == "2" and s == "S":
        t = 2 * total
    elif r in ("4", "K"):
        t = total
    elif r == "5":
        t = total - 5 if s in "HD" else total + 5
    elif r == "T":
        t = LIMIT
    elif r == "J":
        t = total - 10
    elif r == "Q":
        t = 0 if s == "H" else total + 10
    else:
        t = total + int(r)
    return t if allow_negative else max(0, t)


@dataclass(slots=True)
class CentoState:
    """One match. Mutable only inside ``apply``, which works on a clone."""

    seats: int
    seed: int
    options: CentoOptions
    dealer: Shown[int]
    chips: Shown[list[int]] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)  # top first
    pile: Shown[list[str]] = field(default_factory=list)  # top last
    total: Shown[int] = 0
    direction: Shown[int] = 1
    current: Shown[int | None] = None
    eliminated: list[int] = field(default_factory=list)  # in order of elimination
    busts: Shown[list[int]] = field(default_factory=list)
    shuffles: int = 0
    round_no: int = 1
    turns: int = 0
    # Each seat's latest play whose card is still on the pile:
    # {"card", "before" (the total it met), "bust"}, or None.
    last_plays: Shown[list[Json | None]] = field(default_factory=list)


class Cento(Engine[CentoState, CentoOptions, CentoEvent]):
    name = "cento"
    title = "One Hundred"
    seating = SEATING
    first_deal = ("round", 1)

    def pack(self, seats: int) -> list[str]:
        return french_pack(packs_for(seats))

    def start(self, setup: Setup[CentoOptions], events: Events) -> CentoState:
        st = setup.state(CentoState)
        st.chips = [CHIPS] * setup.seats
        st.busts = [0] * setup.seats
        _deal(st, setup.deck, events)
        return st

    def legal_actions(self, state: CentoState, seat: int) -> list[str]:
        if seat != state.current:
            return []
        hand = state.hands[seat]
        safe = [c for c in dict.fromkeys(hand) if _safe(state, c)]
        cards = safe if safe and not state.options.allow_voluntary_bust else dict.fromkeys(hand)
        acts: list[str] = []
        for card in cards:
            if card in CHOOSERS:
                acts.extend(f"play:{card}:{v}" for v in range(LIMIT + 1))
            else:
                acts.append(f"play:{card}")
        return acts

    def plays(self, state: CentoState, seat: int) -> bool:
        return state.chips[seat] > 0  # a seat with no chip left is out

    def check_move(self, state: CentoState, seat: int, action: str, parts: list[str]) -> None:
        if not _is_legal(state, seat, parts):
            raise _why_illegal(state, seat, parts)

    def move(self, st: CentoState, seat: int, parts: list[str], events: Events) -> None:
        card = parts[1]
        chosen = int(parts[2]) if len(parts) == 3 else None
        before = st.total
        after = new_total(card, before, chosen, st.options.allow_negative)
        bust = after > LIMIT
        st.hands[seat].remove(card)
        st.pile.append(card)
        st.turns += 1
        event = ev.Play(type="play", seat=seat, card=card, before=before, total=after)
        if chosen is not None:
            event["chosen"] = chosen
        events.append(event)
        st.last_plays[seat] = {"card": card, "before": before, "bust": bust}
        if bust:
            event["bust"] = True
            event["total"] = before
            _bust(st, seat, events)
            return
        st.total = after
        if card[0] == "4" and len(_alive(st)) > 1:
            st.direction = -st.direction
            event["effect"] = "reverse"
        _draw(st, seat, events)
        _next_turn(st, seat, events)

    def seat_view(self, state: CentoState, seat: int | None) -> Json:
        """What ``seat`` may know (``None``: the public view).

        Never the stock's order or the seed. ``last_plays`` is public history every player saw:
        each seat's latest play whose card is still on the pile, the total it met, and whether
        it busted."""
        return {
            "top": state.pile[-1] if state.pile else None,
            "stock": len(state.stock),
            "packs": packs_for(state.seats),
            "round": state.round_no,
            "ending": _ending(state) if state.current is None else [],
        }

    def result(self, state: CentoState) -> Json:
        return {
            "ranking": _ranking(state),
            "chips": list(state.chips),
            "busts": list(state.busts),
            "turns": state.turns,
        }

    def upgrade(self, fields: Json) -> Json:
        fields.setdefault("last_plays", [None] * fields["seats"])  # saved before it was kept
        return fields

    def check(self, state: CentoState) -> None:
        cards = [c for h in state.hands for c in h] + state.stock + state.pile
        if sorted(cards) != sorted(french_pack(packs_for(state.seats))):
            raise ValueError("cards")
        if len(state.hands) != state.seats or len(state.chips) != state.seats:
            raise ValueError("seats")
        if len(state.last_plays) != state.seats or not all(map(_is_play, state.last_plays)):
            raise ValueError("last plays")


def _is_play(play: Any) -> bool:
    if play is None:
        return True
    return (
        isinstance(play, dict)
        and play.keys() == {"card", "before", "bust"}
        and play["card"] in CARD_SET
        and type(play["before"]) is int  # not a bool, which Python counts as an int
        and isinstance(play["bust"], bool)
    )


def _safe(st: CentoState, card: str) -> bool:
    if card in CHOOSERS:
        return True
    return new_total(card, st.total, None, st.options.allow_negative) <= LIMIT


def _is_legal(st: CentoState, seat: int, parts: list[str]) -> bool:
    """The same answer as ``action in legal_actions(...)``, without listing every action."""
    if seat != st.current or parts[0] != "play" or len(parts) < 2:
        return False
    card, hand = parts[1], st.hands[seat]
    if card not in hand:
        return False
    if card in CHOOSERS:
        return len(parts) == 3 and parts[2].isdigit() and int(parts[2]) <= LIMIT
    if len(parts) != 2:
        return False
    if _safe(st, card) or st.options.allow_voluntary_bust:
        return True
    return not any(_safe(st, c) for c in hand)


def _alive(st: CentoState) -> list[int]:
    return [s for s in range(st.seats) if st.chips[s] > 0]


def _step(st: CentoState, seat: int, direction: int) -> int:
    seat = (seat + direction) % st.seats
    while st.chips[seat] == 0:
        seat = (seat + direction) % st.seats
    return seat


def _why_illegal(st: CentoState, seat: int, parts: list[str]) -> GameError:
    if parts[0] != "play" or len(parts) < 2:
        return GameError("That is not a move in One Hundred: play a card.")
    if seat != st.current:
        return GameError("It is not your turn.")
    card = parts[1]
    if refused := not_held(card, CARD_SET, st.hands[seat]):
        return refused
    if card in CHOOSERS:
        if len(parts) != 3:
            return GameError(
                "Say which total the {card} sets: a number from 0 to {limit}.",
                card=Card(card, "cento"),
                limit=LIMIT,
            )
        return GameError(
            "The {card} sets the total to a whole number from 0 to {limit}, not “{value}”.",
            card=Card(card, "cento"),
            limit=LIMIT,
            value=parts[2],
        )
    if len(parts) != 2:
        return GameError("Only the Aces of spades and clubs take a chosen value.")
    after = new_total(card, st.total, None, st.options.allow_negative)
    if after > LIMIT:
        return GameError(
            "That card takes the pile to {total}, over {limit}, and you hold a safe card.",
            total=after,
            limit=LIMIT,
        )
    return GameError("That move is not allowed here.")


def _draw(st: CentoState, seat: int, events: Events) -> None:
    if not st.stock and len(st.pile) > 1:
        st.shuffles += 1
        st.stock = shuffled(st.pile[:-1], st.seed, "reshuffle", st.round_no, st.shuffles)
        st.pile = st.pile[-1:]
        # A view names no card in a hidden place: only the play still on the pile is kept.
        st.last_plays = [p if s == seat else None for s, p in enumerate(st.last_plays)]
        events.append(ev.Reshuffle(type="reshuffle", stock=len(st.stock), total=st.total))
    if st.stock:
        st.hands[seat].append(st.stock.pop(0))


def _next_turn(st: CentoState, seat: int, events: Events) -> None:
    st.current = _step(st, seat, st.direction)
    events.append(ev.Turn(type="turn", seat=st.current))


def _bust(st: CentoState, seat: int, events: Events) -> None:
    st.chips[seat] -= 1
    st.busts[seat] += 1
    events.append(ev.ChipLost(type="chip_lost", seat=seat, chips=st.chips[seat]))
    if st.chips[seat] == 0:
        st.eliminated.append(seat)
        st.stock.extend(st.hands[seat])
        st.hands[seat] = []
        events.append(ev.Eliminated(type="eliminated", seat=seat))
        if len(_alive(st)) == 1:
            st.current = None
            events.append(ev.MatchOver(type="match_over", ranking=_ranking(st)))
            return
    if st.options.reset_after_bust:
        st.round_no += 1
        st.dealer = _step(st, st.dealer, 1)
        cards = [c for h in st.hands for c in h] + st.stock + st.pile
        _deal(st, shuffled(sorted(cards), st.seed, "round", st.round_no), events)
        return
    if st.chips[seat] > 0:
        _draw(st, seat, events)
    _next_turn(st, seat, events)


def _deal(st: CentoState, pack: list[str], events: Events) -> None:
    st.hands = [[] for _ in range(st.seats)]
    st.total = 0
    st.direction = 1
    st.shuffles = 0
    order = []
    seat = st.dealer
    for _ in _alive(st):
        seat = _step(st, seat, 1)
        order.append(seat)
    for i in range(HAND_SIZE):
        for j, s in enumerate(order):
            st.hands[s].append(pack[i * len(order) + j])
    st.stock = pack[HAND_SIZE * len(order) :]
    st.pile = []
    st.last_plays = [None] * st.seats
    st.current = order[0]
    events.append(ev.Deal(type="deal", round=st.round_no, dealer=st.dealer, first=order[0]))


def _ending(st: CentoState) -> Events:
    """What ended the match: the play that would have passed 100, costing the last chip of
    the last seat to leave (its latest play, still on the pile)."""
    seat = st.eliminated[-1]
    last = st.last_plays[seat]
    if last is None:
        return []
    before = last["before"]
    return [
        ev.Play(type="play", seat=seat, card=last["card"], before=before, total=before, bust=True),
        ev.Eliminated(type="eliminated", seat=seat),
    ]


def _ranking(st: CentoState) -> list[list[int]]:
    return [[s] for s in _alive(st)] + [[s] for s in reversed(st.eliminated)]
