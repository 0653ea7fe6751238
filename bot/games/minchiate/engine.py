"""Minchiate Fiorentine: four players in two partnerships, one deal (RULES.md §3).

Action tokens:
  ``discard:<card>``   the cutter, then the dealer, discards one card (r, then d, times);
  ``declare``          declare every combination in the hand (scores at once);
  ``nodeclare``        keep the hand's combinations to oneself;
  ``play:<card>``      play a card to the trick.

Steps that belong to nobody happen by themselves and are reported as events: the cut and the
cutter's robbing, the deal and the shown cards, the dealer's robbing (all in ``new_game``, whose
events the state keeps as ``opening``), capture bonuses, resti, the Matto payment and the end
scoring. Events are public: a discard event names no card.

Where RULES.md leaves room, this engine reads it so: the card the cutter stopped at (the bottom
of the fola) is seen by the cutter alone, and the whole fola by the dealer who looked through it,
until the fola is shown; a seat's declaration and a trick's capture bonus are one scoring event
each; the Matto payment is made before the piles are scored, so it counts in "cards beyond 42".
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.games.base import Event, Json, Options, not_held
from bot.games.errors import GameError, Word
from bot.games.kit import Engine, Setup, Shown, fresh, untyped
from bot.games.minchiate import events as ev
from bot.games.minchiate.cards import (
    DISCARDABLE,
    MATTO,
    PACK,
    PACK_SET,
    POINTS,
    SUIT,
    TRUMP,
    TRUMP_29,
    side,
    sort_cards,
)
from bot.games.minchiate.combinations import find_combinations
from bot.games.minchiate.deal import MIN_PART, cut_pack, deal, deal_order, rob_fola
from bot.games.minchiate.events import MinchiateEvent
from bot.games.minchiate.resti import settle_final, settle_running
from bot.games.minchiate.scoring import matto_payment, pile_score
from bot.games.minchiate.tricks import king_due, legal_cards, trick_suit, winning_index
from bot.games.seating import Seating

SEATS = 4
SEATING = Seating(fewest=1, most=SEATS, default=SEATS, fill=(0, 2, 1, 3), sides=2)
"""Four players, partners opposite each other; people take the seats of one side first, the
AI the others."""
Events = list[MinchiateEvent]
Scoring = ev.Rob | ev.Shown | ev.Declare | ev.Trick
"""The events that score."""
TRICKS = 21
PHASES = ("discard", "declare", "play", "over")
PHASE_MOVES = {"discard": ("discard",), "declare": ("declare", "nodeclare"), "play": ("play",)}
PHASE_WORDS = {
    "discard": Word("discard a card"),
    "declare": Word("declare or not"),
    "play": Word("play a card"),
}
SUIT_NAMES = {
    "c": Word("coppe"),
    "d": Word("denari"),
    "s": Word("spade"),
    "b": Word("bastoni"),
    TRUMP: Word("trumps"),
}


class MinchiateOptions(Options):
    """House rules of RULES.md §3, with their defaults."""

    resti_at_end_only: bool = False


@dataclass(slots=True)
class MinchiateState:
    """One deal. Mutable only inside ``apply``, which works on a clone.

    Lists filled by ``new_game`` and never changed afterwards (the robbed and shown cards, the
    fola, the opening events) are shared between clones.
    """

    seed: int
    options: MinchiateOptions
    dealer: Shown[int]
    cut: int
    hands: list[list[str]]
    fola: list[str]  # what the dealer left in the fola, top first; discards are kept apart
    cut_seen: str | None  # the card the cutter looked at and left (the fola's bottom card)
    cutter_robbed: Shown[list[str]] = field(default_factory=list)
    dealer_robbed: Shown[list[str]] = field(default_factory=list)
    put_back: Shown[str | None] = None
    dealer_took: Shown[list[str]] = field(default_factory=list)
    shown: Shown[list[str]] = field(default_factory=list)  # each seat's 21st card
    opening: list[Event] = field(default_factory=list)
    phase: Shown[str] = "discard"
    current: Shown[int | None] = None
    discards: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    declarations: Shown[list[Json | None]] = field(default_factory=lambda: [None] * SEATS)
    leader: int = 0
    trick: Shown[list[str]] = field(default_factory=list)
    tricks: list[list[str]] = field(default_factory=list)  # finished tricks, in order of play
    leaders: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    led: Shown[str] = ""  # plain suits led so far, for the King obligation
    piles: Shown[list[list[str]]] = field(default_factory=lambda: [[], []])  # per side
    points: Shown[list[int]] = field(default_factory=lambda: [0, 0])  # per side, all scored
    diff: Shown[int] = 0  # side 0's lead still to be settled in resti
    resti: Shown[list[int]] = field(default_factory=lambda: [0, 0])
    log: Shown[list[Json]] = field(default_factory=list)  # the scoring record
    result: Json | None = None

    @property
    def seats(self) -> int:
        return SEATS


def copy_events(events: list[Event]) -> list[Event]:
    """A copy of events (or log entries) whose values are scalars or lists of scalars."""
    return [{k: v[:] if type(v) is list else v for k, v in e.items()} for e in events]


def cutter_of(dealer: int) -> int:
    """The seat before the dealer cuts: an opponent of the dealer."""
    return (dealer - 1) % SEATS


def first_of(dealer: int) -> int:
    return (dealer + 1) % SEATS


class Minchiate(Engine[MinchiateState, MinchiateOptions, MinchiateEvent]):
    name = "minchiate"
    title = "Minchiate"
    seating = SEATING
    formalities = frozenset({"nodeclare"})  # saying "no" when there is nothing to declare
    first_deal = ("deal",)

    def pack(self, seats: int) -> list[str]:
        return list(PACK)

    # -- setting up ---------------------------------------------------------------------------

    def new_game(
        self,
        seats: int,
        seed: int,
        options: dict[str, Any] | None = None,
        dealer: int | None = None,
        deck: list[str] | None = None,
        cut: int | None = None,
    ) -> MinchiateState:
        """The contract's ``new_game``; ``cut`` is the cut point (None: drawn from the seed)."""
        setup = self.setup(seats, seed, options, dealer, deck)
        return _set_up(setup, cut_point(seed, cut), [])

    def check_seats(self, seats: int, options: MinchiateOptions) -> None:
        if seats != SEATS or not isinstance(seats, int):
            raise GameError(
                "Minchiate is played by exactly 4 players in two partnerships, not {seats}.",
                seats=seats,
            )

    def start(self, setup: Setup[MinchiateOptions], events: Events) -> MinchiateState:
        return _set_up(setup, cut_point(setup.seed, None), events)

    # -- who acts -----------------------------------------------------------------------------

    def legal_actions(self, state: MinchiateState, seat: int) -> list[str]:
        if seat != state.current:
            return []
        hand = state.hands[seat]
        if state.phase == "play":
            return ["play:" + c for c in legal_cards(hand, state.trick, state.led)]
        if state.phase == "discard":
            return ["discard:" + c for c in discard_choices(hand)]
        return ["declare", "nodeclare"] if find_combinations(hand) else ["nodeclare"]

    # -- moves --------------------------------------------------------------------------------

    def finished(self) -> GameError:
        return GameError("The deal is over.")

    def why_illegal(self, state: MinchiateState, seat: int, parts: list[str]) -> GameError:
        return _why_illegal(state, seat, parts)

    def move(self, st: MinchiateState, seat: int, parts: list[str], events: Events) -> None:
        step(st, seat, parts, events)

    # -- what people see ----------------------------------------------------------------------

    def shown_hand(self, state: MinchiateState, seat: int) -> list[str]:
        return sort_cards(state.hands[seat])

    def seat_view(self, state: MinchiateState, seat: int | None) -> Json:
        """What ``seat`` may know (``None``: the public view). Never a hidden card or the seed.

        A seat sees its own hand and discards; the cutter also the card it looked at when
        cutting, and the dealer the fola it looked through. The fola and every discard become
        public when the fola is shown, after the declarations.
        """
        shown_fola = state.phase in ("play", "over")
        dealer = state.dealer
        return {
            "cutter": cutter_of(dealer),
            "first": first_of(dealer),
            "cut_seen": state.cut_seen if seat == cutter_of(dealer) or shown_fola else None,
            "to_discard": _discards_due(state),
            "discards": [
                list(d) if shown_fola or s == seat else None for s, d in enumerate(state.discards)
            ],
            "fola": list(state.fola) if shown_fola or seat == dealer else None,
            "fola_size": len(state.fola) + sum(len(d) for d in state.discards),
            "leader": state.leader if state.phase == "play" else None,
            "tricks": [
                {"leader": lead, "cards": list(cards), "winner": won}
                for lead, cards, won in zip(state.leaders, state.tricks, state.winners, strict=True)
            ],
            "opening": copy_events(state.opening),
            "ending": [_last_trick(state)] if state.phase == "over" else [],
        }

    def outcome(self, state: MinchiateState) -> Json | None:
        return fresh(state.result) if state.result is not None else None

    # -- loading ------------------------------------------------------------------------------

    def check(self, state: MinchiateState) -> None:
        _check_loaded(state)


