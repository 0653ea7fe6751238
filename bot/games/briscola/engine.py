"""Briscola: a match of deals for 2, 3 or 4 players, partners opposite at four (RULES.md §5).

Action tokens:
  ``play:<card>``   play a card to the trick (any card: there is no duty to follow suit);
  ``swap``          with ``swap_seven``: exchange the 7 of trumps for the face-up briscola
                    while it is still under the stock, then play.

Steps that belong to nobody (the deal, the draws after each trick, the scoring of a deal, the
next deal, the end of the match) happen inside ``apply`` (the first deal in ``new_game``) and
are reported as events. Events are public: a draw names no card, except the face-up briscola,
which everyone sees go into the hand that draws it last.

Where RULES.md leaves room, this engine reads it so (docs/RULES.md, Briscola, lists them all):
an explicit deck is the first deal's; the later deals are shuffled from the seed. The face-up
briscola is under the stock, and the stock's size counts it. ``swap`` may be made at any turn of
the seat holding the 7 of trumps, leading or following, while the face-up briscola is there.
During a deal the view shows every trick played (each was played face up) and how many tricks
each side took, not the points: counting them is each player's own skill, as at the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import Field

from bot.games.base import Json, Options, shuffled
from bot.games.briscola import events as ev
from bot.games.briscola.cards import (
    CARICHI,
    PACK_SET,
    POINTS,
    pack_for,
    seven_of,
    sort_hand,
    winning_index,
)
from bot.games.briscola.events import BriscolaEvent
from bot.games.errors import Card, GameError
from bot.games.kit import Engine, Setup, Shown
from bot.games.seating import Seating

HAND_SIZE = 3


class BriscolaOptions(Options):
    """House rules of RULES.md §5, with their defaults."""

    swap_seven: bool = False
    deals_to_win: int = Field(default=2, ge=1, le=5)


SEATING = Seating(fewest=2, most=4, default=2, sides=2, partners_at=frozenset({4}))
"""Two, three or four players; at four, partners opposite each other."""
Events = list[BriscolaEvent]


def sides_of(seats: int) -> int:
    """How many sides play: two partnerships at four, otherwise every seat for itself."""
    return SEATING.side_count(seats)


def side_seats(seats: int) -> list[list[int]]:
    return SEATING.side_seats(seats)


@dataclass(slots=True)
class BriscolaState:
    """One match. Mutable only inside ``apply``, which works on a clone."""

    seats: int
    seed: int
    options: BriscolaOptions
    dealer: Shown[int]
    deal_no: int = 1
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)  # face down, top first
    face_up: Shown[str | None] = None  # the briscola under the stock, until it is drawn
    briscola: Shown[str] = ""  # the card turned at this deal: its suit is trumps
    drawn_by: Shown[int | None] = None  # the seat that drew the face-up briscola
    known: Shown[dict[str, int]] = field(default_factory=dict)  # cards all know are in a hand: seat
    leader: Shown[int] = 0
    current: Shown[int | None] = None
    trick: Shown[list[str]] = field(default_factory=list)
    tricks: list[list[str]] = field(default_factory=list)  # this deal's, in order of play
    leaders: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    piles: list[list[str]] = field(default_factory=list)  # this deal's cards taken, by side
    deals_won: Shown[list[int]] = field(default_factory=list)  # by side
    results: Shown[list[list[int]]] = field(default_factory=list)  # each deal's points, by side

    @property
    def trumps(self) -> str:
        return self.briscola[-1]


class Briscola(Engine[BriscolaState, BriscolaOptions, BriscolaEvent]):
    name = "briscola"
    title = "Briscola"
    seating = SEATING

    def pack(self, seats: int) -> list[str]:
        return pack_for(seats)

    # -- setting up ---------------------------------------------------------------------------

    def start(self, setup: Setup[BriscolaOptions], events: Events) -> BriscolaState:
        st = setup.state(BriscolaState)
        st.deals_won = [0] * sides_of(setup.seats)
        deal(st, setup.deck, events)
        return st

    # -- who acts -----------------------------------------------------------------------------

    def legal_actions(self, state: BriscolaState, seat: int) -> list[str]:
        if seat != state.current:
            return []
        hand = sort_hand(state.hands[seat], state.trumps)
        acts = ["play:" + c for c in hand]
        if can_swap(state, seat):
            acts.append("swap")
        return acts

    # -- moves --------------------------------------------------------------------------------

    def move(self, st: BriscolaState, seat: int, parts: list[str], events: Events) -> None:
        if parts[0] == "swap":
            swap(st, seat, events)
        else:
            play_card(st, seat, parts[1], events)

    def why_illegal(self, state: BriscolaState, seat: int, parts: list[str]) -> GameError:
        return _why_illegal(state, seat, parts)

    # -- what people see ----------------------------------------------------------------------

    def shown_hand(self, state: BriscolaState, seat: int) -> list[str]:
        return sort_hand(state.hands[seat], state.trumps)

    def seat_view(self, state: BriscolaState, seat: int | None) -> Json:
        """What ``seat`` may know (``None``: the public view): its own hand, and what the whole
        table saw. Never another hand (but for the cards all know are in it), the stock's
        order or the seed."""
        sides = sides_of(state.seats)
        over = state.current is None
        return {
            "sides": side_seats(state.seats),
            "deal": state.deal_no,
            "trumps": state.trumps,
            "stock": len(state.stock) + (state.face_up is not None),
            "tricks": [
                {"leader": lead, "cards": list(cards), "winner": won}
                for lead, cards, won in zip(state.leaders, state.tricks, state.winners, strict=True)
            ],
            "taken": [sum(w % sides == s for w in state.winners) for s in range(sides)],
            "ending": [trick_event(state, last=True)] if over else [],  # what ended it
        }

    def result(self, state: BriscolaState) -> Json:
        sides = sides_of(state.seats)
        return {
            "ranking": ranking(state),
            "sides": side_seats(state.seats),
            "deals": len(state.results),
            "deals_won": [state.deals_won[s % sides] for s in range(state.seats)],
            "points": [sum(r[s % sides] for r in state.results) for s in range(state.seats)],
            "deal_points": [list(r) for r in state.results],
        }

    # -- loading ------------------------------------------------------------------------------

    def check(self, state: BriscolaState) -> None:
        _check_loaded(state)


# -- the deal --------------------------------------------------------------------------------


def deal(st: BriscolaState, pack: list[str], events: Events) -> None:
    """Deal three cards each, one at a time from the seat after the dealer; turn the next card
    face up under the stock: the briscola. The seat after the dealer leads."""
    n = st.seats
    first = (st.dealer + 1) % n
    st.hands = [[] for _ in range(n)]
    for i in range(HAND_SIZE * n):
        st.hands[(first + i) % n].append(pack[i])
    st.briscola = st.face_up = pack[HAND_SIZE * n]
    st.stock = pack[HAND_SIZE * n + 1 :]
    st.drawn_by = None
    st.known = {}
    st.trick, st.tricks, st.leaders, st.winners = [], [], [], []
    st.piles = [[] for _ in range(sides_of(n))]
    st.leader = st.current = first
    events.append(
        ev.Deal(type="deal", deal=st.deal_no, dealer=st.dealer, first=first, briscola=st.briscola)
    )


def can_swap(st: BriscolaState, seat: int) -> bool:
    return (
        st.options.swap_seven and st.face_up is not None and seven_of(st.trumps) in st.hands[seat]
    )


def swap(st: BriscolaState, seat: int, events: Events) -> None:
    """The 7 of trumps goes under the stock face up; the briscola it replaces is known to be in
    the hand that took it. The seat is still on turn."""
    seven, taken = seven_of(st.trumps), st.face_up
    assert taken is not None
    hand = st.hands[seat]
    hand.remove(seven)
    hand.append(taken)
    st.face_up = seven
    st.known[taken] = seat
    events.append(ev.Swap(type="swap", seat=seat, seven=seven, card=taken))


def play_card(st: BriscolaState, seat: int, card: str, events: Events) -> None:
    """Carry out a legal play in place (``apply`` hands it a clone)."""
    st.hands[seat].remove(card)
    st.known.pop(card, None)
    st.trick.append(card)
    events.append(ev.Play(type="play", seat=seat, card=card))
    if len(st.trick) < st.seats:
        st.current = (seat + 1) % st.seats
        return
    _close_trick(st, events)


def is_strozzo(cards: list[str], leader: int, winner_at: int, seats: int, trumps: str) -> bool:
    """A carico of another side caught by a higher card of its own suit (not a trump): the
    Asso on the 3, say."""
    best = cards[winner_at]
    if best[-1] == trumps:
        return False
    sides = sides_of(seats)
    mine = (leader + winner_at) % seats % sides
    return any(
        c in CARICHI and c[-1] == best[-1] and (leader + i) % seats % sides != mine
        for i, c in enumerate(cards)
        if i != winner_at
    )


def _close_trick(st: BriscolaState, events: Events) -> None:
    cards, leader, n = st.trick, st.leader, st.seats
    at = winning_index(cards, st.trumps)
    winner = (leader + at) % n
    st.piles[winner % sides_of(n)].extend(cards)
    st.tricks.append(cards)
    st.leaders.append(leader)
    st.winners.append(winner)
    st.trick = []
    events.append(trick_event(st, last=st.face_up is None and not any(st.hands)))
    if st.face_up is not None:
        _draw(st, winner, events)
    if st.hands[winner]:
        st.leader = st.current = winner
    else:
        _end_deal(st, events)


def trick_event(st: BriscolaState, last: bool) -> ev.Trick:
    """The event of the deal's latest trick (``last``: the deal's last trick)."""
    cards, leader, winner = st.tricks[-1], st.leaders[-1], st.winners[-1]
    at = (winner - leader) % st.seats
    return ev.Trick(
        type="trick",
        number=len(st.tricks),
        leader=leader,
        cards=list(cards),
        winner=winner,
        points=sum(POINTS[c] for c in cards),
        strozzo=is_strozzo(cards, leader, at, st.seats, st.trumps),
        last=last,
    )


def _draw(st: BriscolaState, winner: int, events: Events) -> None:
    """Each player draws a card, the trick's winner first; the face-up briscola comes last."""
    order = [(winner + i) % st.seats for i in range(st.seats)]
    for seat in order:
        if st.stock:
            st.hands[seat].append(st.stock.pop(0))
        else:
            card = st.face_up
            assert card is not None
            st.hands[seat].append(card)
            st.face_up = None
            st.drawn_by = seat
            st.known[card] = seat
            events.append(ev.Draw(type="draw", order=order, left=0))
            events.append(ev.LastCard(type="last_card", seat=seat, card=card))
            return
    events.append(ev.Draw(type="draw", order=order, left=len(st.stock) + 1))


