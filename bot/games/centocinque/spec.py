"""Centocinque ("105") as the bot knows it: its one ``GameSpec``, registered in ``SPECS``."""

from __future__ import annotations

from bot.games.centocinque import ai, league, moves, text
from bot.games.centocinque.engine import Centocinque
from bot.games.centocinque.events import CentocinqueEvent
from bot.games.centocinque.views import CentocinqueOutcome, CentocinqueView
from bot.games.moves import Inputs
from bot.games.spec import TURN, GameSpec, GameText, LeagueAdapter, Players, Types

SPEC: GameSpec[CentocinqueView, CentocinqueEvent, CentocinqueOutcome] = GameSpec(
    name="centocinque",
    title=text.TITLE,
    rules=Centocinque(),
    players=Players.of(ai),
    text=GameText.of(text),
    moves=moves.READER,
    inputs=Inputs(text.MARK, text.TARGET, *text.SHORTCUTS),
    league=LeagueAdapter.of(league),
    pack="italian",
    board="bot.games.centocinque.board",
    types=Types(view=CentocinqueView, event=CentocinqueEvent, outcome=CentocinqueOutcome),
    step=TURN,
)
