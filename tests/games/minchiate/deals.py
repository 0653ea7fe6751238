"""Explicit decks for Minchiate tests, built from the rules' description of the cut and deal.

The pack after the cut is every packet in dealing order (10 cards to each seat from the one
after the dealer, then 11 to each), then the fola. The cut takes the first ``cut`` cards off the
top; the cutter robs upwards from the bottom of that part, and what is left of it goes under
the rest (RULES.md §3.3). ``arranged_deck`` inverts that.
"""

from __future__ import annotations

from bot.games.base import Event
from bot.games.minchiate import Minchiate, MinchiateState
from bot.games.minchiate.cards import PACK, POINTS
from tests.games.support import seat_on_turn

RULES = Minchiate()

CUT = 40
# Cards nobody robs or takes from the fola: zero points, not trumps above 20.
QUIET = [c for c in PACK if c[0] not in "TMR"]


def arranged_deck(
    dealer: int, dealt: dict[int, list[str]], fola: list[str], robbed: tuple[str, ...] = ()
) -> list[str]:
    """The deck (top first) that, cut at ``CUT``, deals ``dealt`` (each seat's 21 cards in the
    order received; the last one is shown) and leaves ``fola``, after the cutter robs ``robbed``."""
    order = [(dealer + i) % 4 for i in range(1, 5)]
    after_cut = [c for lo, hi in ((0, 10), (10, 21)) for s in order for c in dealt[s][lo:hi]]
    after_cut += fola
    below = len(PACK) - CUT
    deck = after_cut[below:] + list(robbed)[::-1] + after_cut[:below]
    assert sorted(deck) == sorted(PACK), "the arranged cards are not one full pack"
    return deck


def quiet_deal(hands: dict[int, list[str]], dealer: int = 0) -> list[str]:
    """A deck giving each seat its listed cards first, filled up to 21 with the rest of the pack,
    and a fola of 13 quiet cards, so that neither the cutter nor the dealer takes anything."""
    used = {c for cards in hands.values() for c in cards}
    fola = [c for c in QUIET if c not in used][:13]
    rest = [c for c in PACK if c not in used and c not in fola]
    dealt = {}
    for seat in range(4):
        given = hands.get(seat, [])
        filler = rest[: 21 - len(given)]
        del rest[: 21 - len(given)]
        # A filled hand shows a card worth nothing, so that only the cards a test lists score.
        filler.sort(key=lambda c: POINTS[c] == 0)
        dealt[seat] = given + filler
    return arranged_deck(dealer, dealt, fola)


def to_first_lead(deck: list[str], dealer: int = 0) -> MinchiateState:
    """A game from ``deck`` (nothing robbed) brought to the first lead: nobody declares."""
    state = RULES.new_game(seats=4, seed=0, dealer=dealer, deck=deck, cut=CUT)
    while state.phase == "declare":
        state, _ = RULES.apply(state, seat_on_turn(RULES, state), "nodeclare")
    assert state.phase == "play"
    return state


def play(state: MinchiateState, *cards: str) -> tuple[MinchiateState, list[Event]]:
    """Play ``cards`` in turn; return the state and all the events."""
    events: list[Event] = []
    for card in cards:
        state, new = RULES.apply(state, seat_on_turn(RULES, state), "play:" + card)
        events += new
    return state, events


def every_card(st: MinchiateState) -> list[str]:
    return [c for part in (st.hands, st.discards, st.piles) for cards in part for c in cards] + (
        st.fola + st.trick
    )


def visible(st: MinchiateState, seat: int | None) -> set[str]:
    """The cards ``seat`` may know of, read from the rules: its own hand and discards, what was
    robbed, shown, declared and played, the fola once shown; the cutter's look at the cut, and
    the fola to the dealer who looked through it."""
    seen = {*st.cutter_robbed, *st.dealer_robbed, *st.dealer_took, *st.shown, *st.trick}
    seen |= {c for cards in st.tricks for c in cards} | {c for p in st.piles for c in p}
    seen |= {st.put_back} if st.put_back else set()
    for answer in st.declarations:
        if answer and answer["declared"]:
            seen |= {c for combo in answer["combinations"] for c in combo["cards"]}
    if st.phase in ("play", "over"):
        seen |= {*st.fola, st.cut_seen or "", *(c for d in st.discards for c in d)}
    if seat is not None:
        seen |= {*st.hands[seat], *st.discards[seat]}
        if seat == st.dealer:
            seen |= set(st.fola)
        if seat == (st.dealer - 1) % 4 and st.cut_seen:
            seen.add(st.cut_seen)
    return seen
