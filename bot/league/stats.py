"""A person's statistics per game, added up from their stored matches."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games import SPECS
from bot.storage.records import MatchResult, MatchSeat


@dataclass
class GameStats:
    game: str
    played: int = 0
    won: int = 0
    streak: int = 0  # wins in a row up to the latest match
    best_streak: int = 0
    totals: dict[str, int] = field(default_factory=dict)
    """The game's own figures summed over the matches (its spec's ``league.totals``)."""

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


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
