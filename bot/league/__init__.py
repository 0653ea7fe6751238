"""The league: seasons, league points, ratings, standings and statistics per server.

It reads finished matches from storage (the table manager stores them) and knows nothing of
Discord; ``bot.views.league`` shows what it returns.
"""

from bot.league.service import League, LeagueError, StandingsPage
from bot.storage.records import MatchResult, Season

__all__ = ["League", "LeagueError", "MatchResult", "Season", "StandingsPage"]
