"""The packs by name, their card pictures and backs, kept once drawn.

``card(pack, code)`` and ``back(pack, index)`` return shared images: paste them, never draw on
them. A pack's pictures are drawn the first time they are asked for (about a millisecond a
card) and kept for the life of the process.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw

from bot.games import SPECS
from bot.games.cards import ITALIAN_SUITS, french_pack, italian_pack
from bot.pictures.draw import GOLD, INK, RGB, WHITE, Stamp, mix, star_points
from bot.pictures.faces import (
    CARD_H,
    CARD_W,
    FLORENTINE_COURTS,
    FOOL,
    blank,
    florentine_face,
    french_face,
    italian_face,
)

PACKS = ("italian", "french", "florentine")
"""The packs by name: the Italian 40-card pack, the French 52-card pack, and the Florentine
97-card tarot pack."""


def florentine_pack() -> list[str]:
    """The Florentine pack's 97 cards: the trumps from 40 down to 1, the Matto, then each
    suit's courts and numerals."""
    trumps = [f"T{n}" for n in range(40, 0, -1)]
    ranks = [*FLORENTINE_COURTS, *(str(n) for n in range(1, 11))]
    return [*trumps, FOOL, *(rank + suit for suit in ITALIAN_SUITS for rank in ranks)]


_FACES: dict[str, Callable[[str], Image.Image]] = {
    "italian": italian_face,
    "french": french_face,
    "florentine": florentine_face,
}
_CARDS: dict[str, Callable[[], list[str]]] = {
    "italian": italian_pack,
    "french": french_pack,
    "florentine": florentine_pack,
}
_CODES: dict[str, frozenset[str]] = {pack: frozenset(cards()) for pack, cards in _CARDS.items()}


def pack_of(game_or_pack: str) -> str:
    """The pack's name, from a game's name (its spec's ``pack``) or a pack's (``"french"``)."""
    spec = SPECS.get(game_or_pack)
    pack = spec.pack if spec is not None else game_or_pack
    if pack not in _FACES:
        raise ValueError(f"no pack or game is called {game_or_pack!r}")
    return pack


def pack_cards(pack: str) -> list[str]:
    """Every card of ``pack`` once, in the order a contact sheet shows them."""
    return _CARDS[pack_of(pack)]()


def backs_of(pack: str) -> int:
    """How many different backs ``pack`` has: the French pack two, for a game played with two
    French packs at once (a large table's)."""
    return 2 if pack_of(pack) == "french" else 1


def card(pack: str, code: str) -> Image.Image:
    """The face of ``code`` in ``pack`` (or a game's name), RGBA, CARD_W x CARD_H."""
    return _card(pack_of(pack), code)


@cache
def _card(pack: str, code: str) -> Image.Image:
    if code not in _CODES[pack]:
        raise ValueError(f"{code!r} is not a card of the {pack} pack")
    return _FACES[pack](code)


def dimmed(pack: str, code: str) -> Image.Image:
    """The face of ``code`` greyed, for a card that may not be played now."""
    return _dimmed(pack_of(pack), code)


@cache
def _dimmed(pack: str, code: str) -> Image.Image:
    face = _card(pack, code)
    shade = Image.new("RGBA", face.size, (70, 70, 78, 255))
    grey = Image.blend(face, shade, 0.5)
    grey.putalpha(face.getchannel("A"))
    return grey


def card_stamp(pack: str, code: str, dim: bool = False) -> Stamp:
    """The face of ``code`` (``dim``: greyed) cut to be laid fast on a hand or a board."""
    return _card_stamp(pack_of(pack), code, dim)


@cache
def _card_stamp(pack: str, code: str, dim: bool) -> Stamp:
    return Stamp.of(_dimmed(pack, code) if dim else _card(pack, code))


def back_stamp(pack: str, index: int = 0) -> Stamp:
    """A back (see :func:`back`) cut to be laid fast."""
    pack = pack_of(pack)
    return _back_stamp(pack, index % len(_BACKS[pack]))


@cache
def _back_stamp(pack: str, index: int) -> Stamp:
    return Stamp.of(_back(pack, index))


# -- backs ----------------------------------------------------------------------------------------

# Pack -> (ground, pattern colour, pattern) for each back.
_BACKS: dict[str, list[tuple[RGB, RGB, str]]] = {
    "italian": [((150, 28, 40), (236, 196, 110), "lattice")],
    "french": [
        ((30, 62, 146), (220, 230, 250), "lattice"),
        ((168, 30, 36), (250, 226, 226), "rings"),
    ],
    "florentine": [((28, 96, 72), GOLD, "stars")],
}


def back(pack: str, index: int = 0) -> Image.Image:
    """The back of ``pack``'s cards; ``index`` 1 is the second French pack's (a red back).
    A game played with two packs tells their cards apart by no code, so a board gives each
    seat's hidden cards the first back; the second is there for a board that shows both."""
    pack = pack_of(pack)
    return _back(pack, index % len(_BACKS[pack]))


@cache
def _back(pack: str, index: int) -> Image.Image:
    ground, ink, pattern = _BACKS[pack][index]
    image = blank(WHITE, INK).copy()
    panel = Image.new("RGBA", (CARD_W - 16, CARD_H - 16), ground)
    draw = ImageDraw.Draw(panel)
    width, height = panel.size
    if pattern == "lattice":
        step = 14
        for k in range(-height, width + height, step):
            draw.line((k, 0, k + height, height), fill=mix(ground, ink, 0.7), width=2)
            draw.line((k, height, k + height, 0), fill=mix(ground, ink, 0.7), width=2)
    elif pattern == "rings":
        for y in range(0, height + 14, 14):
            for x in range(0, width + 14, 14):
                draw.ellipse((x - 5, y - 5, x + 5, y + 5), outline=mix(ground, ink, 0.7), width=2)
    else:
        for row, y in enumerate(range(8, height, 18)):
            for x in range(8 + (row % 2) * 9, width, 18):
                draw.polygon(star_points(5, 5, 2.2, x, y), fill=mix(ground, ink, 0.8))
    cx, cy = width / 2, height / 2
    draw.ellipse((cx - 30, cy - 40, cx + 30, cy + 40), fill=ground, outline=ink, width=3)
    draw.polygon(star_points(8, 24, 10, cx, cy), fill=ink)
    draw.rectangle((0, 0, width - 1, height - 1), outline=ink, width=2)
    image.alpha_composite(panel, (8, 8))
    return image


__all__ = [
    "PACKS",
    "back",
    "back_stamp",
    "backs_of",
    "card",
    "card_stamp",
    "dimmed",
    "florentine_pack",
    "pack_cards",
    "pack_of",
]
