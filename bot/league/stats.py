"""A person's statistics per game, from what the database added up of their matches."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games import SPECS
from bot.storage.league import PlayerFigures
from bot.storage.records import MatchResult, MatchSeat


@dataclass
class GameStats:
    """A person's record in one game: matches played and won, the winning streaks, and the
    game's own figures summed over them (its spec's ``league.totals``)."""

    game: str
    played: int = 0
    won: int = 0
    streak: int = 0  # wins in a row up to the latest match
    best_streak: int = 0
    totals: dict[str, int] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def summed(figures: PlayerFigures) -> GameStats:
    """A record from the figures the database added up. A game's totals may treat a figure's
    gains and losses differently (Minchiate's resti won and lost), so the two sums are
    turned into totals apart and added: ``totals`` adds up over seats whose figures share
    their signs (the games' contract, ``LeagueAdapter.totals``)."""
    found = GameStats(
        figures.game, figures.played, figures.won, figures.streak, figures.best_streak
    )
    spec = SPECS.get(figures.game)
    if spec is None:  # a game no longer played keeps only its wins
        return found
    for part in (figures.gains, figures.losses):
        for key, n in spec.league.totals(part).items():
            found.totals[key] = found.totals.get(key, 0) + n
    return found


def seat_of(match: MatchResult, user_id: int) -> MatchSeat:
    return next(s for s in match.seats if s.user_id == user_id)


def won(match: MatchResult, seat: MatchSeat) -> bool:
    """First place, alone or with a partner; a Minchiate draw is nobody's win."""
    return seat.place == 1 and any(s.place != 1 for s in match.seats)
