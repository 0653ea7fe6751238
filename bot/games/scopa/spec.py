"""Scopa as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.moves import Inputs
from bot.games.scopa import ai, league, moves, text
from bot.games.scopa.engine import Scopa
from bot.games.scopa.events import ScopaEvent
from bot.games.scopa.views import ScopaOutcome, ScopaView
from bot.games.spec import GameSpec, GameText, LeagueAdapter, Players, Step, Types

SPEC: GameSpec[ScopaView, ScopaEvent, ScopaOutcome] = GameSpec(
    name="scopa",
    title=text.TITLE,
    rules=Scopa(),
    players=Players.of(ai),
    text=GameText.of(text),
    moves=moves.READER,
    inputs=Inputs(text.COMPLETION),
    league=LeagueAdapter.of(league),
    pack="italian",
    board="bot.games.scopa.board",
    types=Types(view=ScopaView, event=ScopaEvent, outcome=ScopaOutcome),
    step=Step.on_event("take", "play", "took"),
)
