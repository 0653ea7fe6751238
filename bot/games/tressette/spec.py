"""Tressette as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.spec import GameSpec, Step
from bot.games.tressette import ai, league, moves, text
from bot.games.tressette.engine import Tressette

SPEC = GameSpec.of(
    Tressette(), ai, text, league, moves, pack="italian", step=Step.on_event("trick", "trick")
)
