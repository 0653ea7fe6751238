"""Briscola as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.briscola import ai, league, moves, text
from bot.games.briscola.engine import Briscola
from bot.games.briscola.events import BriscolaEvent
from bot.games.briscola.views import BriscolaOutcome, BriscolaView
from bot.games.moves import Inputs
from bot.games.spec import GameSpec, GameText, LeagueAdapter, Players, Types

SPEC: GameSpec[BriscolaView, BriscolaEvent, BriscolaOutcome] = GameSpec(
    name="briscola",
    title=text.TITLE,
    rules=Briscola(),
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
        lobby_note=text.LOBBY_NOTE,
        help=text.HELP,
        kept=text.KEPT,
    ),
    moves=moves.READER,
    inputs=Inputs(),
    league=LeagueAdapter(
        scores=league.scores,
        counts=league.counts,
        figures=league.figures,
        totals=league.totals,
    ),
    pack="italian",
    board="bot.games.briscola.board",
    types=Types(view=BriscolaView, event=BriscolaEvent, outcome=BriscolaOutcome),
)
