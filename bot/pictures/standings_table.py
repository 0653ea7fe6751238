"""A Swiss's or a duplicate's standings as a picture: a row per entrant (the leader in gold),
its place, its name and its figures in columns of their own, under the tournament's title
and a line saying how ties are broken. In the bracket's colours, so a tournament's pictures
look alike. It knows no tournament: it is given the rows as words, already translated."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.pictures.bracket import BOX, EDGE, FAINT, GOLD, GROUND, INK
from bot.pictures.draw import fit, mix, text, text_width
from bot.pictures.output import png

WIDTH = 560
MARGIN, TITLE, ROW = 24, 64, 30
PLACE_W, FIGURE_W = 44, 88  # the place's column, and each figure's
ROWS_MAX = 32
"""Rows drawn at most: a field of 256 is a picture of the top; the text beside it has all."""
STRIPE = mix(BOX, EDGE, 0.12)
HALF, HALF_SIZE = "½", 11


@dataclass(frozen=True)
class Row:
    """One entrant's row: its place (1 the leader), name, and figures in the columns' order."""

    place: int
    name: str
    figures: tuple[str, ...]


def standings_picture(
    title: str, subtitle: str, columns: Sequence[str], rows: Sequence[Row]
) -> Image.Image:
    """The standings of ``rows`` (best first) under ``title`` and ``subtitle``; ``columns``
    are the headings of the place, the name, then each figure. Past :data:`ROWS_MAX` rows,
    the last says how many more there are."""
    shown = list(rows[:ROWS_MAX])
    more = len(rows) - len(shown)
    lines = len(shown) + 1 + (1 if more else 0)  # the headings, the rows, "+ N more"
    height = TITLE + ROW * lines + MARGIN
    image = Image.new("RGB", (WIDTH, height), GROUND)
    draw = ImageDraw.Draw(image)
    words, size = fit(title, WIDTH - 2 * MARGIN, 22, 12)
    text(draw, (MARGIN, 24), words, size, GOLD, anchor="lm", bold=True)
    words, size = fit(subtitle, WIDTH - 2 * MARGIN, 14, 9)
    text(draw, (MARGIN, 48), words, size, BOX, anchor="lm")
    left, right = MARGIN, WIDTH - MARGIN
    draw.rounded_rectangle((left, TITLE, right, TITLE + ROW * lines), 6, BOX, EDGE, 2)
    figures_at = [right - 10 - FIGURE_W * i for i in range(len(columns) - 2)][::-1]
    name_end = (figures_at[0] - FIGURE_W + 10) if figures_at else right - 10
    y = TITLE + ROW / 2
    heads = [(left + PLACE_W, "rm"), (left + PLACE_W + 12, "lm")] + [(x, "rm") for x in figures_at]
    for (x, anchor), head in zip(heads, columns, strict=True):
        words, size = fit(head, FIGURE_W - 8 if anchor == "rm" else name_end - x, 13, 8)
        text(draw, (x, y), words, size, FAINT, anchor=anchor, bold=True)
    draw.line((left + 6, TITLE + ROW, right - 6, TITLE + ROW), EDGE, 1)
    for n, row in enumerate(shown, 1):
        top = TITLE + ROW * n
        if n % 2 == 0:
            draw.rectangle((left + 2, top + 1, right - 2, top + ROW - 1), STRIPE)
        y = top + ROW / 2
        lead = row.place == 1
        if lead:
            draw.ellipse((left + 8, y - 5, left + 18, y + 5), GOLD)
        text(draw, (left + PLACE_W, y), f"{row.place}.", 16, INK, anchor="rm", bold=lead)
        name, size = fit(row.name, name_end - left - PLACE_W - 12, 16, 9)
        text(draw, (left + PLACE_W + 12, y), name, size, INK, anchor="lm", bold=lead)
        for x, figure in zip(figures_at, row.figures, strict=True):
            _figure(draw, x, y, figure, lead)
    if more:
        y = TITLE + ROW * (len(shown) + 1) + ROW / 2
        text(draw, (left + PLACE_W + 12, y), f"+ {more}", 15, FAINT, anchor="lm")
    return image


def _figure(draw: ImageDraw.ImageDraw, right: float, y: float, figure: str, bold: bool) -> None:
    """``figure`` right-aligned at ``right``; a half (the built-in font has no "½") as a
    small 1/2 after the whole points."""
    whole, half, _ = figure.partition(HALF)
    if half:
        text(draw, (right, y + 1), "1/2", HALF_SIZE, INK, anchor="rm", bold=bold)
        right -= text_width("1/2", HALF_SIZE) + 2
    if whole:
        text(draw, (right, y), whole, 16, INK, anchor="rm", bold=bold)


def standings_image(
    title: str, subtitle: str, columns: Sequence[str], rows: Sequence[Row]
) -> bytes:
    """:func:`standings_picture` as PNG bytes, in colours of its own (like the bracket's)."""
    return png(standings_picture(title, subtitle, columns, rows), shared=False)
