"""Helpers for engine tests: explicit decks, every string a view holds, the table sizes of a
registered game, the seat on turn, and a state with its hidden cards dealt again."""

from __future__ import annotations

import json
import re
from typing import Any

from bot.games import GameSpec
from bot.games.base import Rules, S
from bot.games.errors import GameError

_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def deal_deck(pack: list[str], hands: list[list[str]], then: list[str]) -> list[str]:
    """A full deck (top first) that deals ``hands`` one card at a time, in seat order starting
    with ``hands[0]``, followed by the cards ``then`` (starter, stock top...), then the rest of
    ``pack`` in its order."""
    dealt = [hand[i] for i in range(len(hands[0])) for hand in hands]
    used = dealt + then
    assert len(set(used)) == len(used), "a card is used twice"
    return used + [c for c in pack if c not in used]


def strings_in(value: Any) -> set[str]:
    """Every string anywhere in a JSON-safe value, keys included."""
    return set(_STRING.findall(json.dumps(value)))


def table_sizes(spec: GameSpec[Any, Any, Any]) -> list[int]:
    """The seats a match of ``spec``'s game is played at with its standard house rules, for
    tests over the registry: the fewest, the terminal's default, one between and the most."""
    if spec.seats.fill:
        return [len(spec.seats.fill)]
    low = spec.seats.fewest_with(spec.rules.options_model())
    sizes = {low, spec.seats.default, (low + spec.seats.most) // 2, spec.seats.most}
    return sorted(sizes & set(spec.seats.seat_range()))


def middle_size(spec: GameSpec[Any, Any, Any]) -> int:
    """A table neither small nor large (``table_sizes``)."""
    sizes = table_sizes(spec)
    return sizes[len(sizes) // 2]


def seat_on_turn(rules: Rules[S], state: S) -> int:
    """The seat on turn in a game not over (``Rules.turn`` is None once it is)."""
    seat = rules.turn(state)
    assert seat is not None, "the game is over: nobody is on turn"
    return seat


def _places(data: Any, viewer: int | None) -> list[list[str]]:
    """Where a saved game's ``data`` holds cards ``viewer`` may not see: each other seat's
    hand, and the stock."""
    places = [hand for seat, hand in enumerate(data["hands"]) if seat != viewer]
    if isinstance(data.get("stock"), list):
        places.append(data["stock"])
    return places


def hidden_cards(spec: GameSpec[Any, Any, Any], state: Any, viewer: int | None) -> list[list[str]]:
    """The cards ``viewer`` cannot see, place by place (``_places``): those its view does not
    show."""
    shown = strings_in(spec.rules.view(state, viewer))
    places = _places(spec.rules.dump(state), viewer)
    return [[c for c in place if c not in shown] for place in places]


TRIES = 20
"""Fresh deals ``redealt`` tries before it moves the hidden cards two by two."""


def redealt(spec: GameSpec[Any, Any, Any], state: Any, viewer: int | None, rng: Any) -> Any:
    """``state`` with the cards ``viewer`` cannot see (the other seats' hands and the stock,
    but for the cards its view shows where they are) dealt again at random among those places,
    each keeping its size. The rules may refuse a deal as one they could not have made (a hand
    that belies a signal, or one that held the suit a seat did not follow): such a deal is
    dealt again, and after ``TRIES`` the cards are moved instead by swaps of two from
    different places, each one the rules accept."""
    rules = spec.rules
    shown = strings_in(rules.view(state, viewer))
    data = rules.dump(state)
    places = _places(data, viewer)
    slots = [
        (p, i) for p, place in enumerate(places) for i, c in enumerate(place) if c not in shown
    ]
    hidden = [places[p][i] for p, i in slots]

    def deal(cards: list[str]) -> Any:
        for (p, i), card in zip(slots, cards, strict=True):
            places[p][i] = card
        try:
            return rules.load(data)
        except GameError:
            return None

    for _ in range(TRIES):
        cards = list(hidden)
        rng.shuffle(cards)
        if (found := deal(cards)) is not None:
            return found
    cards = list(hidden)
    for _ in range(2 * len(cards)):
        a, b = rng.sample(range(len(cards)), 2)
        if slots[a][0] != slots[b][0]:
            cards[a], cards[b] = cards[b], cards[a]
            if deal(cards) is None:
                cards[a], cards[b] = cards[b], cards[a]
    return deal(cards)