def deal_winner(points: list[int]) -> int | None:
    """The side that wins a deal: the one with most points, alone at the top (above 60 wins
    outright: no other side can reach it); level at the top is a draw, the patta."""
    top = max(points)
    leaders = [s for s, p in enumerate(points) if p == top]
    return leaders[0] if len(leaders) == 1 else None


def _end_deal(st: BriscolaState, events: Events) -> None:
    points = [sum(POINTS[c] for c in pile) for pile in st.piles]
    winner = deal_winner(points)
    if winner is not None:
        st.deals_won[winner] += 1
    st.results.append(points)
    events.append(
        ev.DealOver(
            type="deal_over",
            deal=st.deal_no,
            points=list(points),
            winner=winner,
            deals_won=list(st.deals_won),
        )
    )
    if winner is not None and st.deals_won[winner] >= st.options.deals_to_win:
        st.current = None
        events.append(ev.MatchOver(type="match_over", winner=winner, ranking=ranking(st)))
        return
    st.deal_no += 1
    st.dealer = (st.dealer + 1) % st.seats
    deal(st, shuffled(pack_for(st.seats), st.seed, "deal", st.deal_no), events)


def ranking(st: BriscolaState) -> list[list[int]]:
    """Sides by deals won, most first, partners together; sides level share a place."""
    return SEATING.ranking(st.seats, st.deals_won)


