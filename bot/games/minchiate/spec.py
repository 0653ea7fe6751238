"""Minchiate as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.minchiate import ai, league, moves, text
from bot.games.minchiate.engine import Minchiate
from bot.games.spec import GameSpec, Step

SPEC = GameSpec.of(
    Minchiate(), ai, text, league, moves, pack="florentine", step=Step.on_event("trick", "trick")
)
