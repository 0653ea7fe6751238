"""A person's statistics per game, added up from their stored matches."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games import SPECS
from bot.storage.league import PlayerFigures
from bot.storage.records import MatchResult, MatchSeat


@dataclass
class GameRecord:
    """A person's record in one game: matches played and won, and the game's own figures
    summed over them (its spec's ``league.totals``)."""

    game: str
    played: int = 0
    won: int = 0
    totals: dict[str, int] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass
class GameStats(GameRecord):
    """A record with the streaks, which need every match in order."""

    streak: int = 0  # wins in a row up to the latest match
    best_streak: int = 0


def summed(figures: PlayerFigures) -> GameRecord:
    """A record from the figures the database added up. A game's totals may treat a figure's
    gains and losses differently (Minchiate's resti won and lost), so the two sums are
    turned into totals apart and added: ``totals`` adds up over seats whose figures share
    their signs (the games' contract, ``LeagueAdapter.totals``)."""
    spec = SPECS.get(figures.game)
    if spec is None:  # a game no longer played keeps only its wins
        return GameRecord(figures.game, figures.played, figures.won)
    totals: dict[str, int] = {}
    for part in (figures.gains, figures.losses):
        for key, n in spec.league.totals(part).items():
            totals[key] = totals.get(key, 0) + n
    return GameRecord(figures.game, figures.played, figures.won, totals)


def seat_of(match: MatchResult, user_id: int) -> MatchSeat:
    return next(s for s in match.seats if s.user_id == user_id)


def won(match: MatchResult, seat: MatchSeat) -> bool:
    """First place, alone or with a partner; a Minchiate draw is nobody's win."""
    return seat.place == 1 and any(s.place != 1 for s in match.seats)


def game_stats(user_id: int, matches: list[MatchResult]) -> list[GameStats]:
    """Statistics per game from the person's matches (any order); abandoned ones are left out."""
    by_game: dict[str, GameStats] = {}
    for match in sorted((m for m in matches if not m.abandoned), key=lambda m: m.id):
        stats = by_game.setdefault(match.game, GameStats(match.game))
        seat = seat_of(match, user_id)
        stats.played += 1
        if won(match, seat):
            stats.won += 1
            stats.streak += 1
            stats.best_streak = max(stats.best_streak, stats.streak)
        else:
            stats.streak = 0
        spec = SPECS.get(match.game)  # a game no longer played keeps only its wins
        for key, n in (spec.league.totals(seat.stats) if spec else {}).items():
            stats.totals[key] = stats.totals.get(key, 0) + n
    return [by_game[g] for g in sorted(by_game)]
