"""Scopa: the Italian fishing game for two, three or four players (RULES.md §4).

Action tokens:
  ``play:<card>``                    lay a card down on the table (only when it takes nothing);
  ``play:<card>:<c1>+<c2>+...``      play it and take exactly those table cards, listed in the
                                     order of the pack (suit c, d, s, b; rank A..R).
Every legal take is its own token, so two table cards of the same value are two tokens.

Steps that belong to nobody happen inside ``new_game`` and ``apply`` and are reported as
events: the deals (and a redeal for three or four Re on the table), the last take's sweep of
the table, the round's scoring, another round, the end of the game. Events are public: they
name only cards everyone sees (the table, the card played, the cards taken).

With four players seat i partners seat i + 2 and the two partnerships are the sides (0 and 1);
otherwise every seat is a side of its own. Where RULES.md §4 is silent, the choices are written
down in docs/RULES.md (Scopa, "Choices of this engine").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from bot.games.base import Json, Options, not_held, shuffled
from bot.games.errors import Card, GameError
from bot.games.kit import Engine, Setup, Shown
from bot.games.scopa import events as ev
from bot.games.scopa.cards import PACK, PACK_SET, VALUE, sort_cards
from bot.games.scopa.events import ScopaEvent
from bot.games.scopa.scoring import score_round
from bot.games.scopa.takes import takes
from bot.games.seating import Seating

HAND = 3
TABLE = 4
SCOPONE_HAND = 10
KINGS = 3  # this many Re among the first four table cards and the round is dealt again


class ScopaOptions(Options):
    """House rules of RULES.md §4, with their defaults."""

    kings_redeal: bool = True
    last_card_scopa: bool = False
    napola: bool = False
    target: Literal[11, 16, 21, 31] = 11
    scopone: bool = False


@dataclass(slots=True)
class ScopaState:
    """One game. Mutable only inside ``apply`` (on a clone) and the AI's playouts (on their own
    samples)."""

    seats: int
    seed: int
    options: ScopaOptions
    dealer: Shown[int]
    round_no: int = 1
    redeals: int = 0  # this round's redeals for Re on the table
    first: Shown[int] = 0  # who plays first this round
    current: Shown[int | None] = None  # None: the game is over
    hands: list[list[str]] = field(default_factory=list)
    table: Shown[list[str]] = field(default_factory=list)  # in the order the cards came down
    stock: list[str] = field(default_factory=list)  # top first
    piles: list[list[str]] = field(default_factory=list)  # per side, this round
    scope: Shown[list[int]] = field(default_factory=list)  # per side, this round
    takes: list[dict[str, Any]] = field(default_factory=list)  # this round's: seat, card, took
    scores: Shown[list[int]] = field(default_factory=list)  # per side, the game so far
    last_round: dict[str, Any] | None = None  # its summary, and how it ended ("ending")


SEATING = Seating(fewest=2, most=4, default=2, sides=2, partners_at=frozenset({4}))
"""Two, three or four players; at four, partners opposite each other."""
Events = list[ScopaEvent]


def sides_of(seats: int) -> int:
    """Two partnerships at four seats, otherwise a side per seat."""
    return SEATING.side_count(seats)


class Scopa(Engine[ScopaState, ScopaOptions, ScopaEvent]):
    name = "scopa"
    title = "Scopa"
    seating = SEATING
    first_deal = ("round", 1, 0)

    def pack(self, seats: int) -> list[str]:
        return list(PACK)

    # -- setting up ---------------------------------------------------------------------------

    def check_seats(self, seats: int, options: ScopaOptions) -> None:
        super().check_seats(seats, options)
        if options.scopone and seats != 4:
            raise GameError("Scopone is played by four players only.")

    def start(self, setup: Setup[ScopaOptions], events: Events) -> ScopaState:
        st = setup.state(ScopaState)
        st.scores = [0] * sides_of(setup.seats)
        start_round(st, setup.deck, events)
        return st

    # -- who acts -----------------------------------------------------------------------------

    def legal_actions(self, state: ScopaState, seat: int) -> list[str]:
        if seat != state.current:
            return []
        return [
            token for card in state.hands[seat] for token in tokens(card, takes(state.table, card))
        ]

    # -- moves --------------------------------------------------------------------------------

    def check_move(self, state: ScopaState, seat: int, action: str, parts: list[str]) -> None:
        if seat != state.current:
            raise GameError("It is not your turn.")
        if parts[0] != "play" or len(parts) not in (2, 3):
            raise GameError("That is not a move in Scopa: play a card.")
        card = parts[1]
        if refused := not_held(card, PACK_SET, state.hands[seat]):
            raise refused
        took = tuple(parts[2].split("+")) if len(parts) == 3 else ()
        open_takes = takes(state.table, card)
        if took not in open_takes and (took or open_takes):
            raise _why_not(state.table, card, took, open_takes)

    def move(self, st: ScopaState, seat: int, parts: list[str], events: Events) -> None:
        play(st, seat, parts[1], parts[2].split("+") if len(parts) == 3 else [], events)

    # -- what people see ----------------------------------------------------------------------

    def seat_view(self, state: ScopaState, seat: int | None) -> Json:
        """What ``seat`` may know (``None``: the public view): its own hand, and everything
        played face up. Never another hand, the stock's order or the seed."""
        return {
            "sides": sides_of(state.seats),
            "stock": len(state.stock),
            "piles": [len(p) for p in state.piles],
            "takes": [_take(t) for t in state.takes],
            "last_take": _take(state.takes[-1]) if state.takes else None,
            "round": state.round_no,
            "last_round": _summary(state.last_round),
            "ending": _ending(state) if state.current is None else [],
        }

    def result(self, state: ScopaState) -> Json:
        ranking = rank_sides(state)
        sides = sides_of(state.seats)
        return {
            "ranking": ranking,
            "winner": ranking[0][0] % sides,
            "points": [state.scores[s % sides] for s in range(state.seats)],
            "rounds": state.round_no,
        }

    # -- loading ------------------------------------------------------------------------------

    def check(self, state: ScopaState) -> None:
        cards = [c for h in state.hands for c in h] + state.table + state.stock
        cards += [c for p in state.piles for c in p]
        if sorted(cards) != sorted(PACK) or len(state.hands) != state.seats:
            raise ValueError("cards")
        if len(state.piles) != sides_of(state.seats) or len(state.scores) != len(state.piles):
            raise ValueError("sides")


