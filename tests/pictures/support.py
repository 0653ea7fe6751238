"""Real engine states for the picture tests: a game started, played at random for a while,
or played to its end."""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

from bot.games import GAMES


def played(game: str, seats: int, seed: int, moves: int | None) -> Any:
    """The state of ``game`` after ``moves`` random legal moves (``None``: to the end)."""
    rules = GAMES[game]
    state = rules.new_game(seats=seats, seed=seed)
    rng = random.Random(seed)
    made = 0
    while rules.outcome(state) is None and (moves is None or made < moves):
        seat = rules.turn(state)
        assert seat is not None
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        made += 1
    return state


def public_view(game: str, seats: int, seed: int, moves: int | None) -> dict[str, Any]:
    view: dict[str, Any] = GAMES[game].view(played(game, seats, seed, moves), None)
    return view


def decode(data: bytes) -> Image.Image:
    """PNG bytes as an RGB image (failing if they are not a PNG)."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")
