"""War on a 52-card French pack, two seats (RULES.md).

Action tokens:
  ``play:<card>``   turn up a card of your hand; once both seats have, the higher rank
                    takes both (Aces high); a tie leaves them for the next round's winner.

Each seat holds three cards drawn from its own face-down pile; after each round both draw
back to three. The match is a fixed number of rounds (a house rule).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import Field

from bot.games.base import Json, Options
from bot.games.cards import french_pack
from bot.games.errors import GameError
from bot.games.kit import Engine, Setup
from bot.games.seating import Seating
from tests.games.toy.war import events as ev
from tests.games.toy.war.events import WarEvent

HAND = 3
RANKS = "23456789TJQKA"  # low to high

Events = list[WarEvent]


class WarOptions(Options):
    rounds: int = Field(default=10, ge=1, le=20)


@dataclass(slots=True)
class WarState:
    seats: int
    seed: int
    options: WarOptions
    dealer: int
    hands: list[list[str]] = field(default_factory=list)
    piles: list[list[str]] = field(default_factory=list)  # face down, top first
    table: list[str | None] = field(default_factory=list)
    pot: list[str] = field(default_factory=list)
    won: list[list[str]] = field(default_factory=list)
    current: int | None = None
    round_no: int = 1


class War(Engine[WarState, WarOptions, WarEvent]):
    name = "war"
    title = "War"
    seating = Seating(fewest=2, most=2, default=2)

    def pack(self, seats: int) -> list[str]:
        return french_pack()

    def start(self, setup: Setup[WarOptions], events: Events) -> WarState:
        piles = [setup.deck[seat :: setup.seats] for seat in range(setup.seats)]
        first = (setup.dealer + 1) % setup.seats
        st = WarState(
            seats=setup.seats,
            seed=setup.seed,
            options=setup.options,
            dealer=setup.dealer,
            hands=[pile[:HAND] for pile in piles],
            piles=[pile[HAND:] for pile in piles],
            table=[None] * setup.seats,
            won=[[] for _ in piles],
            current=first,
        )
        events.append(ev.Deal(type="deal", dealer=setup.dealer, first=first))
        return st

    def legal_actions(self, state: WarState, seat: int) -> list[str]:
        return [f"play:{card}" for card in state.hands[seat]] if seat == state.current else []

    def why_illegal(self, state: WarState, seat: int, parts: list[str]) -> GameError:
        if seat != state.current:
            return GameError("It is not your turn.")
        if parts[0] != "play" or len(parts) != 2:
            return GameError("That is not a move.")
        return GameError("You do not hold that card.")

    def move(self, st: WarState, seat: int, parts: list[str], events: Events) -> None:
        card = parts[1]
        st.hands[seat].remove(card)
        st.table[seat] = card
        events.append(ev.Play(type="play", seat=seat, card=card))
        other = 1 - seat
        if st.table[other] is None:
            st.current = other
            return
        turned = [c for c in st.table if c is not None]
        ranks = [RANKS.index(c[0]) for c in turned]
        st.table = [None] * st.seats
        if ranks[0] == ranks[1]:
            st.pot += turned
            events.append(ev.Tie(type="tie", pot=len(st.pot)))
        else:
            winner = ranks.index(max(ranks))
            taken = turned + st.pot
            st.won[winner] += taken
            st.pot = []
            events.append(ev.Take(type="take", seat=winner, cards=len(taken)))
            seat = winner
        for hand, pile in zip(st.hands, st.piles, strict=True):
            while len(hand) < HAND and pile:
                hand.append(pile.pop(0))
        if st.round_no == st.options.rounds:
            st.current = None
            events.append(ev.MatchOver(type="match_over", ranking=_ranking(st)))
            return
        st.round_no += 1
        st.current = seat  # the winner leads; after a tie, the same leader

    def seat_view(self, state: WarState, seat: int | None) -> Json:
        return {
            "piles": [len(p) for p in state.piles],
            "table": list(state.table),
            "pot": len(state.pot),
            "won": [len(w) for w in state.won],
            "current": state.current,
            "direction": 1,
            "dealer": state.dealer,
            "round": state.round_no,
            "rounds": state.options.rounds,
        }

    def result(self, state: WarState) -> Json:
        return {"ranking": _ranking(state), "won": [len(w) for w in state.won]}

    def check(self, state: WarState) -> None:
        held = state.hands + state.piles + state.won + [state.pot]
        cards = [c for place in held for c in place] + [c for c in state.table if c]
        if sorted(cards) != sorted(self.pack(state.seats)) or state.seats != 2:
            raise ValueError("not the pack once each")


def _ranking(st: WarState) -> list[list[int]]:
    counts = [len(w) for w in st.won]
    return [[s for s in range(st.seats) if counts[s] == n] for n in sorted(set(counts))[::-1]]