# -- setting up ------------------------------------------------------------------------------


def cut_point(seed: int, cut: int | None) -> int:
    """Where the pack is cut: ``cut``, checked, or a point drawn from the seed."""
    low, high = MIN_PART, len(PACK) - MIN_PART
    if cut is None:
        return random.Random(f"{seed}:cut").randint(low, high)
    if not isinstance(cut, int) or isinstance(cut, bool) or not low <= cut <= high:
        raise GameError(
            "The cut must leave at least {low} cards in each part: {low}..{high}.",
            low=low,
            high=high,
        )
    return cut


def _set_up(setup: Setup[MinchiateOptions], cut: int, events: Events) -> MinchiateState:
    """Cut, deal and rob; the steps are the state's ``opening`` and go to ``events`` too."""
    dealer = setup.dealer
    cutter = cutter_of(dealer)
    done = cut_pack(setup.deck, cut)
    hands, shown, fola = deal(done.pack, dealer)
    robbed = rob_fola(fola)
    opening: Events = []
    st = MinchiateState(
        seed=setup.seed,
        options=setup.options,
        dealer=dealer,
        cut=cut,
        hands=hands,
        fola=robbed.left,
        cut_seen=done.seen,
        cutter_robbed=done.robbed,
        dealer_robbed=robbed.robbed,
        put_back=robbed.put_back,
        dealer_took=robbed.took,
        shown=shown,
        opening=untyped(opening),
    )
    opening.append(ev.Cut(type="cut", seat=cutter, dealer=dealer, robbed=len(done.robbed)))
    for card in done.robbed:
        _rob(st, cutter, card, "cutter", opening)
    opening.append(ev.Deal(type="deal", dealer=dealer, first=first_of(dealer)))
    for seat in deal_order(dealer):
        card = shown[seat]
        event = ev.Shown(type="shown", seat=seat, card=card, points=POINTS[card])
        _score(st, seat, "shown", event, opening)
    hands[cutter].extend(done.robbed)
    for card in robbed.robbed:
        _rob(st, dealer, card, "dealer", opening)
    if robbed.put_back is not None:
        opening.append(ev.PutBack(type="put_back", seat=dealer, card=robbed.put_back))
    if robbed.took:
        opening.append(ev.Take(type="take", seat=dealer, cards=list(robbed.took)))
    hands[dealer].extend(robbed.robbed + robbed.took)
    st.hands = [sort_cards(h) for h in hands]
    _next_discarder(st, opening)
    events.extend(opening)
    return st


