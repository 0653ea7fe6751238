"""The league's pictures: the standings table and the player's card with its charts."""

from __future__ import annotations

from PIL import Image

from bot.pictures.compose import FELT
from bot.pictures.draw import GOLD
from bot.pictures.league import (
    _RATING,
    CHART_H,
    ROW,
    TITLE,
    WIDTH,
    Chart,
    StandingLine,
    chart_picture,
    player_picture,
    standings_picture,
)

COLUMNS = ["#", "Player", "Pts", "Rating", "Week", "Played", "Won"]


def _lines(count: int, rated: bool) -> list[StandingLine]:
    return [
        StandingLine(
            rank=i + 1,
            name=f"Player {i}" * (i + 1),  # the longest is cut to fit its column
            points=30 - i,
            played=20,
            won=10,
            rating=20.5 - i if rated else None,
            moved=(-1.0) ** i * 2 if rated else None,
        )
        for i in range(count)
    ]


def _colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    return {image.getpixel((x, y)) for x in range(box[0], box[2]) for y in range(box[1], box[3])}  # type: ignore[misc]


def test_a_standings_picture_has_a_row_per_player_under_the_title() -> None:
    for count in (1, 10):
        image = standings_picture("Standings", "Season 1", COLUMNS, _lines(count, True))
        assert image.size == (WIDTH, TITLE + ROW * (count + 1) + 8)


def test_a_page_of_every_game_leaves_the_rating_columns_out() -> None:
    first_row = (_RATING - 40, TITLE + ROW + 4, _RATING, TITLE + 2 * ROW - 4)
    rated = standings_picture("Standings", "Season 1", COLUMNS, _lines(3, True))
    unrated = standings_picture("Standings", "Season 1", COLUMNS, _lines(3, False))
    assert len(_colours(rated, first_row)) > 1
    assert _colours(unrated, first_row) == {FELT}


def test_a_chart_draws_the_line_and_an_empty_one_draws_none() -> None:
    drawn = chart_picture(Chart("Scopa", [0.0, 3.5, 2.0, 8.25]))
    assert GOLD in _colours(drawn, (0, 30, WIDTH, CHART_H))
    assert GOLD not in _colours(chart_picture(Chart("Scopa", [])), (0, 30, WIDTH, CHART_H))
    flat = chart_picture(Chart("Scopa", [4.0] * 5))  # one rating all along: a level line
    row = CHART_H - 14 - (CHART_H - 44) // 2
    assert GOLD in _colours(flat, (60, row - 2, WIDTH - 70, row + 3))


def test_a_player_card_grows_with_its_lines_and_charts() -> None:
    charts = [Chart("Scopa", [1.0, 2.0]), Chart("Briscola", [3.0])]
    small = player_picture("Ana", "All games", ["Played 2"], charts[:1])
    large = player_picture("Ana", "All games", ["Played 2", "Scope 3"], charts)
    assert large.height - small.height == 22 + CHART_H + 10
