"""The pictures on the cards: suit signs of both packs, court figures and trump emblems.

Each painter draws one picture in its unit square through a :class:`Frame`; ``tint`` is the
colour of the suit it stands for where the picture takes one. :func:`sprite` renders a
picture at a size once and keeps it.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from bot.pictures.draw import (
    CLEAR,
    DARK_GOLD,
    GOLD,
    INK,
    RGB,
    SKIN,
    WHITE,
    Frame,
    Painter,
    bezier,
    curve,
    mix,
    petal,
    render,
    star_points,
)

# -- the Italian suits ------------------------------------------------------------------------

CUP_RED: RGB = (184, 32, 40)
COIN_GOLD: RGB = (232, 182, 48)
BLADE: RGB = (172, 192, 222)
SWORD_BLUE: RGB = (34, 72, 160)
WOOD: RGB = (150, 96, 44)
LEAF: RGB = (46, 132, 58)

ITALIAN_INK: dict[str, RGB] = {
    "c": (176, 24, 36),
    "d": (168, 112, 0),
    "s": (28, 66, 150),
    "b": (28, 112, 48),
    "t": (120, 40, 100),  # the trumps of the Florentine pack
    "m": (60, 60, 60),  # the Matto
}
"""The colour each suit's corner index is written in: four colours tell the suits apart."""


def cup(f: Frame, tint: RGB) -> None:
    """A goblet: a red bowl on a gold stem and foot."""
    dark = (90, 16, 20)

    def bowl_x(t: float) -> float:
        return 0.14 + 0.58 * math.cos(t * math.pi / 2)

    def bowl_y(t: float) -> float:
        return -0.66 + 0.8 * math.sin(t * math.pi / 2)

    right = curve(bowl_x, bowl_y)
    left = [(-x, y) for x, y in reversed(right)]
    foot = [(-0.14, 0.55), (0.14, 0.55), (0.56, 0.86), (-0.56, 0.86)]
    f.poly(foot, GOLD, dark, 0.05)
    f.rect((-0.09, 0.1, 0.09, 0.6), GOLD, dark, 0.05)
    f.ellipse((-0.2, 0.24, 0.2, 0.42), GOLD, dark, 0.05)
    f.poly([*right, *left], CUP_RED, dark, 0.06)
    f.poly([(-0.5, -0.42), (0.5, -0.42), (0.42, -0.3), (-0.42, -0.3)], GOLD)
    f.ellipse((-0.74, -0.8, 0.74, -0.56), GOLD, dark, 0.05)
    f.ellipse((-0.6, -0.74, 0.6, -0.62), (120, 20, 26))


def coin(f: Frame, tint: RGB) -> None:
    """A gold coin with a red rosette."""
    rim = (120, 76, 10)
    f.circle(0, 0, 0.92, COIN_GOLD, rim, 0.07)
    f.circle(0, 0, 0.68, None, rim, 0.05)
    for i in range(8):
        f.poly(petal(i * math.pi / 4, 0.1, 0.6, 0.13), (196, 48, 40), (110, 20, 16), 0.025)
    f.circle(0, 0, 0.16, LEAF, rim, 0.04)


def sword(f: Frame, tint: RGB) -> None:
    """An upright sword: a steel blade, a gold guard, a blue grip."""
    dark = (22, 40, 96)
    blade = [(0, -0.98), (0.2, -0.7), (0.2, 0.34), (-0.2, 0.34), (-0.2, -0.7)]
    f.poly(blade, BLADE, dark, 0.07)
    f.line([(0, -0.7), (0, 0.28)], (110, 130, 176), 0.06)
    f.rect((-0.62, 0.3, 0.62, 0.47), GOLD, dark, 0.06, radius=0.08)
    f.circle(-0.64, 0.385, 0.12, GOLD, dark, 0.05)
    f.circle(0.64, 0.385, 0.12, GOLD, dark, 0.05)
    f.rect((-0.12, 0.47, 0.12, 0.8), SWORD_BLUE, dark, 0.05)
    f.circle(0, 0.86, 0.14, GOLD, dark, 0.05)


