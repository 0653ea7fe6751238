"""Minchiate as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.minchiate import ai, league, moves, text
from bot.games.minchiate.engine import Minchiate
from bot.games.minchiate.events import MinchiateEvent
from bot.games.minchiate.views import MinchiateOutcome, MinchiateView
from bot.games.moves import Inputs
from bot.games.spec import GameSpec, GameText, LeagueAdapter, Players, Step, Types

SPEC: GameSpec[MinchiateView, MinchiateEvent, MinchiateOutcome] = GameSpec(
    name="minchiate",
    title=text.TITLE,
    rules=Minchiate(),
    players=Players.of(ai),
    text=GameText.of(text),
    moves=moves.READER,
    inputs=Inputs(),
    league=LeagueAdapter.of(league),
    pack="florentine",
    board="bot.games.minchiate.board",
    types=Types(view=MinchiateView, event=MinchiateEvent, outcome=MinchiateOutcome),
    step=Step.on_event("trick", "trick"),
)
