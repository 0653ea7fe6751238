"""Centocinque ("105") as the bot knows it: its one ``GameSpec``, registered in ``SPECS``."""

from __future__ import annotations

from bot.games.centocinque import ai, league, moves, text
from bot.games.centocinque.engine import Centocinque
from bot.games.spec import TURN, GameSpec

SPEC = GameSpec.of(Centocinque(), ai, text, league, moves, pack="italian", step=TURN)