def baton(f: Frame, tint: RGB) -> None:
    """A knotty wooden club with green sprigs."""
    dark = (70, 40, 12)
    leaf = (20, 70, 30)
    f.poly([(-0.15, -0.4), (-0.55, -0.72), (-0.42, -0.85), (-0.08, -0.52)], LEAF, leaf, 0.04)
    f.poly([(0.15, -0.08), (0.6, -0.3), (0.52, -0.46), (0.12, -0.24)], LEAF, leaf, 0.04)
    body = [(-0.15, 0.94), (0.15, 0.94), (0.34, -0.64), (-0.34, -0.64)]
    f.poly(body, WOOD, dark, 0.07)
    f.ellipse((-0.36, -0.92, 0.36, -0.44), WOOD, dark, 0.07)
    for x, y in ((-0.24, -0.2), (0.22, 0.1), (-0.17, 0.42), (0.18, -0.45)):
        f.ellipse((x - 0.11, y - 0.06, x + 0.11, y + 0.06), (110, 66, 24), dark, 0.04)
    f.rect((-0.19, 0.55, 0.19, 0.66), (200, 40, 40), dark, 0.04)


# -- the French suits -------------------------------------------------------------------------

RED: RGB = (204, 20, 36)
BLACK: RGB = (22, 22, 26)


def heart(f: Frame, tint: RGB) -> None:
    f.circle(-0.43, -0.35, 0.47, tint)
    f.circle(0.43, -0.35, 0.47, tint)
    f.poly([(-0.86, -0.18), (0.86, -0.18), (0, 0.9)], tint)
    f.poly([(-0.5, -0.4), (0.5, -0.4), (0, 0.2)], tint)


def diamond(f: Frame, tint: RGB) -> None:
    f.poly([(0, -0.95), (0.68, 0), (0, 0.95), (-0.68, 0)], tint)


def spade(f: Frame, tint: RGB) -> None:
    f.circle(-0.43, 0.18, 0.45, tint)
    f.circle(0.43, 0.18, 0.45, tint)
    f.poly([(-0.84, 0.04), (0.84, 0.04), (0, -0.95)], tint)
    f.poly([(-0.5, 0.1), (0.5, 0.1), (0, -0.6)], tint)
    f.poly([(0, 0.2), (0.32, 0.95), (-0.32, 0.95)], tint)


def club(f: Frame, tint: RGB) -> None:
    f.circle(0, -0.47, 0.37, tint)
    f.circle(-0.45, 0.12, 0.37, tint)
    f.circle(0.45, 0.12, 0.37, tint)
    f.circle(0, -0.02, 0.24, tint)
    f.poly([(0, -0.1), (0.3, 0.95), (-0.3, 0.95)], tint)


# -- headgear and figures -----------------------------------------------------------------------


def crown(f: Frame, tint: RGB) -> None:
    """A king's crown: five points with pearls, a band with a jewel."""
    f.poly(
        [
            (-0.8, 0.5),
            (-0.9, -0.45),
            (-0.45, 0.05),
            (-0.25, -0.6),
            (0, -0.05),
            (0.25, -0.6),
            (0.45, 0.05),
            (0.9, -0.45),
            (0.8, 0.5),
        ],
        GOLD,
        DARK_GOLD,
        0.06,
    )
    for x, y in ((-0.9, -0.45), (-0.25, -0.6), (0.25, -0.6), (0.9, -0.45)):
        f.circle(x, y, 0.1, WHITE, DARK_GOLD, 0.04)
    f.rect((-0.82, 0.3, 0.82, 0.62), GOLD, DARK_GOLD, 0.06)
    f.circle(0, 0.46, 0.12, tint, INK, 0.03)


def tiara(f: Frame, tint: RGB) -> None:
    """A queen's crown: a rounded diadem with an orb."""
    f.poly(
        [
            *curve(lambda t: -0.8 + 1.6 * t, lambda t: 0.1 - 0.5 * math.sin(t * math.pi)),
            (0.8, 0.55),
            (-0.8, 0.55),
        ],
        GOLD,
        DARK_GOLD,
        0.06,
    )
    f.circle(0, -0.55, 0.16, tint, DARK_GOLD, 0.05)
    f.line([(0, -0.72), (0, -0.92)], DARK_GOLD, 0.06)
    f.line([(-0.1, -0.83), (0.1, -0.83)], DARK_GOLD, 0.06)
    for x in (-0.45, 0, 0.45):
        f.circle(x, 0.3, 0.08, WHITE, DARK_GOLD, 0.03)
    f.rect((-0.82, 0.45, 0.82, 0.62), GOLD, DARK_GOLD, 0.05)


