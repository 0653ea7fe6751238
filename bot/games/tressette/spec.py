"""Tressette as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.moves import Inputs
from bot.games.spec import GameSpec, GameText, LeagueAdapter, Players, Types
from bot.games.tressette import ai, league, moves, text
from bot.games.tressette.engine import Tressette
from bot.games.tressette.events import TressetteEvent
from bot.games.tressette.views import TressetteOutcome, TressetteView

SPEC: GameSpec[TressetteView, TressetteEvent, TressetteOutcome] = GameSpec(
    name="tressette",
    title=text.TITLE,
    rules=Tressette(),
    players=Players.of(ai),
    text=GameText.of(text),
    moves=moves.READER,
    inputs=Inputs(),
    league=LeagueAdapter.of(league),
    pack="italian",
    board="bot.games.tressette.board",
    types=Types(view=TressetteView, event=TressetteEvent, outcome=TressetteOutcome),
)
