"""War as the bot knows it: its one ``GameSpec``."""

from __future__ import annotations

from bot.games.spec import GameSpec
from tests.games.toy.war import ai, league, moves, text
from tests.games.toy.war.engine import War

SPEC = GameSpec.of(War(), ai, text, league, moves, pack="french")