def cap(f: Frame, tint: RGB) -> None:
    """A page's cap with a feather."""
    f.poly(
        [(-0.3, 0.0), (-0.05, -0.95), (0.2, -0.9), (0.05, -0.1)],
        WHITE,
        INK,
        0.05,
    )
    f.ellipse((-0.8, -0.45, 0.7, 0.35), tint, INK, 0.06)
    f.rect((-0.9, 0.05, 0.85, 0.45), mix(tint, WHITE, 0.35), INK, 0.06, radius=0.15)


def bust(f: Frame, tint: RGB, headgear: Painter) -> None:
    """A half-length figure in ``tint`` robes with ``headgear``."""
    robe = [*curve(lambda t: -0.9 + 1.8 * t, lambda t: 0.35 - 0.25 * math.sin(t * math.pi))]
    f.poly([*robe, (0.9, 1.0), (-0.9, 1.0)], tint, INK, 0.04)
    f.poly([(-0.28, 0.12), (0.28, 0.12), (0, 0.6)], mix(tint, WHITE, 0.55), INK, 0.03)
    f.line([(0, 0.6), (0, 1.0)], INK, 0.03)
    f.rect((-0.12, -0.02, 0.12, 0.16), SKIN, INK, 0.03)
    f.ellipse((-0.32, -0.5, 0.32, 0.1), SKIN, INK, 0.04)
    f.circle(-0.12, -0.22, 0.04, INK)
    f.circle(0.12, -0.22, 0.04, INK)
    f.arc((-0.12, -0.14, 0.12, -0.02), 20, 160, (150, 60, 60), 0.03)
    sub = Frame(f.draw, *f.p(0, -0.58), f.r * 0.4, f.sign < 0)
    headgear(sub, tint)


def king(f: Frame, tint: RGB) -> None:
    f.poly(  # a beard
        [(-0.3, -0.1), (0.3, -0.1), (0.22, 0.22), (0, 0.34), (-0.22, 0.22)], (150, 110, 70)
    )
    bust(f, tint, crown)
    f.poly(
        [(-0.26, -0.04), (0.26, -0.04), (0.2, 0.2), (0, 0.3), (-0.2, 0.2)],
        (150, 110, 70),
        INK,
        0.03,
    )


def queen(f: Frame, tint: RGB) -> None:
    f.poly(  # long hair behind the head
        [(-0.38, -0.4), (0.38, -0.4), (0.46, 0.3), (-0.46, 0.3)], (120, 70, 30), INK, 0.03
    )
    bust(f, tint, tiara)


def knave(f: Frame, tint: RGB) -> None:
    bust(f, tint, cap)


def horse(f: Frame, tint: RGB) -> None:
    """A horse's head and neck, bridled, with a saddle cloth in ``tint``."""
    coat = (238, 232, 220)
    neck = [
        (-0.55, 1.0),
        (-0.45, 0.2),
        (-0.3, -0.4),
        (-0.05, -0.78),
        (0.15, -0.92),
        (0.22, -0.72),
        (0.45, -0.55),
        (0.88, -0.05),
        (0.9, 0.12),
        (0.75, 0.22),
        (0.5, 0.1),
        (0.2, -0.05),
        (0.25, 0.45),
        (0.45, 1.0),
    ]
    f.poly(neck, coat, INK, 0.05)
    mane = [(-0.3, -0.4), (-0.05, -0.78), (-0.15, -0.55), (-0.38, -0.2), (-0.5, 0.3), (-0.45, 0.2)]
    f.poly(mane, (110, 70, 40), INK, 0.03)
    f.circle(0.28, -0.45, 0.07, INK)
    f.circle(0.8, 0.06, 0.04, INK)
    f.line([(0.1, -0.62), (0.55, -0.05), (0.85, 0.12)], tint, 0.06)
    f.poly([(-0.6, 0.6), (0.5, 0.6), (0.5, 1.0), (-0.6, 1.0)], tint, INK, 0.04)
    f.line([(-0.6, 0.68), (0.5, 0.68)], GOLD, 0.06)


