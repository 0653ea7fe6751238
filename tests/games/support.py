"""Helpers for engine tests: explicit decks, and every string a view holds."""

from __future__ import annotations

import json
import re
from typing import Any

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
