"""One Hundred as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.cento import ai, league, moves, text
from bot.games.cento.engine import Cento
from bot.games.spec import TURN, GameSpec

SPEC = GameSpec.of(Cento(), ai, text, league, moves, pack="french", step=TURN)
