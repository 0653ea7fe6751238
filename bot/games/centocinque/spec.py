"""Centocinque ("105") as the bot knows it: its one ``GameSpec``, registered in ``SPECS``."""

from __future__ import annotations

from bot.games.centocinque import ai, league, moves, text
from bot.games.centocinque.engine import Centocinque
from bot.games.centocinque.events import CentocinqueEvent
from bot.games.centocinque.views import CentocinqueOutcome, CentocinqueView
from bot.games.moves import Inputs
from bot.games.spec import GameSpec, GameText, LeagueAdapter, Players, Types

SPEC: GameSpec[CentocinqueView, CentocinqueEvent, CentocinqueOutcome] = GameSpec(
    name="centocinque",
    title=text.TITLE,
    rules=Centocinque(),
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
        kept=text.KEPT,
    ),
    moves=moves.READER,
    inputs=Inputs(text.MARK, text.TARGET, *text.SHORTCUTS),
    league=LeagueAdapter(
        scores=league.scores,
        counts=league.counts,
        figures=league.figures,
        totals=league.totals,
    ),
    pack="italian",
    board="bot.games.centocinque.board",
    types=Types(view=CentocinqueView, event=CentocinqueEvent, outcome=CentocinqueOutcome),
)
