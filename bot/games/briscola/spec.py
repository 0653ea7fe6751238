"""Briscola as the bot knows it: its one ``GameSpec``, registered in ``bot.games.SPECS``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.briscola import ai, league, text
from bot.games.briscola.engine import Briscola, sides_of
from bot.games.briscola.events import BriscolaEvent
from bot.games.briscola.views import BriscolaOutcome, BriscolaView
from bot.games.spec import GameSpec, GameText, Inputs, LeagueAdapter, Players, Seating, Types


@dataclass(frozen=True)
class PartnersAtFour(Seating):
    """Partners only at four (seat s with s + 2); at two or three, each seat is its own side."""

    def teams(self, seats: int) -> list[int]:
        return [seat % sides_of(seats) for seat in range(seats)]


SPEC: GameSpec[BriscolaView, BriscolaEvent, BriscolaOutcome] = GameSpec(
    name="briscola",
    title=text.TITLE,
    rules=Briscola(),
    seats=PartnersAtFour(fewest=2, most=4, default=2, sides=2),
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
        lobby_note=text.LOBBY_NOTE,
    ),
    inputs=Inputs(),
    league=LeagueAdapter(
        scores=league.scores,
        counts=league.counts,
        figures=league.figures,
        totals=league.totals,
    ),
    pack="italian",
    types=Types(view=BriscolaView, event=BriscolaEvent, outcome=BriscolaOutcome),
)
