"""Minchiate as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from bot.games.minchiate import ai, league, moves, text
from bot.games.minchiate.engine import Minchiate
from bot.games.minchiate.events import MinchiateEvent
from bot.games.minchiate.views import MinchiateOutcome, MinchiateView
from bot.games.moves import Inputs
from bot.games.spec import GameSpec, GameText, LeagueAdapter, Players, Types

SPEC: GameSpec[MinchiateView, MinchiateEvent, MinchiateOutcome] = GameSpec(
    name="minchiate",
    title=text.TITLE,
    rules=Minchiate(),
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
        kept=text.KEPT,
        lobby_note=text.LOBBY_NOTE,
    ),
    moves=moves.READER,
    inputs=Inputs(),
    league=LeagueAdapter(
        scores=league.scores,
        counts=league.counts,
        figures=league.figures,
        totals=league.totals,
    ),
    pack="florentine",
    board="bot.games.minchiate.board",
    types=Types(view=MinchiateView, event=MinchiateEvent, outcome=MinchiateOutcome),
)