def _rob(
    st: MinchiateState, seat: int, card: str, by: Literal["cutter", "dealer"], events: Events
) -> None:
    event = ev.Rob(type="rob", seat=seat, card=card, by=by, points=POINTS[card])
    _score(st, seat, f"{by}_rob", event, events)


# -- scoring and resti -----------------------------------------------------------------------


def _score(st: MinchiateState, seat: int, kind: str, event: Scoring, events: Events) -> None:
    """Report ``event``; if it scores, add its points to the seat's side and settle resti."""
    points = event["points"]
    events.append(event)
    if not points:
        return
    s = side(seat)
    st.points[s] += points
    st.diff += points if s == 0 else -points
    event["side"] = s
    event["totals"] = list(st.points)
    entry: Json = {"kind": kind, "seat": seat, "side": s, "points": points}
    if "card" in event:
        entry["card"] = event["card"]
    if event["type"] == "trick":
        entry["trick"] = event["number"]
    st.log.append(entry)
    if st.options.resti_at_end_only:
        return
    signed, st.diff = settle_running(st.diff)
    if signed:
        _take_resti(st, signed, "running", events)


def _take_resti(
    st: MinchiateState, signed: int, when: Literal["running", "end"], events: Events
) -> None:
    s = 0 if signed > 0 else 1
    st.resti[s] += abs(signed)
    st.log.append({"kind": "resto", "side": s, "count": abs(signed), "when": when})
    events.append(
        ev.Resti(
            type="resti",
            side=s,
            count=abs(signed),
            when=when,
            resti=list(st.resti),
            diff=st.diff,
        )
    )