# -- refusing moves --------------------------------------------------------------------------


def _why_illegal(st: BriscolaState, seat: int, parts: list[str]) -> GameError:
    if parts[0] not in ("play", "swap"):
        return GameError("That is not a move in Briscola.")
    if seat != st.current:
        return GameError("It is not your turn.")
    if parts[0] == "swap":
        if len(parts) != 1:
            return GameError("Say just swap.")
        if not st.options.swap_seven:
            return GameError("Swapping the 7 of trumps is not a rule at this table.")
        if st.face_up is None:
            return GameError("The briscola has been drawn: there is nothing to swap.")
        return GameError(
            "Only the holder of the {card} may swap it.", card=Card(seven_of(st.trumps), "briscola")
        )
    if len(parts) != 2:
        return GameError("Name one card, as in {example}.", example="play:Ad")
    if parts[1] not in PACK_SET:
        return GameError("That is not a card.")
    return GameError("You do not hold that card.")


# -- loading ---------------------------------------------------------------------------------


def _check_loaded(st: BriscolaState) -> None:
    """Refuse a state that could not arise: the right shapes, and the pack once each."""
    n = st.seats
    ints = (n, st.seed, st.dealer, st.deal_no, st.leader, *st.deals_won)
    if not all(type(x) is int for x in ints):
        raise TypeError("numbers")
    if not (2 <= n <= 4 and 0 <= st.dealer < n and 0 <= st.leader < n):
        raise ValueError("seats")
    if st.current is not None and (type(st.current) is not int or not 0 <= st.current < n):
        raise ValueError("current")
    sides = sides_of(n)
    if len(st.hands) != n or len(st.piles) != sides or len(st.deals_won) != sides:
        raise ValueError("shapes")
    if not len(st.tricks) == len(st.leaders) == len(st.winners):
        raise ValueError("tricks")
    if st.briscola not in PACK_SET or type(st.known) is not dict:
        raise ValueError("briscola")
    if not all(type(s) is int and 0 <= s < n for s in st.known.values()):
        raise ValueError("known")
    face_up = [st.face_up] if st.face_up is not None else []
    held = [c for part in (st.hands, st.piles) for cards in part for c in cards]
    if sorted(held + st.stock + face_up + st.trick) != sorted(pack_for(n)):
        raise ValueError("cards")
