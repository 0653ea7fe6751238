"""War as the bot knows it: its one ``GameSpec``."""

from __future__ import annotations

from bot.games.moves import Inputs
from bot.games.spec import GameSpec, GameText, LeagueAdapter, Players, Types
from tests.games.toy.war import ai, league, moves, text
from tests.games.toy.war.engine import War
from tests.games.toy.war.events import WarEvent
from tests.games.toy.war.views import WarOutcome, WarView

SPEC: GameSpec[WarView, WarEvent, WarOutcome] = GameSpec(
    name="war",
    title=text.TITLE,
    rules=War(),
    players=Players.of(ai),
    text=GameText.of(text),
    moves=moves.READER,
    inputs=Inputs(),
    league=LeagueAdapter.of(league),
    pack="french",
    board="tests.games.toy.war.board",
    types=Types(view=WarView, event=WarEvent, outcome=WarOutcome),
)