# -- discards and declarations ---------------------------------------------------------------


def discard_choices(hand: list[str]) -> list[str]:
    """Zero-point cards other than trump 29; failing those, the cards worth fewest points."""
    free = [c for c in hand if c in DISCARDABLE]
    if free:
        return free
    rest = [c for c in hand if c != TRUMP_29]
    low = min(POINTS[c] for c in rest)
    return [c for c in rest if POINTS[c] == low]


def _discards_due(st: MinchiateState) -> list[int]:
    due = [0] * SEATS
    due[cutter_of(st.dealer)] = len(st.cutter_robbed) - len(st.discards[cutter_of(st.dealer)])
    due[st.dealer] = len(st.dealer_robbed) + len(st.dealer_took) - len(st.discards[st.dealer])
    return due


def _next_discarder(st: MinchiateState, events: Events) -> None:
    due = _discards_due(st)
    for seat in (cutter_of(st.dealer), st.dealer):
        if due[seat]:
            st.current = seat
            events.append(ev.Turn(type="turn", seat=seat, phase="discard", count=due[seat]))
            return
    st.phase = "declare"
    _next_declarer(st, events)


def _next_declarer(st: MinchiateState, events: Events) -> None:
    for seat in deal_order(st.dealer):
        if st.declarations[seat] is None:
            st.current = seat
            events.append(ev.Turn(type="turn", seat=seat, phase="declare"))
            return
    st.phase = "play"
    events.append(
        ev.Fola(type="fola", cards=list(st.fola), discards=[list(d) for d in st.discards])
    )
    st.leader = st.current = first_of(st.dealer)
    events.append(ev.Turn(type="turn", seat=st.current, phase="play"))


# -- the moves -------------------------------------------------------------------------------


def step(st: MinchiateState, seat: int, parts: list[str], events: Events) -> None:
    """Carry out a legal action, split at its colons, on ``st`` in place (``apply`` hands it
    a clone)."""
    kind, card = parts[0], parts[-1]
    if kind == "play":
        play_card(st, seat, card, events)
    elif kind == "discard":
        st.hands[seat].remove(card)
        st.discards[seat].append(card)
        left = _discards_due(st)[seat]
        events.append(ev.Discard(type="discard", seat=seat, left=left))
        if not left:
            _next_discarder(st, events)
    elif kind == "declare":
        combos = [c.to_json() for c in find_combinations(st.hands[seat])]
        total = sum(c["value"] for c in combos)
        st.declarations[seat] = {"declared": True, "combinations": combos, "points": total}
        event = ev.Declare(type="declare", seat=seat, combinations=fresh(combos), points=total)
        _score(st, seat, "declaration", event, events)
        _next_declarer(st, events)
    else:
        st.declarations[seat] = {"declared": False}
        events.append(ev.NoDeclare(type="nodeclare", seat=seat))
        _next_declarer(st, events)