def jester(f: Frame, tint: RGB) -> None:
    """The Matto: a jester's face under a three-pointed hat with bells."""
    f.poly(
        [
            (-0.7, 0.0),
            (-0.95, -0.55),
            (-0.3, -0.35),
            (0, -0.95),
            (0.3, -0.35),
            (0.95, -0.55),
            (0.7, 0.0),
        ],
        tint,
        INK,
        0.05,
    )
    f.poly([(-0.3, -0.35), (0, -0.95), (0.3, -0.35), (0, -0.1)], GOLD, INK, 0.04)
    for x, y in ((-0.95, -0.55), (0, -0.95), (0.95, -0.55)):
        f.circle(x, y, 0.1, GOLD, INK, 0.04)
    f.rect((-0.72, -0.08, 0.72, 0.1), GOLD, INK, 0.04)
    f.ellipse((-0.45, 0.05, 0.45, 0.92), SKIN, INK, 0.05)
    f.circle(-0.17, 0.38, 0.05, INK)
    f.circle(0.17, 0.38, 0.05, INK)
    f.arc((-0.25, 0.45, 0.25, 0.75), 10, 170, (170, 40, 40), 0.05)
    f.circle(-0.3, 0.6, 0.07, (240, 150, 150))
    f.circle(0.3, 0.6, 0.07, (240, 150, 150))


# -- trump emblems (Florentine) ----------------------------------------------------------------


def star(f: Frame, tint: RGB) -> None:
    f.poly(star_points(8, 0.95, 0.42), GOLD, DARK_GOLD, 0.05)
    f.poly(star_points(8, 0.5, 0.22), WHITE)


def moon(f: Frame, tint: RGB) -> None:
    """A crescent moon among stars."""
    f.circle(0, 0, 0.86, (238, 222, 150), (130, 110, 40), 0.06)
    f.circle(0.42, -0.16, 0.7, CLEAR)
    f.poly(star_points(5, 0.16, 0.07, 0.55, 0.45), GOLD)
    f.poly(star_points(5, 0.12, 0.05, 0.72, -0.62), GOLD)


def sun(f: Frame, tint: RGB) -> None:
    for i in range(16):
        f.poly(petal(i * math.pi / 8, 0.4, 0.98 if i % 2 else 0.8, 0.12), (240, 150, 30))
    f.circle(0, 0, 0.52, (250, 206, 60), DARK_GOLD, 0.05)
    f.circle(-0.17, -0.1, 0.05, INK)
    f.circle(0.17, -0.1, 0.05, INK)
    f.arc((-0.22, -0.05, 0.22, 0.3), 20, 160, INK, 0.04)


def globe(f: Frame, tint: RGB) -> None:
    sea = (60, 130, 200)
    f.circle(0, 0.08, 0.8, sea, INK, 0.05)
    f.poly([(-0.5, -0.3), (-0.1, -0.5), (0.05, -0.1), (-0.2, 0.3), (-0.55, 0.1)], (80, 160, 80))
    f.poly([(0.2, 0.1), (0.55, -0.05), (0.6, 0.4), (0.3, 0.6)], (80, 160, 80))
    f.ellipse((-0.8, -0.1, 0.8, 0.26), None, INK, 0.03)
    f.line([(0, -0.72), (0, -0.96)], DARK_GOLD, 0.08)
    f.line([(-0.12, -0.86), (0.12, -0.86)], DARK_GOLD, 0.08)


def trumpet(f: Frame, tint: RGB) -> None:
    f.poly([(-0.9, 0.75), (-0.8, 0.9), (0.35, -0.2), (0.25, -0.3)], GOLD, DARK_GOLD, 0.04)
    f.poly([(0.3, -0.25), (0.95, -0.95), (0.97, -0.25)], GOLD, DARK_GOLD, 0.05)
    f.circle(-0.88, 0.84, 0.1, GOLD, DARK_GOLD, 0.04)
    f.poly([(-0.5, 0.4), (-0.2, 0.12), (-0.05, 0.55), (-0.35, 0.75)], (190, 30, 40), INK, 0.03)


def wheel(f: Frame, tint: RGB) -> None:
    wood = (150, 96, 44)
    f.circle(0, 0, 0.88, None, INK, 0.2)
    f.circle(0, 0, 0.88, None, wood, 0.12)
    for i in range(8):
        a = i * math.pi / 4
        f.line([(0, 0), (0.82 * math.cos(a), 0.82 * math.sin(a))], wood, 0.08)
    f.circle(0, 0, 0.18, GOLD, INK, 0.05)


