"""Scopa as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.moves import Inputs
from bot.games.scopa import ai, league, moves, text
from bot.games.scopa.engine import Scopa
from bot.games.scopa.events import ScopaEvent
from bot.games.scopa.views import ScopaOutcome, ScopaView
from bot.games.spec import GameSpec, GameText, LeagueAdapter, Players, Types

SPEC: GameSpec[ScopaView, ScopaEvent, ScopaOutcome] = GameSpec(
    name="scopa",
    title=text.TITLE,
    rules=Scopa(),
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
    inputs=Inputs(text.COMPLETION),
    league=LeagueAdapter(
        scores=league.scores,
        counts=league.counts,
        figures=league.figures,
        totals=league.totals,
    ),
    pack="italian",
    board="bot.games.scopa.board",
    types=Types(view=ScopaView, event=ScopaEvent, outcome=ScopaOutcome),
)
