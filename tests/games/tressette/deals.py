"""Helpers for the Tressette tests: deals from explicit decks, and whole deals laid out trick
by trick."""

from __future__ import annotations

from typing import Any

from bot.games.tressette.cards import PACK, winning_index
from bot.games.tressette.engine import PACKET, Tressette, TressetteState

RULES = Tressette()


def deck_for(hands: list[list[str]], stock: list[str] | None = None) -> list[str]:
    """A full deck (top first) dealing ``hands`` (ten cards each) five at a time from
    ``hands[0]``, then ``stock`` from its top, then the rest of the pack in its order."""
    assert all(len(h) == 2 * PACKET for h in hands), "ten cards each"
    dealt = [c for packet in (0, PACKET) for h in hands for c in h[packet : packet + PACKET]]
    used = dealt + (stock or [])
    assert len(set(used)) == len(used), "a card is used twice"
    return used + [c for c in PACK if c not in used]


def start(
    hands: list[list[str]],
    stock: list[str] | None = None,
    options: dict[str, Any] | None = None,
    first: int = 0,
) -> TressetteState:
    """Seat ``first`` leads: the dealer is the seat before it, so it is dealt first."""
    seats = len(hands)
    deck = deck_for(hands[first:] + hands[:first], stock)
    dealer = (first - 1) % seats
    return RULES.new_game(seats=seats, seed=1, options=options, dealer=dealer, deck=deck)


def act(state: TressetteState, seat: int, action: str) -> tuple[TressetteState, list[Any]]:
    return RULES.apply(state, seat, action)


def hands_for(tricks: list[list[str]], first: int = 0) -> list[list[str]]:
    """The four hands that play ``tricks`` (each trick's cards in the order played: the first
    led by seat ``first``, each next one by the winner of the one before)."""
    hands: list[list[str]] = [[], [], [], []]
    for cards in tricks:
        for i, card in enumerate(cards):
            hands[(first + i) % 4].append(card)
        first = (first + winning_index(cards)) % 4
    return hands


def play_tricks(state: TressetteState, tricks: list[list[str]]) -> tuple[TressetteState, list[Any]]:
    """``tricks`` played through the contract, each card by the seat on turn; their events."""
    events: list[Any] = []
    for cards in tricks:
        for card in cards:
            seat = state.current
            assert seat is not None and card in state.hands[seat], (card, seat)
            state, made = act(state, seat, f"play:{card}")
            events += made
    return state, events


SPLIT = [
    ["Rc", "3c", "Ac", "2c"],
    ["2d", "Rd", "Cd", "Fd"],
    ["Cs", "Fs", "7s", "6s"],
    ["7c", "Cc", "6c", "Fc"],
    ["3d", "7d", "Ad", "6d"],
    ["3s", "Rs", "As", "2s"],
    ["3b", "2b", "Ab", "Rb"],
    ["Cb", "7b", "Fb", "6b"],
    ["5c", "5d", "5s", "5b"],
    ["4c", "4d", "4s", "4b"],
]
"""A deal of RULES.md §6.6, example 4, when seat 0 leads it: every trick of a suit but the
last two, where the winner leads its last two Coppe to three hands without one. The first
leader's opponents take three tricks, 12 thirds: the Asso di Coppe and nine cards of a third;
its side the other seven, the three other Assi, eleven cards of a third and the last trick,
23 thirds."""

LAST_ALONE = [
    ["Rc", "3c", "Ac", "2c"],
    ["3d", "Rd", "2d", "Ad"],
    ["Cd", "7d", "6d", "Fd"],
    ["Rs", "As", "3s", "2s"],
    ["Cs", "Fs", "7s", "6s"],
    ["3b", "2b", "Ab", "Rb"],
    ["Fb", "7b", "Cb", "6b"],
    ["5d", "5s", "5b", "Fc"],
    ["4d", "4s", "4b", "Cc"],
    ["4c", "5c", "6c", "7c"],
]
"""A deal of example 5 (seat 0 leads): side 1 takes the first nine tricks, and seat 0's 7 di
Coppe the last, 4c 5c 6c 7c: no card points."""

NAPOLETANA_AND_FIVE = [
    ["3c", "Rc", "7c", "6c"],
    ["Ad", "3d", "Rd", "2d"],
    ["7s", "As", "3s", "Cs"],
    ["2b", "Rb", "3b", "Ab"],
    ["7b", "6b", "Cb", "Fb"],
    ["7d", "6d", "Fd", "Cd"],
    ["2s", "Rs", "6s", "Fs"],
    ["5c", "4c", "Cc", "Fc"],
    ["Ac", "5d", "5s", "5b"],
    ["2c", "4d", "4s", "4b"],
]
"""A deal of example 8 (seat 0 leads): seat 0 holds the napoletana of Coppe (its Asso and 2
kept for the last two tricks); side 0 takes 16 thirds, 5 points, side 1 19 thirds, 6."""


def fill(
    given: list[list[str]], void: dict[int, str] | None = None, keep: tuple[str, ...] = ()
) -> list[list[str]]:
    """Hands of ten: ``given``'s cards, and the rest from the pack in its order (but the cards
    to ``keep`` for the stock), a seat in ``void`` getting none of the suits named there
    (those seats are filled first)."""
    void = void or {}
    hands = [list(h) for h in given]
    free = [c for c in PACK if all(c not in h for h in given) and c not in keep]
    for seat in sorted(range(len(hands)), key=lambda s: s not in void):
        for card in [c for c in free if c[-1] not in void.get(seat, "")][: 10 - len(hands[seat])]:
            hands[seat].append(card)
            free.remove(card)
    return hands
