"""The league's pictures: a standings table and a player's card with rating charts.

Drawn with Pillow's primitives like the cards (no plotting library: a line chart of at most a
few hundred points is a polyline, drawn in well under a millisecond, where importing one
costs most of a second and megabytes of memory in every process). The words come in already
translated; nothing here knows the league or a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.pictures.compose import FELT, FELT_LIGHT
from bot.pictures.draw import GOLD, RGB, WHITE, fit, mix, text

WIDTH = 640
MARGIN = 16
TITLE = 54
ROW = 32
LIGHT: RGB = (250, 246, 230)
DIM: RGB = mix(LIGHT, FELT, 0.35)
UP: RGB = (120, 220, 130)
DOWN: RGB = (240, 120, 110)
STRIPE: RGB = mix(FELT, FELT_LIGHT, 0.5)
CHART_H = 150


@dataclass(frozen=True)
class StandingLine:
    """One row of a standings picture."""

    rank: int
    name: str
    points: int
    played: int
    won: int
    rating: float | None = None  # None: a page of every game added up (no one rating)
    moved: float | None = None  # the rating's change over the last week


@dataclass(frozen=True)
class Chart:
    """A rating over time: ``ratings`` oldest first, under ``label``."""

    label: str
    ratings: Sequence[float]


# Where each column's text ends (right-aligned figures) or starts (the name), from the left.
_RANK, _NAME, _POINTS, _RATING, _MOVED, _PLAYED, _WON = 44, 56, 352, 428, 500, 566, 624


def _title(draw: ImageDraw.ImageDraw, title: str, subtitle: str) -> None:
    words, size = fit(title, WIDTH - 2 * MARGIN, 22, 12)
    text(draw, (MARGIN, 20), words, size, GOLD, anchor="lm", bold=True)
    words, size = fit(subtitle, WIDTH - 2 * MARGIN, 15, 10)
    text(draw, (MARGIN, 42), words, size, DIM, anchor="lm")


def _movement(draw: ImageDraw.ImageDraw, right: float, y: float, moved: float) -> None:
    """``moved`` as a signed figure with a small triangle pointing its way."""
    shown = f"{moved:+.1f}"
    if abs(moved) < 0.05:
        text(draw, (right, y), "=", 15, DIM, anchor="rm")
        return
    colour = UP if moved > 0 else DOWN
    text(draw, (right, y), shown, 15, colour, anchor="rm")
    tip = -5 if moved > 0 else 5
    left = right - 8 * len(shown) - 14
    draw.polygon([(left, y + tip), (left - 5, y - tip), (left + 5, y - tip)], fill=colour)


def standings_picture(
    title: str, subtitle: str, columns: Sequence[str], lines: Sequence[StandingLine]
) -> Image.Image:
    """A standings table: ``columns`` are the headings of rank, name, points, rating, the
    week's movement, matches and wins (the rating columns are left out when no line has a
    rating)."""
    rated = any(line.rating is not None for line in lines)
    height = TITLE + ROW * (len(lines) + 1) + MARGIN // 2
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    _title(draw, title, subtitle)
    heads = list(zip(columns, (_RANK, _NAME, _POINTS, _RATING, _MOVED, _PLAYED, _WON), strict=True))
    y = TITLE + ROW / 2
    for i, (head, x) in enumerate(heads):
        if not rated and i in (3, 4):
            continue
        text(draw, (x, y), head, 13, DIM, anchor="lm" if i == 1 else "rm", bold=True)
    draw.line((MARGIN, TITLE + ROW, WIDTH - MARGIN, TITLE + ROW), fill=DIM)
    for n, line in enumerate(lines):
        top = TITLE + ROW * (n + 1)
        if n % 2:
            draw.rectangle((MARGIN, top + 1, WIDTH - MARGIN, top + ROW), fill=STRIPE)
        y = top + ROW / 2
        colour = GOLD if line.rank == 1 else LIGHT
        text(draw, (_RANK, y), f"{line.rank}.", 16, colour, anchor="rm", bold=True)
        name, size = fit(line.name, _POINTS - _NAME - 56, 16, 10)
        text(draw, (_NAME, y), name, size, colour, anchor="lm")
        text(draw, (_POINTS, y), str(line.points), 16, LIGHT, anchor="rm", bold=True)
        if line.rating is not None:
            text(draw, (_RATING, y), f"{line.rating:.1f}", 16, LIGHT, anchor="rm")
        if line.moved is not None:
            _movement(draw, _MOVED, y, line.moved)
        text(draw, (_PLAYED, y), str(line.played), 16, LIGHT, anchor="rm")
        text(draw, (_WON, y), str(line.won), 16, LIGHT, anchor="rm")
    return image


def chart_picture(chart: Chart, width: int = WIDTH, height: int = CHART_H) -> Image.Image:
    """A rating chart on its own: the line over the matches, the lowest and highest ratings
    on the left, the latest at the line's end."""
    image = Image.new("RGB", (width, height), FELT)
    _chart(ImageDraw.Draw(image), chart, (0, 0, width, height))
    return image


def _chart(draw: ImageDraw.ImageDraw, chart: Chart, box: tuple[int, int, int, int]) -> None:
    left, top, right, bottom = box
    draw.rounded_rectangle(box, radius=8, fill=mix(FELT, FELT_LIGHT, 0.3), outline=DIM)
    label, size = fit(chart.label, right - left - 24, 14, 9)
    text(draw, (left + 12, top + 14), label, size, LIGHT, anchor="lm")
    area = (left + 52, top + 30, right - 60, bottom - 14)
    values = list(chart.ratings)
    if not values:
        return
    low, high = min(values), max(values)
    if high - low < 1:  # a flat line sits in the middle of a band one point high
        low, high = low - 0.5, high + 0.5
    x0, y0, x1, y1 = area
    for value in (low, high):
        y = y1 - (value - low) / (high - low) * (y1 - y0)
        draw.line((x0, y, x1, y), fill=mix(DIM, FELT, 0.5))
        figure = f"{value:.0f}" if high - low >= 10 else f"{value:.1f}"
        text(draw, (x0 - 6, y), figure, 12, DIM, anchor="rm")
    step = (x1 - x0) / max(len(values) - 1, 1)
    points = [
        (x0 + i * step, y1 - (v - low) / (high - low) * (y1 - y0)) for i, v in enumerate(values)
    ]
    if len(points) > 1:
        draw.line(points, fill=GOLD, width=3, joint="curve")
    end = points[-1]
    draw.ellipse((end[0] - 4, end[1] - 4, end[0] + 4, end[1] + 4), fill=WHITE)
    text(draw, (end[0] + 10, end[1]), f"{values[-1]:.1f}", 14, WHITE, anchor="lm", bold=True)


def player_picture(
    title: str, subtitle: str, lines: Sequence[str], charts: Sequence[Chart]
) -> Image.Image:
    """A player's card: ``title``, the record and the game's figures as ``lines``, then one
    rating chart per game."""
    height = TITLE + 22 * len(lines) + (CHART_H + 10) * len(charts) + MARGIN
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    _title(draw, title, subtitle)
    y = TITLE + 11
    for line in lines:
        words, size = fit(line, WIDTH - 2 * MARGIN, 15, 10)
        text(draw, (MARGIN, y), words, size, LIGHT, anchor="lm")
        y += 22
    top = TITLE + 22 * len(lines) + 4
    for chart in charts:
        _chart(draw, chart, (MARGIN, top, WIDTH - MARGIN, top + CHART_H))
        top += CHART_H + 10
    return image
