"""Finished matches stored the way the table manager stores them, for league tests."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from bot.config import LeagueSettings
from bot.games import SPECS
from bot.league import League
from bot.league.stats import GameStats, seat_of, won
from bot.storage import Database, LeagueRepo, SettingsRepo, TableRepo
from bot.storage.deals import DealRepo
from bot.storage.records import MatchResult, MatchSeat, Seat
from bot.tables import Choices, TableManager
from bot.tables.history import History
from bot.views.services import Boards, Services

Player = int | str  # a person's user id, or an AI level


def seat(player: Player) -> Seat:
    if isinstance(player, int):
        return Seat(name=f"P{player}", user_id=player)
    return Seat(name=f"AI ({player})", ai=player)


async def finished(
    repo: TableRepo,
    game: str,
    players: list[Player],
    ranking: list[list[int]],
    *,
    guild: int = 1,
    stats: list[dict[str, Any]] | None = None,
    abandoned: bool = False,
) -> int:
    """Store a match of ``players`` (by seat) finished with ``ranking``; its id."""
    seats = [seat(p) for p in players]
    record = await repo.create(guild, 10_000 + len(players), game, 1, {}, seats, seed=1)
    await repo.start(record.id, seats, {})
    fresh = await repo.get(record.id)
    assert fresh is not None
    if abandoned:
        return await repo.finish(fresh, "abandoned", None, None)
    places = {s: place for place, group in enumerate(ranking, 1) for s in group}
    teams = SPECS[game].seats.teams(len(players)) if SPECS[game].seats.sides else None
    return await repo.finish(fresh, "finished", {"ranking": ranking}, places, teams, stats)


def result(
    game: str, players: list[Player], places: list[int], humans: int | None = None
) -> MatchResult:
    """A match as the league reads it, without the database."""
    teams = SPECS[game].seats.teams(len(players))
    return MatchResult(
        id=1,
        guild_id=1,
        season_id=1,
        game=game,
        abandoned=False,
        humans=humans if humans is not None else sum(isinstance(p, int) for p in players),
        finished_at="2026-11-30T00:00:00Z",
        seats=[
            MatchSeat(
                seat=i,
                user_id=p if isinstance(p, int) else None,
                ai_level=p if isinstance(p, str) else None,
                name=str(p),
                place=place,
                team=teams[i],
            )
            for i, (p, place) in enumerate(zip(players, places, strict=True))
        ],
    )


def added_up(user_id: int, matches: list[MatchResult]) -> list[GameStats]:
    """Statistics per game added up here from every match of the person (any order),
    abandoned ones left out: what the database's sums must equal."""
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
        for key, n in SPECS[match.game].league.totals(seat.stats).items():
            stats.totals[key] = stats.totals.get(key, 0) + n
    return [by_game[g] for g in sorted(by_game)]


class Answer:
    """An interaction's response: what it was asked to send."""

    def __init__(self) -> None:
        self.sent: dict[str, Any] = {}

    async def send_message(self, **sent: Any) -> None:
        self.sent = sent


def card_interaction(db: Database, guild_id: int, user_id: int) -> Any:
    """An interaction on ``guild_id`` by ``user_id`` (a player card's: ``/league me``), the
    bot's services over ``db``."""
    services = Services(
        # The card reads only the manager's history of deals: the real one over ``db``.
        manager=cast(TableManager, SimpleNamespace(history=History(DealRepo(db)))),
        publisher=cast(Boards, None),
        league=League(LeagueRepo(db), LeagueSettings()),
        choices=Choices(SettingsRepo(db)),
    )
    return SimpleNamespace(
        client=SimpleNamespace(services=services),
        guild_id=guild_id,
        user=SimpleNamespace(id=user_id, display_name=f"P{user_id}"),
        filesize_limit=10 * 2**20,
        response=Answer(),
    )