def hourglass(f: Frame, tint: RGB) -> None:
    glass = (220, 236, 246)
    sand = (226, 186, 100)
    f.poly(
        [(-0.5, -0.78), (0.5, -0.78), (0.06, 0), (0.5, 0.78), (-0.5, 0.78), (-0.06, 0)],
        glass,
        INK,
        0.04,
    )
    f.poly([(-0.2, -0.3), (0.2, -0.3), (0.04, -0.05), (-0.04, -0.05)], sand)
    f.poly([(0, 0.35), (0.45, 0.74), (-0.45, 0.74)], sand)
    f.rect((-0.7, -0.95, 0.7, -0.78), (120, 80, 40), INK, 0.04)
    f.rect((-0.7, 0.78, 0.7, 0.95), (120, 80, 40), INK, 0.04)


def scales(f: Frame, tint: RGB) -> None:
    f.line([(0, -0.85), (0, 0.75)], DARK_GOLD, 0.08)
    f.poly([(-0.4, 0.9), (0.4, 0.9), (0.15, 0.7), (-0.15, 0.7)], GOLD, DARK_GOLD, 0.04)
    f.line([(-0.75, -0.6), (0.75, -0.6)], DARK_GOLD, 0.08)
    for x in (-0.72, 0.72):
        f.line([(x, -0.6), (x - 0.22, 0.05)], INK, 0.03)
        f.line([(x, -0.6), (x + 0.22, 0.05)], INK, 0.03)
        pan = [(x - 0.3 + 0.6 * i / 16, 0.05 + 0.2 * math.sin(i / 16 * math.pi)) for i in range(17)]
        f.poly(pan, GOLD, DARK_GOLD, 0.04)
    f.circle(0, -0.88, 0.08, GOLD, DARK_GOLD, 0.03)


def flame(f: Frame, tint: RGB) -> None:
    outer = [
        (0, -0.95),
        (0.35, -0.45),
        (0.65, -0.1),
        (0.6, 0.5),
        (0.3, 0.85),
        (-0.3, 0.85),
        (-0.6, 0.5),
        (-0.6, 0.0),
        (-0.35, -0.35),
        (-0.2, -0.1),
    ]
    f.poly(outer, (226, 70, 30), (140, 30, 10), 0.04)
    inner = [(0, -0.3), (0.3, 0.2), (0.3, 0.55), (0, 0.78), (-0.3, 0.55), (-0.25, 0.2)]
    f.poly(inner, (250, 200, 60))


def waves(f: Frame, tint: RGB) -> None:
    blue = (40, 110, 190)
    for row, y in enumerate((-0.5, 0.0, 0.5)):
        shade = mix(blue, WHITE, 0.25 * row)
        points = [
            (-0.9 + 1.8 * i / 24, y + 0.18 * math.sin(i / 24 * 4 * math.pi)) for i in range(25)
        ]
        f.line(points, shade, 0.16)


def mountains(f: Frame, tint: RGB) -> None:
    f.poly([(-0.95, 0.7), (-0.35, -0.5), (0.15, 0.7)], (120, 100, 70), INK, 0.04)
    f.poly([(-0.35, 0.7), (0.35, -0.8), (0.95, 0.7)], (100, 140, 80), INK, 0.04)
    f.poly([(0.35, -0.8), (0.5, -0.5), (0.2, -0.5)], WHITE)
    f.rect((-0.95, 0.7, 0.95, 0.85), (90, 140, 60))


def cloud(f: Frame, tint: RGB) -> None:
    sky = (150, 190, 230)
    for x, y, r in ((-0.45, 0.1, 0.35), (0, -0.15, 0.45), (0.45, 0.1, 0.35), (0, 0.25, 0.35)):
        f.circle(x, y, r + 0.05, INK)
    for x, y, r in ((-0.45, 0.1, 0.35), (0, -0.15, 0.45), (0.45, 0.1, 0.35), (0, 0.25, 0.35)):
        f.circle(x, y, r, WHITE)
    f.line(
        curve(lambda t: -0.8 + 1.6 * t, lambda t: 0.78 + 0.1 * math.sin(t * 3 * math.pi)), sky, 0.08
    )
    f.line(
        curve(lambda t: -0.6 + 1.2 * t, lambda t: -0.75 + 0.1 * math.sin(t * 3 * math.pi)),
        sky,
        0.08,
    )