def play_card(st: MinchiateState, seat: int, card: str, events: Events) -> None:
    st.hands[seat].remove(card)
    st.trick.append(card)
    events.append(ev.Play(type="play", seat=seat, card=card))
    if len(st.trick) < SEATS:
        st.current = (seat + 1) % SEATS
        return
    _close_trick(st, events)


def _close_trick(st: MinchiateState, events: Events) -> None:
    cards, leader = st.trick, st.leader
    winner = (leader + winning_index(cards)) % SEATS
    won = side(winner)
    suit = trick_suit(cards)
    if suit is not None and suit != TRUMP and suit not in st.led:
        st.led += suit
    pile = st.piles[won]
    bonus = 0
    for i, card in enumerate(cards):
        player_side = (leader + i) % 2
        if card == MATTO:  # the Matto stays with its side and is never captured
            st.piles[player_side].append(card)
            continue
        pile.append(card)
        if player_side != won:
            bonus += POINTS[card]
    st.tricks.append(cards)
    st.leaders.append(leader)
    st.winners.append(winner)
    st.trick = []
    st.leader = winner
    event = ev.Trick(
        type="trick",
        number=len(st.tricks),
        leader=leader,
        cards=list(cards),
        winner=winner,
        points=bonus,
        last=len(st.tricks) == TRICKS,
    )
    _score(st, winner, "capture", event, events)
    if len(st.tricks) == TRICKS:
        _finish(st, events)
    else:
        st.current = winner
        events.append(ev.Turn(type="turn", seat=winner, phase="play"))


def _last_trick(st: MinchiateState) -> ev.Trick:
    """The deal's last trick, told again once it is over: what ended it, with the capture
    bonus its winners scored (in the scoring record when it scored)."""
    n = len(st.tricks)
    bonus = (e["points"] for e in st.log if e["kind"] == "capture" and e.get("trick") == n)
    return ev.Trick(
        type="trick",
        number=n,
        leader=st.leaders[-1],
        cards=list(st.tricks[-1]),
        winner=st.winners[-1],
        points=next(bonus, 0),
        last=True,
    )


def _finish(st: MinchiateState, events: Events) -> None:
    st.phase = "over"
    st.current = None
    payment = matto_payment(st.piles, st.winners)
    if payment is not None:
        events.append(
            ev.MattoPayment(
                type="matto_payment",
                from_side=payment["from_side"],
                to_side=payment["to_side"],
                card=payment["card"],
            )
        )
    last = side(st.winners[-1])
    ends = [pile_score(st.piles[s], s == last) for s in (0, 1)]
    during = [_during_play(st.log, s) for s in (0, 1)]
    running = list(st.resti)
    for s in (0, 1):
        st.points[s] += ends[s]["total"]
    st.diff += ends[0]["total"] - ends[1]["total"]
    events.append(ev.EndScore(type="end_score", sides=fresh(ends), totals=list(st.points)))
    signed = settle_final(st.diff)
    if signed:
        _take_resti(st, signed, "end", events)
    net = st.resti[0] - st.resti[1]
    winner = 0 if net > 0 else 1 if net < 0 else None
    ranking = [[0, 1, 2, 3]] if winner is None else [[winner, winner + 2], [1 - winner, 3 - winner]]
    st.result = {
        "ranking": ranking,
        "winner": winner,
        "sides": [
            {
                "seats": [s, s + 2],
                "during_play": during[s],
                "end": ends[s],
                "points": st.points[s],
                "resti_running": running[s],
                "resti_end": st.resti[s] - running[s],
                "resti": st.resti[s],
                "net_resti": st.resti[s] - st.resti[1 - s],
            }
            for s in (0, 1)
        ],
        "final_diff": st.diff,
        "matto_payment": payment,
        "last_trick": st.winners[-1],
        "points": [st.points[s % 2] for s in range(SEATS)],
        "resti": [net if s % 2 == 0 else -net for s in range(SEATS)],
    }
    events.append(
        ev.GameOver(type="game_over", winner=winner, ranking=ranking, resti=list(st.resti))
    )


