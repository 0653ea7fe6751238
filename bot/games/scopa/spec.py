"""Scopa as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.scopa import ai, league, moves, text
from bot.games.scopa.engine import Scopa
from bot.games.spec import GameSpec, Step

SPEC = GameSpec.of(
    Scopa(), ai, text, league, moves, pack="italian", step=Step.on_event("take", "play", "took")
)
