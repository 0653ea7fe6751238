"""Finished matches stored the way the table manager stores them, for league tests."""

from __future__ import annotations

from typing import Any

from bot.games import SPECS
from bot.storage import TableRepo
from bot.storage.records import MatchResult, MatchSeat, Seat

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
