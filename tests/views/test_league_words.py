"""League pages count in English: "1 player", "1 match"."""

from __future__ import annotations

from bot.league.service import StandingsPage
from bot.storage.records import Season
from bot.views.league import standings_embed

SEASON = Season(id=1, guild_id=2, number=1, name="Spring", started_at="2024-03-01", ended_at=None)


def test_a_league_of_one_counts_one_player() -> None:
    page = StandingsPage(SEASON, None, page=0, pages=1, players=1, rows=[])
    assert standings_embed(page).footer.text == "Page 1 of 1 · 1 player"
    page = StandingsPage(SEASON, None, page=0, pages=1, players=2, rows=[])
    assert standings_embed(page).footer.text == "Page 1 of 1 · 2 players"
