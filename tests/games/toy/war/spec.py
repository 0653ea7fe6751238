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
    players=Players(easy=ai.EasyPlayer, hard=ai.HardPlayer),
    text=GameText(
        card_name=text.card_name,
        action_label=text.action_label,
        narrate=text.narrate,
        board_lines=text.board_lines,
        outcome_lines=text.outcome_lines,
        stats_lines=text.stats_lines,
        announced=text.announced,
        option_labels=text.OPTION_LABELS,
        help=text.HELP,
    ),
    moves=moves.READER,
    inputs=Inputs(),
    league=LeagueAdapter(
        scores=league.scores, counts=league.counts, figures=league.figures, totals=league.totals
    ),
    pack="french",
    board="tests.games.toy.war.board",
    types=Types(view=WarView, event=WarEvent, outcome=WarOutcome),
)