SCORING_KINDS = ("cutter_rob", "shown", "dealer_rob", "declaration", "capture")


def _during_play(log: list[Json], s: int) -> Json:
    parts = dict.fromkeys(SCORING_KINDS, 0)
    for entry in log:
        if entry["side"] == s and entry["kind"] in parts:
            parts[entry["kind"]] += entry["points"]
    return {**parts, "total": sum(parts.values())}


# -- refusing moves --------------------------------------------------------------------------


def _why_illegal(st: MinchiateState, seat: int, parts: list[str]) -> GameError:
    kind = parts[0]
    if kind not in ("discard", "declare", "nodeclare", "play"):
        return GameError("That is not a move in Minchiate.")
    if seat != st.current:
        return GameError("It is not your turn.")
    if kind not in PHASE_MOVES[st.phase]:
        return GameError("Now is the time to {what}.", what=PHASE_WORDS[st.phase])
    if kind in ("declare", "nodeclare"):
        if len(parts) > 1:
            return GameError("Say just declare or nodeclare.")
        return GameError("You have nothing to declare.")
    if len(parts) != 2:
        return GameError("Name one card, as in {example}.", example=kind + ":T40")
    card = parts[1]
    hand = st.hands[seat]
    if refused := not_held(card, PACK_SET, hand):
        return refused
    if kind == "discard":
        if any(c in DISCARDABLE for c in hand):
            return GameError("Only cards worth no points may be discarded, and never trump 29.")
        return GameError("You must discard one of your lowest-value cards, never trump 29.")
    king = king_due(st.trick, st.led)
    if king is not None and king in hand:
        return GameError(
            "The first lead of {suit} has been trumped: play your Re.", suit=SUIT_NAMES[SUIT[king]]
        )
    suit = trick_suit(st.trick)
    if suit is not None and any(SUIT[c] == suit for c in hand):
        return GameError("You must follow suit: play {suit} (or the Matto).", suit=SUIT_NAMES[suit])
    return GameError("You have none of the suit led, so you must play a trump (or the Matto).")


# -- loading ---------------------------------------------------------------------------------


def _is_cards(cards: object) -> bool:
    # A list that is not all card codes either fails the subset test or raises TypeError.
    return type(cards) is list and PACK_SET.issuperset(cards)


def _check_loaded(st: MinchiateState) -> None:
    """Refuse a state that could not arise: the right shapes, and all 97 cards once each."""
    ints = (st.seed, st.dealer, st.cut, st.leader, st.diff, *st.points, *st.resti)
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in ints):
        raise TypeError("numbers")
    if not (0 <= st.dealer < SEATS and 0 <= st.leader < SEATS and st.phase in PHASES):
        raise ValueError("seats")
    if st.current is not None and st.current not in range(SEATS):
        raise ValueError("current")
    if (st.current is None) != (st.phase == "over") or (st.result is None) != (
        st.current is not None
    ):
        raise ValueError("phase")
    lists = [st.fola, st.cutter_robbed, st.dealer_robbed, st.dealer_took, st.shown, st.trick]
    lists += st.hands + st.discards + st.piles + st.tricks
    if not all(_is_cards(x) for x in lists):
        raise TypeError("cards")
    shapes = (len(st.hands), len(st.discards), len(st.declarations), len(st.shown))
    if shapes != (SEATS,) * 4 or (len(st.piles), len(st.points), len(st.resti)) != (2, 2, 2):
        raise ValueError("shapes")
    if not len(st.tricks) == len(st.leaders) == len(st.winners) <= TRICKS:
        raise ValueError("tricks")
    held = [c for part in (st.hands, st.discards, st.piles) for cards in part for c in cards]
    if sorted(held + st.fola + st.trick) != sorted(PACK):
        raise ValueError("cards")
