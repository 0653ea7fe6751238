"""Centocinque ("105"): the Sicilian shedding game with the 40-card Italian pack (RULES.md §1).

Action tokens:
  ``play:<card>``              play a card (``play:<card>:penultima`` says "penúltima" with it);
  ``play:<C?>:<suit>``         with ``cavallo_declares_suit``, a Cavallo names the next suit;
  ``draw``                     draw one card, or the whole pending total of 2s;
  ``pass``                     keep a legal Cavallo just drawn;
  ``callout:<seat>``           call out a missed penúltima;
  ``penultima``                a late declaration (only with ``late_penultima``).

Steps that belong to nobody (dealing, reshuffles, the last 2's draw, blocking a hand that goes
round in circles, scoring, the next deal) happen inside ``apply`` and are reported as events.
Events are public: they never hold a card that only one seat may see (a drawn card is in the
drawer's view, never in an event).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import Field

from bot.games.base import Json, Options, not_held, shuffled
from bot.games.cards import ITALIAN_SUITS, italian_pack, rank, suit
from bot.games.centocinque import events as ev
from bot.games.centocinque.events import CentocinqueEvent
from bot.games.errors import GameError
from bot.games.kit import Engine, Setup, Shown
from bot.games.seating import Seating

PENALTY = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "F": 8, "C": 25, "R": 10}
ELIMINATION = 105
HAND_SIZE = 5
PACK = italian_pack()
PACK_SET = frozenset(PACK)
SEATING = Seating(fewest=2, most=6, default=3)
"""Two to six players, each for themselves."""
Events = list[CentocinqueEvent]


class CentocinqueOptions(Options):
    """House rules of RULES.md §1, with their defaults."""

    redeal_ace_starter: bool = False
    ace_on_ace: bool = False
    voluntary_draw: bool = False
    cavallo_declares_suit: bool = False
    late_penultima: bool = False
    penultima_penalty: int = Field(default=5, ge=0, le=10)
    false_callout_penalty: int = Field(default=0, ge=0, le=10)
    last_two_draws: bool = True


@dataclass(slots=True)
class CentocinqueState:
    """One match. Mutable only inside ``apply``, which works on a clone."""

    seats: int
    seed: int
    options: CentocinqueOptions
    dealer: Shown[int]
    hand_no: Shown[int] = 1
    tallies: Shown[list[int]] = field(default_factory=list)
    out: Shown[list[bool]] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)  # top first
    discard: Shown[list[str]] = field(default_factory=list)  # top last
    current: Shown[int | None] = None
    direction: Shown[int] = 1
    pending: int = 0  # cards the player on turn must draw unless they play a 2
    free: bool = False  # the previous card was a Cavallo: anything goes
    called_suit: Shown[str | None] = None  # the suit a Cavallo named (cavallo_declares_suit)
    lock: str | None = None  # the suit of an Ace played as an action
    drawn: str | None = None  # a legal card just drawn, waiting to be played (or kept)
    missed: Shown[int | None] = None  # the seat whose missed penúltima may be called out
    shuffles: int = 0
    hands_won: Shown[list[int]] = field(default_factory=list)
    eliminated: list[list[int]] = field(default_factory=list)  # groups, in order of elimination
    # This hand's positions after moves that emptied or rebuilt the stock (see ``_position``).
    positions: list[str] = field(default_factory=list)


class Centocinque(Engine[CentocinqueState, CentocinqueOptions, CentocinqueEvent]):
    name = "centocinque"
    title = "Centocinque"
    seating = SEATING
    first_deal = ("hand", 1)

    def pack(self, seats: int) -> list[str]:
        return list(PACK)

    # -- setting up ---------------------------------------------------------------------------

    def start(self, setup: Setup[CentocinqueOptions], events: Events) -> CentocinqueState:
        seats = setup.seats
        st = setup.state(CentocinqueState)
        st.tallies = [0] * seats
        st.out = [False] * seats
        st.hands_won = [0] * seats
        _deal(st, setup.deck, events)
        return st

    # -- who acts -----------------------------------------------------------------------------

    def to_act(self, state: CentocinqueState) -> list[int]:
        if state.current is None:
            return []
        seats = [state.current]
        seats.extend(s for s in _alive(state) if s != state.current and _side_actions(state, s))
        return seats

    def legal_actions(self, state: CentocinqueState, seat: int) -> list[str]:
        if state.current is None or not 0 <= seat < state.seats:
            return []
        acts = _turn_actions(state) if seat == state.current else []
        acts.extend(_side_actions(state, seat))
        return acts

    # -- moves --------------------------------------------------------------------------------

    def plays(self, state: CentocinqueState, seat: int) -> bool:
        return not state.out[seat]

    def check_move(self, state: CentocinqueState, seat: int, action: str, parts: list[str]) -> None:
        if not _is_legal(state, seat, parts):
            raise _why_illegal(state, seat, parts)

    def move(self, st: CentocinqueState, seat: int, parts: list[str], events: Events) -> None:
        kind = parts[0]
        hand_no, shuffles = st.hand_no, st.shuffles
        if kind == "play":
            _play(st, seat, parts, events)
        elif kind == "draw":
            _draw_action(st, seat, events)
        elif kind == "pass":
            st.drawn = None
            events.append(ev.Pass(type="pass", seat=seat))  # looks like any pass
            _next_turn(st, 1, events)
        elif kind == "callout":
            _callout(st, seat, int(parts[1]), events)
        else:  # "penultima", late
            st.missed = None
            events.append(ev.Penultima(type="penultima", seat=seat, late=True))
        _after_move(st, hand_no, shuffles, kind in ("play", "draw", "pass"), events)

    # -- what people see ----------------------------------------------------------------------

    def seat_view(self, state: CentocinqueState, seat: int | None) -> Json:
        """What ``seat`` may know (``None``: the public view). Never the stock's order or the seed.

        ``missed`` (a seat that just went down to one card without saying penúltima) is public
        at a real table, where everyone hears what is said; renderers must not display it, so
        that noticing stays each player's own memory test (DESIGN.md).
        """
        return {
            "drawn": state.drawn if seat is not None and seat == state.current else None,
            "drew": state.drawn is not None,
            "top": state.discard[-1] if state.discard else None,
            "stock": len(state.stock),
            "pending_draw": state.pending,
            "free_play": state.free,
            "ace_lock": state.lock,
            "ending": _ending(state) if state.current is None else [],
        }

    def result(self, state: CentocinqueState) -> Json:
        return {
            "ranking": _ranking(state),
            "tallies": list(state.tallies),
            "hands_won": list(state.hands_won),
            "hands": state.hand_no,
        }

    # -- loading ------------------------------------------------------------------------------

    def check(self, state: CentocinqueState) -> None:
        cards = [c for h in state.hands for c in h] + state.stock + state.discard
        if sorted(cards) != sorted(PACK) or len(state.hands) != state.seats:
            raise ValueError("cards")
        if type(state.positions) is not list or not all(type(k) is str for k in state.positions):
            raise ValueError("positions")


# -- rules helpers ----------------------------------------------------------------------------


def _alive(st: CentocinqueState) -> list[int]:
    return [s for s in range(st.seats) if not st.out[s]]


def _ending(st: CentocinqueState) -> Events:
    """What ended the match: the card its last hand's winner went out with, on top of the
    discards (nothing when that hand was blocked, its winner still holding cards)."""
    winner = _alive(st)[0]
    if st.hands[winner] or not st.discard:
        return []
    return [{"type": "play", "seat": winner, "card": st.discard[-1], "left": 0}]


def _step(st: CentocinqueState, seat: int, steps: int) -> int:
    for _ in range(steps):
        seat = (seat + st.direction) % st.seats
        while st.out[seat]:
            seat = (seat + st.direction) % st.seats
    return seat


def _playable(st: CentocinqueState, card: str) -> bool:
    if st.pending:
        return card[0] == "2"
    if st.free:
        return True
    if st.called_suit is not None:
        return card[-1] == st.called_suit
    if st.lock is not None:
        if card[0] == "A":
            return st.options.ace_on_ace
        return card[-1] == st.lock
    top = st.discard[-1]
    return card[-1] == top[-1] or card[:-1] == top[:-1]


def _play_tokens(st: CentocinqueState, card: str, hand_size: int) -> list[str]:
    if st.options.cavallo_declares_suit and card[0] == "C":
        bases = [f"play:{card}:{s}" for s in ITALIAN_SUITS]
    else:
        bases = [f"play:{card}"]
    if hand_size == 2:
        bases += [b + ":penultima" for b in bases]
    return bases


def _turn_actions(st: CentocinqueState) -> list[str]:
    assert st.current is not None
    hand = st.hands[st.current]
    if st.drawn is not None:
        acts = _play_tokens(st, st.drawn, len(hand))
        if st.drawn[0] == "C":
            acts.append("pass")
        return acts
    acts = []
    for card in hand:
        if _playable(st, card):
            acts.extend(_play_tokens(st, card, len(hand)))
    if st.pending or not acts or st.options.voluntary_draw:
        acts.append("draw")
    return acts


def _side_actions(st: CentocinqueState, seat: int) -> list[str]:
    """Call-outs and the late penúltima: the actions open to a seat whether or not on turn.

    Call-outs (RULES.md §1.9): never of oneself, never by or of a seat out of the match. With
    no ``false_callout_penalty``, only of the seat whose window is open; with it, of every
    other seat holding exactly one card (which always includes that seat), so that the list
    depends only on what everyone can see.
    """
    if st.out[seat]:
        return []
    acts = ["penultima"] if st.missed == seat and st.options.late_penultima else []
    if st.options.false_callout_penalty:
        targets = [s for s in _alive(st) if s != seat and len(st.hands[s]) == 1]
    else:
        targets = [st.missed] if st.missed is not None and st.missed != seat else []
    acts.extend(f"callout:{s}" for s in targets)
    return acts


def _is_legal(st: CentocinqueState, seat: int, parts: list[str]) -> bool:
    """The same answer as ``action in legal_actions(...)``, without listing every action."""
    kind = parts[0]
    if kind in ("callout", "penultima"):
        return ":".join(parts) in _side_actions(st, seat)
    if seat != st.current:
        return False
    hand = st.hands[seat]
    if kind == "draw":
        return (
            len(parts) == 1
            and st.drawn is None
            and (
                st.pending > 0
                or st.options.voluntary_draw
                or not any(_playable(st, c) for c in hand)
            )
        )
    if kind == "pass":
        return len(parts) == 1 and st.drawn is not None and st.drawn[0] == "C"
    if kind != "play" or len(parts) < 2:
        return False
    card, rest = parts[1], parts[2:]
    if card not in hand or (st.drawn is not None and card != st.drawn):
        return False
    if not _playable(st, card):
        return False
    if rest and rest[-1] == "penultima":
        if len(hand) != 2:
            return False
        rest = rest[:-1]
    if st.options.cavallo_declares_suit and card[0] == "C":
        return len(rest) == 1 and len(rest[0]) == 1 and rest[0] in ITALIAN_SUITS
    return not rest


def _why_illegal(st: CentocinqueState, seat: int, parts: list[str]) -> GameError:
    kind = parts[0]
    if kind == "callout":
        if len(parts) != 2 or not parts[1].isdigit() or int(parts[1]) >= st.seats:
            return GameError("Call out whom? Name a player at this table.")
        target = int(parts[1])
        if target == seat:
            return GameError("You cannot call yourself out.")
        if st.out[target]:
            return GameError("That player is out of the match.")
        if st.options.false_callout_penalty and len(st.hands[target]) != 1:
            return GameError("Only a player holding exactly one card can be called out.")
        return GameError(
            "Nobody can be called out for penúltima now: they said it, or the moment has passed."
        )
    if kind == "penultima":
        return GameError("There is no missed penúltima of yours to say now.")
    if kind not in ("play", "draw", "pass"):
        return GameError("That is not a move in Centocinque.")
    if seat != st.current:
        return GameError("It is not your turn.")
    hand = st.hands[seat]
    if kind == "draw":
        if st.drawn is not None:
            return GameError("You have already drawn: play the card you drew.")
        return GameError("You hold a card you can play, so you may not draw.")
    if kind == "pass":
        return GameError("You can only pass after drawing a Cavallo you want to keep.")
    card = parts[1] if len(parts) > 1 else ""
    if refused := not_held(card, PACK_SET, hand):
        return refused
    if st.drawn is not None and card != st.drawn:
        return GameError("After drawing you may only play the card you drew.")
    if not _playable(st, card):
        if st.pending:
            return GameError("You must play a 2 or draw {n} cards.", n=st.pending)
        if st.called_suit is not None:
            return GameError("The Cavallo named another suit.")
        if st.lock is not None:
            return GameError("On an Ace you must play a card of its suit that is not an Ace.")
        return GameError("That card matches neither the suit nor the rank of the top card.")
    if parts[-1] == "penultima" and len(hand) != 2:
        return GameError("Penúltima is said only by a play that leaves you one card.")
    return GameError("That move is not allowed here.")


def _draw_cards(st: CentocinqueState, seat: int, count: int) -> int:
    """Draw up to ``count`` cards, reshuffling the discard pile when the stock runs out."""
    got = 0
    while got < count:
        if not st.stock:
            if len(st.discard) <= 1:
                break
            st.shuffles += 1
            st.stock = shuffled(st.discard[:-1], st.seed, "reshuffle", st.hand_no, st.shuffles)
            st.discard = st.discard[-1:]
        st.hands[seat].append(st.stock.pop(0))
        got += 1
    return got


def _reshuffle_event(st: CentocinqueState, before: int, events: Events) -> None:
    if st.shuffles != before:
        events.append(ev.Reshuffle(type="reshuffle", stock=len(st.stock)))


def _next_turn(st: CentocinqueState, steps: int, events: Events) -> None:
    assert st.current is not None
    st.current = _step(st, st.current, steps)
    events.append(ev.Turn(type="turn", seat=st.current))


def _play(st: CentocinqueState, seat: int, parts: list[str], events: Events) -> None:
    card = parts[1]
    said = parts[-1] == "penultima"
    named = parts[2] if len(parts) > 2 and parts[2] in ITALIAN_SUITS else None
    hand = st.hands[seat]
    hand.remove(card)
    st.discard.append(card)
    st.drawn = None
    st.missed = None
    st.free = False
    st.called_suit = None
    st.lock = None
    event = ev.Play(type="play", seat=seat, card=card, left=len(hand))
    if len(hand) == 1:
        event["penultima"] = said
        if not said:
            st.missed = seat
    events.append(event)
    r = rank(card)
    if r == "2":
        st.pending += 2
        event["effect"] = "draw_two"
        event["pending"] = st.pending
    elif r == "A":
        st.lock = suit(card)
        event["effect"] = "skip"
    elif r == "C":
        if named is not None:
            st.called_suit = named
            event["effect"] = "call_suit"
            event["suit"] = named
        else:
            st.free = True
            event["effect"] = "free_play"
    elif r == "R":
        if len(_alive(st)) > 2:
            st.direction = -st.direction
            event["effect"] = "reverse"
        else:
            event["effect"] = "none"
    if not hand:
        _end_hand(st, seat, events)
        return
    if r == "A":
        event["skipped"] = _step(st, seat, 1)
        _next_turn(st, 2, events)
    else:
        _next_turn(st, 1, events)


def _draw_action(st: CentocinqueState, seat: int, events: Events) -> None:
    st.missed = None
    before = st.shuffles
    if st.pending:
        got = _draw_cards(st, seat, st.pending)
        _reshuffle_event(st, before, events)
        events.append(ev.Draw(type="draw", seat=seat, count=got, owed=st.pending))
        st.pending = 0
        _next_turn(st, 1, events)
        return
    got = _draw_cards(st, seat, 1)
    _reshuffle_event(st, before, events)
    events.append(ev.Draw(type="draw", seat=seat, count=got))
    card = st.hands[seat][-1] if got else None
    if card is not None and _playable(st, card):
        st.drawn = card
        return
    events.append(ev.Pass(type="pass", seat=seat))
    _next_turn(st, 1, events)


def _callout(st: CentocinqueState, seat: int, target: int, events: Events) -> None:
    """A legal call-out (RULES.md §1.6, §1.9). It is nobody's turn: a wrong one costs the caller
    its penalty and closes no other seat's window; but a caller whose own window was open and
    who now holds more than one card can no longer be called."""
    before = st.shuffles
    if st.missed == target:
        st.missed = None
        got = _draw_cards(st, target, st.options.penultima_penalty)
        _reshuffle_event(st, before, events)
        events.append(ev.Callout(type="callout", seat=seat, target=target, penalty=got))
    else:
        got = _draw_cards(st, seat, st.options.false_callout_penalty)
        _reshuffle_event(st, before, events)
        events.append(ev.Callout(type="callout", seat=seat, target=target, wrong=True, penalty=got))
        if st.missed == seat and len(st.hands[seat]) != 1:
            st.missed = None


def _position(st: CentocinqueState) -> str:
    """Everything the rest of the hand depends on, as the players can know it: each hand, the
    cards in the stock and under the top card (not their order, which is chance), the top card,
    the seat on turn, the direction, what the next card must be, a drawn card, a missed
    penúltima. Every card code is two characters, so joining them is unambiguous."""
    flags = [
        st.discard[-1],
        str(st.current),
        str(st.direction),
        str(st.pending),
        "F" if st.free else "",
        st.called_suit or "",
        st.lock or "",
        st.drawn or "",
        "" if st.missed is None else str(st.missed),
    ]
    piles = ["".join(sorted(st.stock)), "".join(sorted(st.discard[:-1]))]
    return "/".join(["".join(sorted(h)) for h in st.hands] + piles + flags)


def _after_move(
    st: CentocinqueState, hand_no: int, shuffles: int, turn: bool, events: Events
) -> None:
    """Block the hand if a move brought back a position already seen in it (RULES.md §1.4).

    The position is remembered after every move that rebuilt the stock and after every turn
    (a play, a draw, a pass) that leaves the stock empty. A hand that never ended would have to
    do one or the other for ever, and positions are finitely many, so one would come back:
    every hand ends. Nothing else is remembered, so the check costs nothing while the stock
    lasts, and a call-out that changes nothing can never block a hand.
    """
    if st.current is None or st.hand_no != hand_no:
        return  # the move ended the hand
    if st.shuffles == shuffles and (st.stock or not turn):
        return
    key = _position(st)
    if key in st.positions:
        _block_hand(st, events)
    else:
        st.positions.append(key)


def _hand_points(st: CentocinqueState, seat: int) -> int:
    return sum(PENALTY[c[:-1]] for c in st.hands[seat])


def _block_hand(st: CentocinqueState, events: Events) -> None:
    """End a hand that has gone round in circles: the fewest penalty points win it (then the
    fewest cards, then the first in order of play from the seat on turn); the others score
    as if the winner had gone out."""
    assert st.current is not None
    order = [st.current]
    while len(order) < len(_alive(st)):
        order.append(_step(st, order[-1], 1))
    winner = min(order, key=lambda s: (_hand_points(st, s), len(st.hands[s]), order.index(s)))
    _score_hand(st, winner, events, blocked=True)


def _end_hand(st: CentocinqueState, winner: int, events: Events) -> None:
    if st.pending and st.options.last_two_draws:
        victim = _step(st, winner, 1)
        before = st.shuffles
        got = _draw_cards(st, victim, st.pending)
        _reshuffle_event(st, before, events)
        events.append(ev.Draw(type="draw", seat=victim, count=got, owed=st.pending))
    _score_hand(st, winner, events, blocked=False)


def _score_hand(st: CentocinqueState, winner: int, events: Events, blocked: bool) -> None:
    """The hand is over: the others score their cards, then eliminations, the next deal."""
    st.pending = 0
    st.missed = None
    st.hands_won[winner] += 1
    penalties = {}
    for s in _alive(st):
        if s != winner:
            points = _hand_points(st, s)
            penalties[s] = points
            st.tallies[s] += points
    events.append(
        ev.HandOver(
            type="hand_over",
            hand=st.hand_no,
            winner=winner,
            blocked=blocked,
            penalties={str(s): p for s, p in penalties.items()},
            tallies=list(st.tallies),
        )
    )
    gone = [s for s in penalties if st.tallies[s] >= ELIMINATION]
    if gone:
        for s in gone:
            st.out[s] = True
        st.eliminated.append(gone)
        events.append(ev.Eliminated(type="eliminated", seats=gone))
    if len(_alive(st)) == 1:
        st.current = None
        events.append(ev.MatchOver(type="match_over", winner=winner, ranking=_ranking(st)))
        return
    st.hand_no += 1
    st.dealer = _next_alive(st, st.dealer)
    _deal(st, shuffled(PACK, st.seed, "hand", st.hand_no), events)


def _next_alive(st: CentocinqueState, seat: int) -> int:
    seat = (seat + 1) % st.seats
    while st.out[seat]:
        seat = (seat + 1) % st.seats
    return seat


def _deal(st: CentocinqueState, pack: list[str], events: Events) -> None:
    st.direction = 1
    st.pending = 0
    st.free = False
    st.called_suit = None
    st.lock = None
    st.drawn = None
    st.missed = None
    st.shuffles = 0
    st.positions = []
    st.hands = [[] for _ in range(st.seats)]
    order = []
    seat = st.dealer
    for _ in _alive(st):
        seat = _next_alive(st, seat)
        order.append(seat)
    pos = 0
    for _ in range(HAND_SIZE):
        for s in order:
            st.hands[s].append(pack[pos])
            pos += 1
    stock = pack[pos:]
    starter = stock.pop(0)
    buried = []
    if st.options.redeal_ace_starter:
        while starter[0] == "A":
            stock.append(starter)
            buried.append(starter)
            starter = stock.pop(0)
    st.stock = stock
    st.discard = [starter]
    st.current = order[0]
    events.append(
        ev.Deal(
            type="deal",
            hand=st.hand_no,
            dealer=st.dealer,
            starter=starter,
            buried=buried,
            first=order[0],
        )
    )


def _ranking(st: CentocinqueState) -> list[list[int]]:
    ranking: list[list[int]] = [[s] for s in _alive(st)]
    for group in reversed(st.eliminated):
        by_tally: dict[int, list[int]] = {}
        for s in group:
            by_tally.setdefault(st.tallies[s], []).append(s)
        ranking.extend(sorted(by_tally[t]) for t in sorted(by_tally))
    return ranking
