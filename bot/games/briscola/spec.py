"""Briscola as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.briscola import ai, league, moves, text
from bot.games.briscola.engine import Briscola
from bot.games.briscola.events import BriscolaEvent
from bot.games.briscola.views import BriscolaOutcome, BriscolaView
from bot.games.moves import Inputs
from bot.games.spec import GameSpec, GameText, LeagueAdapter, Players, Step, Types

SPEC: GameSpec[BriscolaView, BriscolaEvent, BriscolaOutcome] = GameSpec(
    name="briscola",
    title=text.TITLE,
    rules=Briscola(),
    players=Players.of(ai),
    text=GameText.of(text),
    moves=moves.READER,
    inputs=Inputs(),
    league=LeagueAdapter.of(league),
    pack="italian",
    board="bot.games.briscola.board",
    types=Types(view=BriscolaView, event=BriscolaEvent, outcome=BriscolaOutcome),
    step=Step.on_event("trick", "trick"),
)
