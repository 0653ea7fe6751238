"""A knockout's bracket as a picture: a column per round, each match a box of its two names
(the winner's in bold, a bye's empty slot marked), lines joining each match to the next
round's. It knows no tournament: it is given the rounds as names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.pictures.draw import fit, text
from bot.pictures.output import own_palette, png_through

BOX_W, BOX_H = 220, 56
GAP_X, GAP_Y, MARGIN, TITLE_H = 48, 16, 24, 44
GROUND = (29, 53, 40)
BOX = (242, 236, 220)
EDGE = (120, 104, 72)
INK = (34, 30, 24)
FAINT = (140, 132, 118)
GOLD = (214, 176, 72)


@dataclass(frozen=True)
class Slot:
    """One match: the names of its two sides (``away`` None: a bye), and which won (0, 1;
    None while it is played)."""

    home: str
    away: str | None
    won: int | None = None


def bracket_picture(title: str, rounds: Sequence[Sequence[Slot]], size: int) -> Image.Image:
    """The bracket of ``rounds`` (the first round first), planned for a first round of
    ``size`` matches: the rounds not drawn yet are empty boxes."""
    columns = max(1, size.bit_length())
    width = MARGIN * 2 + columns * BOX_W + (columns - 1) * GAP_X
    height = TITLE_H + MARGIN * 2 + size * BOX_H + (size - 1) * GAP_Y
    image = Image.new("RGB", (width, height), GROUND)
    draw = ImageDraw.Draw(image)
    words, points = fit(title, width - 2 * MARGIN, 22, 12)
    text(draw, (width / 2, MARGIN + TITLE_H / 2 - 8), words, points, GOLD, bold=True)
    centres: list[float] = []
    for column in range(columns):
        count = max(1, size >> column)
        step = (height - TITLE_H - 2 * MARGIN) / count
        x = MARGIN + column * (BOX_W + GAP_X)
        played = rounds[column] if column < len(rounds) else []
        next_centres = []
        for i in range(count):
            y = TITLE_H + MARGIN + step * (i + 0.5)
            next_centres.append(y)
            if centres:  # the two matches this one follows from
                for above in centres[2 * i : 2 * i + 2]:
                    middle = x - GAP_X / 2
                    draw.line([(x - GAP_X, above), (middle, above), (middle, y), (x, y)], EDGE, 2)
            _box(draw, x, y, played[i] if i < len(played) else None)
        centres = next_centres
    return image


def _box(draw: ImageDraw.ImageDraw, x: float, y: float, slot: Slot | None) -> None:
    top = y - BOX_H / 2
    draw.rounded_rectangle((x, top, x + BOX_W, top + BOX_H), 6, BOX, EDGE, 2)
    draw.line([(x + 6, y), (x + BOX_W - 6, y)], EDGE, 1)
    if slot is None:
        return
    for i, name in enumerate((slot.home, slot.away)):
        middle = top + BOX_H * (0.25 + 0.5 * i)
        shown, points = fit(name if name is not None else "—", BOX_W - 20, 16, 9)
        ink = INK if slot.won in (None, i) else FAINT
        text(draw, (x + 10, middle), shown, points, ink, anchor="lm", bold=slot.won == i)


def bracket_png(title: str, rounds: Sequence[Sequence[Slot]], size: int) -> bytes:
    """:func:`bracket_picture` as PNG bytes, through the brackets' palette."""
    return png_through(bracket_picture(title, rounds, size), palette())


@cache
def palette() -> Image.Image:
    """The palette brackets are written with, chosen once from a sample bracket: every
    bracket has the same colours (its grounds, lines, and names bold, plain or faint on a
    box, the title on the ground, a bye's dash) and their blends at the letters' edges, so
    one chosen palette serves them all, where choosing one for each bracket cost two thirds
    of its time."""
    played = [
        Slot("Entrant 1", "Entrant 8", 0),
        Slot("Entrant 4", None, 0),
        Slot("Entrant 3", "Entrant 6", 1),
        Slot("Entrant 2", "Entrant 7"),
    ]
    return own_palette(bracket_picture("Tournament · Knockout", [played, played[:1]], 4))