# -- the rules, in place ----------------------------------------------------------------------


def tokens(card: str, open_takes: list[tuple[str, ...]]) -> list[str]:
    """The tokens of playing ``card``: one per take, or laying it down when it takes nothing."""
    if not open_takes:
        return [f"play:{card}"]
    return [f"play:{card}:{'+'.join(took)}" for took in open_takes]


def _take(take: dict[str, Any]) -> dict[str, Any]:
    return {"seat": take["seat"], "card": take["card"], "took": list(take["took"])}


def _summary(last_round: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last round's scores, without how it ended: its cards are in the new round's hands."""
    if last_round is None:
        return None
    return {key: value for key, value in last_round.items() if key != "ending"}


def _ending(state: ScopaState) -> Events:
    """The events that ended the game's last round: its last play, and the sweep of what was
    left on the table (none in a game stored before rounds kept them)."""
    return list(state.last_round.get("ending", [])) if state.last_round else []


def _why_not(
    table: list[str], card: str, took: tuple[str, ...], open_takes: list[tuple[str, ...]]
) -> GameError:
    named = Card(card, "scopa")
    if not open_takes:
        return GameError("The {card} takes nothing here: lay it down.", card=named)
    if not took:
        return GameError("The {card} can take, and taking is compulsory.", card=named)
    if any(VALUE[c] == VALUE[card] for c in table):
        return GameError(
            "The {card} must take one table card of the same value (presa diretta).", card=named
        )
    return GameError("Those are not table cards adding up to the {card}.", card=named)


def side_of(st: ScopaState, seat: int) -> int:
    return seat % len(st.piles)


def play(st: ScopaState, seat: int, card: str, took: list[str], events: Events) -> None:
    """Play a legal move of the seat on turn, and whatever follows it (a deal, the round's
    end), on ``st`` itself."""
    st.hands[seat].remove(card)
    last = not st.stock and not any(st.hands)
    scopa = False
    if took:
        for c in took:
            st.table.remove(c)
        side = side_of(st, seat)
        st.piles[side] += [card, *took]
        st.takes.append({"seat": seat, "card": card, "took": took})
        scopa = not st.table and (not last or st.options.last_card_scopa)
        if scopa:
            st.scope[side] += 1
    else:
        st.table.append(card)
    events.append(
        ev.Play(
            type="play",
            seat=seat,
            card=card,
            took=list(took),
            scopa=scopa,
            left=len(st.table),
            last=last,
        )
    )
    st.current = (seat + 1) % st.seats
    if last:
        end_round(st, events)
    elif not any(st.hands):
        _deal_more(st, events)


def _order(st: ScopaState) -> list[int]:
    """The seats in the order they are dealt to and play: from the one after the dealer."""
    return [(st.dealer + 1 + i) % st.seats for i in range(st.seats)]


def _deal_hands(st: ScopaState, pack: list[str], size: int) -> list[str]:
    """Deal ``size`` cards to each seat, one at a time; return what is left of ``pack``."""
    order = _order(st)
    for i in range(size):
        for n, seat in enumerate(order):
            st.hands[seat].append(pack[i * len(order) + n])
    for hand in st.hands:
        hand[:] = sort_cards(hand)
    return pack[size * len(order) :]


def start_round(st: ScopaState, deck: list[str] | None, events: Events) -> None:
    """Deal a round: from ``deck`` (an explicit first deal) or a shuffle drawn from the seed,
    again while the table shows too many Re (``kings_redeal``)."""
    sides = len(st.scores)
    st.redeals = 0
    while True:
        pack = (
            deck if deck is not None else shuffled(PACK, st.seed, "round", st.round_no, st.redeals)
        )
        deck = None
        st.hands = [[] for _ in range(st.seats)]
        st.piles = [[] for _ in range(sides)]
        st.scope = [0] * sides
        st.takes = []
        if st.options.scopone:
            st.stock = _deal_hands(st, pack, SCOPONE_HAND)
            st.table = []
            break
        rest = _deal_hands(st, pack, HAND)
        st.table, st.stock = rest[:TABLE], rest[TABLE:]
        if not st.options.kings_redeal or sum(c[0] == "R" for c in st.table) < KINGS:
            break
        st.redeals += 1
        events.append(
            ev.Redeal(type="redeal", round=st.round_no, dealer=st.dealer, table=list(st.table))
        )
    st.first = st.current = _order(st)[0]
    events.append(_deal_event(st, fresh=True))


def _deal_more(st: ScopaState, events: Events) -> None:
    st.stock = _deal_hands(st, st.stock, HAND)
    events.append(_deal_event(st, fresh=False))


def _deal_event(st: ScopaState, fresh: bool) -> ev.Deal:
    return ev.Deal(
        type="deal",
        round=st.round_no,
        dealer=st.dealer,
        first=st.first,
        fresh=fresh,
        table=list(st.table) if fresh else [],
        stock=len(st.stock),
    )


def end_round(st: ScopaState, events: Events) -> None:
    """The last card is played: the table to the last taker, the points, then another round
    or the end of the game."""
    ending = [dict(events[-1])]  # the round's last play, which ``play`` has just told
    if st.table:
        taker = st.takes[-1]["seat"] if st.takes else None
        sweep = ev.Sweep(type="sweep", seat=taker, cards=sort_cards(st.table))
        ending.append(dict(sweep))
        events.append(sweep)
        if taker is not None:
            st.piles[side_of(st, taker)] += st.table
            st.table = []
    sides = score_round(st.piles, st.scope, st.options.napola, st.seats)
    for side, part in enumerate(sides):
        st.scores[side] += part["total"]
    st.last_round = {
        "round": st.round_no,
        "sides": sides,
        "scores": list(st.scores),
        "ending": ending,
    }
    events.append(
        ev.RoundOver(
            type="round_over",
            round=st.round_no,
            sides=sides,
            scores=list(st.scores),
            target=st.options.target,
        )
    )
    top = max(st.scores)
    if top >= st.options.target:
        if st.scores.count(top) == 1:
            st.current = None
            events.append(
                ev.GameOver(
                    type="game_over",
                    ranking=rank_sides(st),
                    scores=list(st.scores),
                    rounds=st.round_no,
                )
            )
            return
        events.append(ev.ExtraRound(type="extra_round", scores=list(st.scores)))
    st.round_no += 1
    st.dealer = (st.dealer + 1) % st.seats
    start_round(st, None, events)


def rank_sides(st: ScopaState) -> list[list[int]]:
    """Seats by their side's score, best first; sides level share a place (partners together)."""
    return SEATING.ranking(st.seats, st.scores)