def heart_emblem(f: Frame, tint: RGB) -> None:
    heart(f, RED)
    f.line([(-0.9, 0.6), (0.9, -0.6)], DARK_GOLD, 0.07)
    f.poly([(0.9, -0.6), (0.62, -0.56), (0.78, -0.34)], DARK_GOLD)


def column(f: Frame, tint: RGB) -> None:
    stone = (226, 220, 204)
    f.rect((-0.55, -0.9, 0.55, -0.7), stone, INK, 0.04)
    f.rect((-0.35, -0.7, 0.35, 0.7), stone, INK, 0.04)
    for x in (-0.17, 0, 0.17):
        f.line([(x, -0.65), (x, 0.65)], (170, 160, 140), 0.03)
    f.rect((-0.6, 0.7, 0.6, 0.92), stone, INK, 0.04)


def anchor(f: Frame, tint: RGB) -> None:
    iron = (60, 80, 110)
    f.circle(0, -0.75, 0.15, None, iron, 0.07)
    f.line([(0, -0.6), (0, 0.8)], iron, 0.12)
    f.line([(-0.4, -0.35), (0.4, -0.35)], iron, 0.1)
    f.arc((-0.75, -0.1, 0.75, 0.85), 20, 160, iron, 0.1)
    f.poly([(-0.8, 0.25), (-0.6, 0.45), (-0.85, 0.5)], iron)
    f.poly([(0.8, 0.25), (0.6, 0.45), (0.85, 0.5)], iron)


def cross(f: Frame, tint: RGB) -> None:
    f.rect((-0.14, -0.9, 0.14, 0.9), GOLD, DARK_GOLD, 0.05)
    f.rect((-0.6, -0.5, 0.6, -0.22), GOLD, DARK_GOLD, 0.05)
    f.rect((-0.11, -0.47, 0.11, -0.25), GOLD)


def tower(f: Frame, tint: RGB) -> None:
    stone = (200, 180, 150)
    f.poly([(-0.45, 0.9), (-0.4, -0.5), (0.4, -0.5), (0.45, 0.9)], stone, INK, 0.04)
    for x in (-0.4, -0.13, 0.14):
        f.rect((x, -0.7, x + 0.26, -0.5), stone, INK, 0.04)
    f.rect((-0.12, 0.45, 0.12, 0.9), (80, 50, 30), INK, 0.03, radius=0.1)
    f.poly(
        [(-0.75, -0.2), (-0.55, -0.75), (-0.45, -0.3), (-0.3, -0.85), (-0.2, -0.25)], (230, 80, 30)
    )
    f.poly([(0.75, -0.2), (0.55, -0.8), (0.45, -0.3), (0.32, -0.9), (0.2, -0.25)], (230, 80, 30))


def scythe(f: Frame, tint: RGB) -> None:
    """Death's scythe: a long snath and a curved blade."""
    wood = (120, 80, 40)
    outer = bezier((0.34, -0.86), (-0.3, -1.1), (-0.9, -0.3))
    inner = bezier((-0.9, -0.3), (-0.35, -0.72), (0.24, -0.58))
    f.poly([*outer, *inner], (204, 210, 222), INK, 0.05)
    f.line([(-0.45, 0.95), (0.36, -0.9)], wood, 0.11)
    f.line([(-0.3, 0.5), (0.05, 0.62)], wood, 0.09)


def hanged(f: Frame, tint: RGB) -> None:
    """The Hanged Man: a figure upside down from a beam."""
    wood = (120, 80, 40)
    f.rect((-0.9, -0.95, 0.9, -0.8), wood, INK, 0.03)
    f.line([(0, -0.8), (0, -0.55)], INK, 0.04)
    knave(Frame(f.draw, *f.p(0, 0.2), f.r * 0.75, f.sign > 0), tint)


