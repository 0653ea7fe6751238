"""Helpers for engine tests: explicit decks, every string a view holds, the table sizes of a
registered game, the seat on turn, and a state with its hidden cards dealt again."""

from __future__ import annotations

import json
import re
from typing import Any

from bot.games import GameSpec
from bot.games.base import Rules, S

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


def redealt(spec: GameSpec[Any, Any, Any], state: Any, viewer: int | None, rng: Any) -> Any:
    """``state`` with the cards ``viewer`` cannot see (the other seats' hands and the stock)
    dealt again at random among those places, each keeping its size."""
    data = spec.rules.dump(state)
    places = [hand for seat, hand in enumerate(data["hands"]) if seat != viewer]
    if isinstance(data.get("stock"), list):
        places.append(data["stock"])
    cards = [card for place in places for card in place]
    rng.shuffle(cards)
    for place in places:
        place[:], cards = cards[: len(place)], cards[len(place) :]
    return spec.rules.load(data)
