"""One Hundred as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.cento import ai, league, moves, text
from bot.games.cento.engine import Cento
from bot.games.cento.events import CentoEvent
from bot.games.cento.views import CentoOutcome, CentoView
from bot.games.moves import Inputs
from bot.games.spec import TURN, GameSpec, GameText, LeagueAdapter, Players, Types

SPEC: GameSpec[CentoView, CentoEvent, CentoOutcome] = GameSpec(
    name="cento",
    title=text.TITLE,
    rules=Cento(),
    players=Players.of(ai),
    text=GameText.of(text),
    moves=moves.READER,
    inputs=Inputs(text.NUMBER),
    league=LeagueAdapter.of(league),
    pack="french",
    board="bot.games.cento.board",
    types=Types(view=CentoView, event=CentoEvent, outcome=CentoOutcome),
    step=TURN,
)