def trident(f: Frame, tint: RGB) -> None:
    red = (170, 30, 30)
    f.line([(0, -0.4), (0, 0.95)], (60, 40, 30), 0.1)
    f.arc((-0.55, -0.95, 0.55, -0.25), 0, 180, red, 0.1)
    for x in (-0.55, 0, 0.55):
        f.line([(x, -0.6), (x, -0.95)], red, 0.1)
        f.poly([(x - 0.12, -0.88), (x + 0.12, -0.88), (x, -1.0)], red)


def medallion(f: Frame, tint: RGB) -> None:
    """A zodiac medallion: a starred ring round a small sun."""
    f.circle(0, 0, 0.9, (40, 50, 110), DARK_GOLD, 0.07)
    for i in range(12):
        a = i * math.pi / 6
        f.poly(star_points(4, 0.11, 0.04, 0.7 * math.cos(a), 0.7 * math.sin(a)), GOLD)
    f.circle(0, 0, 0.45, (244, 228, 190), DARK_GOLD, 0.05)
    f.poly(star_points(6, 0.32, 0.14), tint)


def mitre(f: Frame, tint: RGB) -> None:
    """The Papa's triple crown: a tall rounded tiara with three gold bands."""
    right = curve(lambda t: 0.55 * math.sin(t * math.pi / 2 + 0.25), lambda t: -0.9 + 1.6 * t)
    f.poly([*right, (-right[-1][0], 0.7), *[(-x, y) for x, y in reversed(right)]], WHITE, INK, 0.05)
    f.circle(0, -0.9, 0.1, GOLD, DARK_GOLD, 0.04)
    for y in (0.55, 0.15, -0.25):
        half = 0.56 if y > 0 else 0.5
        f.rect((-half, y - 0.08, half, y + 0.08), GOLD, DARK_GOLD, 0.03)
    f.rect((-0.65, 0.7, 0.65, 0.85), GOLD, DARK_GOLD, 0.04)


def mirror(f: Frame, tint: RGB) -> None:
    """Prudence's mirror."""
    f.rect((-0.1, 0.35, 0.1, 0.95), (120, 80, 40), INK, 0.04, radius=0.05)
    f.ellipse((-0.55, -0.9, 0.55, 0.45), GOLD, DARK_GOLD, 0.06)
    f.ellipse((-0.42, -0.76, 0.42, 0.31), (190, 220, 236))
    f.line([(-0.2, -0.5), (0.05, -0.7)], WHITE, 0.06)


def maid(f: Frame, tint: RGB) -> None:
    """A Fantina: a girl with long hair and a small cap."""
    f.poly([(-0.36, -0.4), (0.36, -0.4), (0.44, 0.36), (-0.44, 0.36)], (190, 120, 50), INK, 0.03)
    bust(f, tint, bonnet)


def bonnet(f: Frame, tint: RGB) -> None:
    f.ellipse((-0.8, -0.2, 0.8, 0.6), mix(tint, WHITE, 0.3), INK, 0.06)
    f.circle(0.6, -0.1, 0.2, WHITE, INK, 0.04)


PAINTERS: dict[str, Painter] = {
    "c": cup,
    "d": coin,
    "s": sword,
    "b": baton,
    "H": heart,
    "D": diamond,
    "S": spade,
    "C": club,
    "crown": crown,
    "tiara": tiara,
    "cap": cap,
    "king": king,
    "queen": queen,
    "knave": knave,
    "horse": horse,
    "jester": jester,
    "star": star,
    "moon": moon,
    "sun": sun,
    "globe": globe,
    "trumpet": trumpet,
    "wheel": wheel,
    "hourglass": hourglass,
    "scales": scales,
    "flame": flame,
    "waves": waves,
    "mountains": mountains,
    "cloud": cloud,
    "love": heart_emblem,
    "column": column,
    "anchor": anchor,
    "cross": cross,
    "tower": tower,
    "scythe": scythe,
    "hanged": hanged,
    "trident": trident,
    "medallion": medallion,
    "mitre": mitre,
    "mirror": mirror,
    "maid": maid,
}


@lru_cache(maxsize=1024)
def sprite(
    name: str, width: int, height: int = 0, tint: RGB = INK, flip: bool = False
) -> Image.Image:
    """The picture ``name`` in a ``width`` x ``height`` box (square when no height), kept.

    The image is shared: paste it, never draw on it."""
    return render(PAINTERS[name], width, height or width, tint, flip)
