"""Drawing helpers shared by the card faces and the compositions.

Shapes are drawn in their own coordinates (-1 to 1 both ways, y downwards) through a
:class:`Frame`, which places them on the image; small pictures (a pip, a crown) are drawn
four times larger and scaled down, which smooths their edges, and cached as sprites.
Text uses Pillow's built-in scalable font, so no system font is needed.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
Ink = tuple[int, ...]
"""A colour, RGB or RGBA: on a transparent sprite, :data:`CLEAR` cuts a hole."""
Point = tuple[float, float]
Offset = tuple[int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

SUPERSAMPLE = 4
"""Sprites are drawn this many times larger than they are shown, then scaled down."""

INK: RGB = (28, 24, 22)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (226, 176, 52)
DARK_GOLD: RGB = (150, 104, 20)
SKIN: RGB = (246, 214, 180)
CLEAR: Ink = (0, 0, 0, 0)


@lru_cache(maxsize=64)
def font(size: int) -> Font:
    """Pillow's built-in font at ``size`` pixels. It has the ASCII letters only: other text
    goes through :func:`fold` (accents are drawn by hand)."""
    return ImageFont.load_default(size=size)


# Letters the built-in font lacks, spelled with ASCII ones.
_SPELLED = {"ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O"}
_SPELLED |= {"ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i", "–": "-", "—": "-", "−": "-"}
_SPELLED |= {"¡": "!", "¿": "?"}
_EXTRA = frozenset("©«°±´·»‘’“”…‹›™")
"""The few characters beyond ASCII that the built-in font has."""
_MARKS = {"\u0300", "\u0301", "\u0302", "\u0303", "\u0306", "\u0308", "\u030a", "\u0327"}


@lru_cache(maxsize=4096)
def fold(words: str) -> tuple[str, tuple[tuple[int, str], ...]]:
    """``words`` in ASCII, and the accents to draw over (or under) its letters, as
    (index, combining mark): "Carità" -> ("Carita", ((5, "\u0300"),)). A character with no
    ASCII spelling becomes "?"."""
    out: list[str] = []
    marks: list[tuple[int, str]] = []
    for char in words:
        if " " <= char <= "~" or char in _EXTRA:
            out.append(char)
            continue
        if char in _SPELLED:
            out.append(_SPELLED[char])
            continue
        decomposed = unicodedata.normalize("NFD", char)
        base, combining = decomposed[0], decomposed[1:]
        if not " " <= base <= "~":
            out.append("?")
            continue
        index = sum(len(part) for part in out)
        out.append(base)
        marks.extend((index, mark) for mark in combining if mark in _MARKS)
    return "".join(out), tuple(marks)


@lru_cache(maxsize=8192)
def text_width(words: str, size: int) -> float:
    return float(font(size).getlength(fold(words)[0]))


def fit_size(words: str, width: float, largest: int, smallest: int = 8) -> int:
    """The largest font size from ``largest`` down at which ``words`` is at most ``width``."""
    size = largest
    while size > smallest and text_width(words, size) > width:
        size -= 1
    return size


@lru_cache(maxsize=4096)
def fit(words: str, width: float, largest: int, smallest: int) -> tuple[str, int]:
    """``words`` at the largest size from ``largest`` to ``smallest`` at which they are at most
    ``width`` wide; cut short with "..." if they are too wide even at ``smallest``."""
    size = fit_size(words, width, largest, smallest)
    if text_width(words, size) <= width:
        return words, size
    cut = words
    while cut and text_width(cut.rstrip() + "...", size) > width:
        cut = cut[:-1]
    return cut.rstrip() + "...", size


def wrap(words: str, width: float, largest: int, smallest: int = 9) -> tuple[list[str], int]:
    """``words`` in at most two lines at the largest size that fits ``width``."""
    parts = words.split()
    splits = [[words]]
    splits += [[" ".join(parts[:i]), " ".join(parts[i:])] for i in range(1, len(parts))]
    best: tuple[list[str], int] = ([words], smallest)
    best_size = 0
    for lines in splits:
        size = min(fit_size(line, width, largest, smallest) for line in lines)
        # One line wins over two at the same size; two lines must gain a size to be chosen.
        if size > best_size + (2 if len(lines) > 1 else 0):
            best, best_size = (lines, size), size
    return best


def text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    words: str,
    size: int,
    fill: Ink,
    anchor: str = "mm",
    bold: bool = False,
) -> None:
    """Draw ``words`` at ``xy`` (``anchor`` as Pillow's: "mm" centres it); ``bold`` thickens it.

    On an opaque picture (a hand, a board) the words are stamped from a stencil drawn once
    and kept: the same names and counts come back on every board."""
    if draw.mode == "RGB":
        stencil, (dx, dy) = _stencil(words, size, anchor, bold)
        draw.bitmap((round(xy[0]) + dx, round(xy[1]) + dy), stencil, fill=fill)
        return
    _write(draw, xy, words, size, fill, anchor, bold)


@lru_cache(maxsize=4096)
def _stencil(words: str, size: int, anchor: str, bold: bool) -> tuple[Image.Image, Offset]:
    """``words`` drawn once as a mask, and where its top left lies from the anchor point."""
    box = font(size).getbbox(fold(words)[0], anchor=anchor, stroke_width=1 if bold else 0)
    left, top = math.floor(box[0]), math.floor(box[1])
    right, bottom = math.ceil(box[2]), math.ceil(box[3])
    above, below, side = size // 2, size // 4, 2  # room for accents (and a cedilla)
    width = max(1, right - left + 2 * side)
    height = max(1, bottom - top + above + below)
    mask = Image.new("L", (width, height), 0)
    _write(ImageDraw.Draw(mask), (side - left, above - top), words, size, (255,), anchor, bold)
    return mask, (left - side, top - above)


def _write(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    words: str,
    size: int,
    fill: Ink,
    anchor: str,
    bold: bool,
) -> None:
    ascii_words, marks = fold(words)
    face = font(size)
    draw.text(
        xy,
        ascii_words,
        font=face,
        fill=fill,
        anchor=anchor,
        stroke_width=1 if bold else 0,
        stroke_fill=fill,
    )
    if not marks:
        return
    placed = face.getbbox(ascii_words, anchor=anchor)
    plain = face.getbbox(ascii_words, anchor="ls")
    left = xy[0] + placed[0] - plain[0]
    baseline = xy[1] + placed[1] - plain[1]
    for index, mark in marks:
        letter = ascii_words[index]
        x = left + face.getlength(ascii_words[:index]) + face.getlength(letter) / 2
        top = baseline + face.getbbox(letter, anchor="ls")[1]
        _accent(draw, mark, x, top, baseline, size, fill, bold)


def _accent(
    draw: ImageDraw.ImageDraw,
    mark: str,
    x: float,
    top: float,
    baseline: float,
    size: int,
    fill: Ink,
    bold: bool,
) -> None:
    """A combining ``mark`` over the letter centred on ``x`` whose top is ``top``."""
    h = max(2.0, size * 0.16)
    low = top - max(1.0, size * 0.05)
    high = low - h
    width = max(1, round(size / 12)) + (1 if bold else 0)
    if mark == "\u0300":  # grave
        draw.line([(x - h * 0.45, high), (x + h * 0.35, low)], fill=fill, width=width)
    elif mark == "\u0301":  # acute
        draw.line([(x - h * 0.35, low), (x + h * 0.45, high)], fill=fill, width=width)
    elif mark == "\u0302":  # circumflex
        draw.line([(x - h * 0.6, low), (x, high), (x + h * 0.6, low)], fill=fill, width=width)
    elif mark == "\u0303":  # tilde
        wave = [(x + h * (i / 4 - 0.7), low - h * 0.5 * (1 + math.sin(i * 0.9))) for i in range(6)]
        draw.line(wave, fill=fill, width=width)
    elif mark == "\u0306":  # breve (Esperanto's ŭ)
        draw.arc((x - h * 0.55, high - h * 0.4, x + h * 0.55, low), 20, 160, fill=fill, width=width)
    elif mark == "\u0308":  # diaeresis
        r = max(1.0, size * 0.05) + (0.5 if bold else 0)
        for dx in (-h * 0.55, h * 0.55):
            draw.ellipse((x + dx - r, low - h / 2 - r, x + dx + r, low - h / 2 + r), fill=fill)
    elif mark == "\u030a":  # ring
        draw.ellipse((x - h / 2, high, x + h / 2, low), outline=fill, width=width)
    else:  # cedilla
        draw.line(
            [(x, baseline), (x + h * 0.3, baseline + h * 0.6), (x - h * 0.3, baseline + h)],
            fill=fill,
            width=width,
        )


def mix(a: RGB, b: RGB, share: float) -> RGB:
    """``share`` of ``b`` mixed into ``a``."""
    return (
        round(a[0] + (b[0] - a[0]) * share),
        round(a[1] + (b[1] - a[1]) * share),
        round(a[2] + (b[2] - a[2]) * share),
    )


class Frame:
    """A shape's own coordinates (-1..1, y down) placed at centre ``(cx, cy)``, ``r`` pixels
    to a unit; ``flip`` turns it upside down (a half-turn)."""

    def __init__(
        self, draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, flip: bool = False
    ) -> None:
        self.draw = draw
        self.cx, self.cy, self.r = cx, cy, r
        self.sign = -1.0 if flip else 1.0

    def p(self, x: float, y: float) -> Point:
        return (self.cx + self.sign * x * self.r, self.cy + self.sign * y * self.r)

    def pts(self, points: Sequence[Point]) -> list[Point]:
        return [self.p(x, y) for x, y in points]

    def box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        (ax, ay), (bx, by) = self.p(x0, y0), self.p(x1, y1)
        return (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))

    def w(self, width: float) -> int:
        return max(1, round(width * self.r))

    def poly(
        self,
        points: Sequence[Point],
        fill: Ink | None,
        outline: Ink | None = None,
        width: float = 0,
    ) -> None:
        self.draw.polygon(self.pts(points), fill=fill)
        if outline is not None and width:
            ring = self.pts(points)
            self.draw.line([*ring, ring[0]], fill=outline, width=self.w(width), joint="curve")

    def ellipse(
        self,
        box: tuple[float, float, float, float],
        fill: Ink | None,
        outline: Ink | None = None,
        width: float = 0,
    ) -> None:
        self.draw.ellipse(
            self.box(*box), fill=fill, outline=outline, width=self.w(width) if outline else 0
        )

    def circle(
        self,
        x: float,
        y: float,
        radius: float,
        fill: Ink | None,
        outline: Ink | None = None,
        width: float = 0,
    ) -> None:
        self.ellipse((x - radius, y - radius, x + radius, y + radius), fill, outline, width)

    def rect(
        self,
        box: tuple[float, float, float, float],
        fill: Ink | None,
        outline: Ink | None = None,
        width: float = 0,
        radius: float = 0,
    ) -> None:
        self.draw.rounded_rectangle(
            self.box(*box),
            radius=radius * self.r,
            fill=fill,
            outline=outline,
            width=self.w(width) if outline else 0,
        )

    def line(self, points: Sequence[Point], fill: Ink, width: float) -> None:
        self.draw.line(self.pts(points), fill=fill, width=self.w(width), joint="curve")

    def arc(
        self,
        box: tuple[float, float, float, float],
        start: float,
        end: float,
        fill: Ink,
        width: float,
    ) -> None:
        if self.sign < 0:
            start, end = start + 180, end + 180
        self.draw.arc(self.box(*box), start, end, fill=fill, width=self.w(width))


def curve(
    fx: Callable[[float], float], fy: Callable[[float], float], steps: int = 16
) -> list[Point]:
    """Points along ``(fx(t), fy(t))`` for t from 0 to 1."""
    return [(fx(i / steps), fy(i / steps)) for i in range(steps + 1)]


def bezier(start: Point, control: Point, end: Point, steps: int = 16) -> list[Point]:
    """Points along the quadratic Bezier curve from ``start`` to ``end``."""
    return [
        (
            (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t**2 * end[0],
            (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t**2 * end[1],
        )
        for t in (i / steps for i in range(steps + 1))
    ]


def star_points(n: int, outer: float, inner: float, x: float = 0, y: float = 0) -> list[Point]:
    """A star of ``n`` points, the first pointing up."""
    points = []
    for i in range(2 * n):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / n
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return points


def petal(angle: float, near: float, far: float, half_width: float) -> list[Point]:
    """A pointed petal from radius ``near`` to ``far`` along ``angle`` (radians)."""
    c, s = math.cos(angle), math.sin(angle)
    mid = (near + far) / 2
    return [
        (near * c, near * s),
        (mid * c - half_width * s, mid * s + half_width * c),
        (far * c, far * s),
        (mid * c + half_width * s, mid * s - half_width * c),
    ]


Painter = Callable[[Frame, RGB], None]


def render(painter: Painter, width: int, height: int, tint: RGB, flip: bool = False) -> Image.Image:
    """``painter`` drawn in a ``width`` x ``height`` box, smoothed, on a transparent ground.

    The shape's unit square is the box's shorter side."""
    big = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    frame = Frame(
        ImageDraw.Draw(big),
        big.width / 2,
        big.height / 2,
        min(big.width, big.height) / 2,
        flip,
    )
    painter(frame, tint)
    return big.resize((width, height), Image.Resampling.LANCZOS)


def rounded_mask(width: int, height: int, radius: int) -> Image.Image:
    """An "L" mask of a rounded rectangle, its edge smoothed."""
    big = Image.new("L", (width * SUPERSAMPLE, height * SUPERSAMPLE), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, big.width - 1, big.height - 1), radius=radius * SUPERSAMPLE, fill=255
    )
    return big.resize((width, height), Image.Resampling.LANCZOS)


@dataclass(frozen=True)
class Stamp:
    """A picture with see-through rounded corners, cut to be laid fast: its opaque middle
    rows are copied as they are, and only the rows with corners are blended."""

    top: Image.Image  # RGBA: the rows with the upper corners
    middle: Image.Image  # RGB
    bottom: Image.Image  # RGBA: the rows with the lower corners

    @classmethod
    def of(cls, image: Image.Image) -> Stamp:
        alpha = image.getchannel("A")
        width, height = image.size

        def opaque(row: int) -> bool:
            low = alpha.crop((0, row, width, row + 1)).getextrema()[0]
            return low == 255

        top = 0
        while top < height and not opaque(top):
            top += 1
        bottom = height
        while bottom > top and not opaque(bottom - 1):
            bottom -= 1
        return cls(
            image.crop((0, 0, width, top)),
            image.crop((0, top, width, bottom)).convert("RGB"),
            image.crop((0, bottom, width, height)),
        )

    def lay(self, canvas: Image.Image, xy: tuple[int, int]) -> None:
        """Lay the picture on an RGB ``canvas`` with its top left at ``xy``."""
        x, y = xy
        for part, opaque in ((self.top, False), (self.middle, True), (self.bottom, False)):
            if part.height:
                paste(canvas, part, (x, y), opaque)
            y += part.height


def paste(canvas: Image.Image, picture: Image.Image, xy: tuple[int, int], opaque: bool) -> None:
    """``Image.paste`` of ``picture`` (through its own alpha unless ``opaque``) at ``xy`` on a
    ``canvas`` made by this package, less the checks of Pillow's wrapper: a hand or a board
    lays a hundred pictures or more, and the wrapper took twice the time of the copy itself.
    Pillow's core clips what falls outside the canvas."""
    x, y = xy
    box = (x, y, x + picture.width, y + picture.height)
    canvas.load()
    if opaque:
        canvas.im.paste(picture.im, box)
    else:
        canvas.im.paste(picture.im, box, picture.im)
