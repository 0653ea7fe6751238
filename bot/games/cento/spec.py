"""One Hundred as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.cento import ai, league, moves, text
from bot.games.cento.engine import Cento
from bot.games.cento.events import CentoEvent
from bot.games.cento.views import CentoOutcome, CentoView
from bot.games.moves import Inputs
from bot.games.spec import GameSpec, GameText, LeagueAdapter, Players, Types

SPEC: GameSpec[CentoView, CentoEvent, CentoOutcome] = GameSpec(
    name="cento",
    title=text.TITLE,
    rules=Cento(),
    players=Players(easy=ai.EasyPlayer, hard=ai.HardPlayer),
    text=GameText(
        card_name=text.card_name,
        action_label=text.action_label,
        narrate=text.narrate,
        board_lines=text.board_lines,
        outcome_lines=text.outcome_lines,
        stats_lines=text.stats_lines,
        announced=text.announced,
        deal_begun=text.deal_begun,
        deal_news=text.deal_news,
        option_labels=text.OPTION_LABELS,
        help=text.HELP,
    ),
    moves=moves.READER,
    inputs=Inputs(text.NUMBER),
    league=LeagueAdapter(
        scores=league.scores,
        counts=league.counts,
        figures=league.figures,
        totals=league.totals,
    ),
    pack="french",
    board="bot.games.cento.board",
    types=Types(view=CentoView, event=CentoEvent, outcome=CentoOutcome),
)
