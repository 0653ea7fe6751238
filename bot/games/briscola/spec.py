"""Briscola as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.briscola import ai, league, moves, text
from bot.games.briscola.engine import Briscola
from bot.games.spec import GameSpec, Step

SPEC = GameSpec.of(
    Briscola(), ai, text, league, moves, pack="italian", step=Step.on_event("trick", "trick")
)
