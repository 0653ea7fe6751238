"""The packs, their card pictures and backs, kept once drawn.

A pack is data (``Pack``): its cards, how a face is drawn, its backs, its contact sheet. The
Italian, French and Florentine packs are here; a game played with another declares its own
``Pack`` beside its painter (``Board.packs``), which is added to ``PACKS`` when the painter is
loaded. A game names its pack (its spec's ``pack``); nothing here knows the games.

``card(pack, code)`` and ``back(pack, index)`` return shared images: paste them, never draw on
them. A pack's pictures are drawn the first time they are asked for (about a millisecond a
card) and kept for the life of the process.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

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

Back = tuple[RGB, RGB, str]
"""A back: its ground, its pattern's colour, and the pattern (lattice, rings or stars)."""
Rows = list[list[str | int]]
"""A contact sheet, row by row: card codes, and back numbers (ints)."""


@dataclass(frozen=True)
class Pack:
    """A pack, as data: what its cards are and how they are drawn."""

    name: str
    """Its key: a game's spec names it (``"italian"``)."""
    title: str
    """Its contact sheet's title, in English (the sheets are made for the docs)."""
    cards: Callable[[], list[str]]
    """Every card once, in the order a contact sheet shows them."""
    face: Callable[[str], Image.Image]
    """Draws a card's face, RGBA, CARD_W x CARD_H."""
    backs: tuple[Back, ...]
    """Its backs: a second one for a game played with two packs at once."""
    row: int = 10
    """Cards a row of its contact sheet."""
    sheet: Callable[[list[str], list[int]], Rows] | None = None
    """Lays out its contact sheet from its cards and backs, when rows of ``row`` cards and
    then the backs will not do."""

    @property
    def codes(self) -> frozenset[str]:
        return _codes(self)

    def rows(self) -> Rows:
        codes, backs = self.cards(), list(range(len(self.backs)))
        if self.sheet is not None:
            return self.sheet(codes, backs)
        faces: Rows = [[*codes[i : i + self.row]] for i in range(0, len(codes), self.row)]
        return [*faces, [*backs]]


@cache
def _codes(pack: Pack) -> frozenset[str]:
    return frozenset(pack.cards())


def florentine_pack() -> list[str]:
    """The Florentine pack's 97 cards: the trumps from 40 down to 1, the Matto, then each
    suit's courts and numerals."""
    trumps = [f"T{n}" for n in range(40, 0, -1)]
    ranks = [*FLORENTINE_COURTS, *(str(n) for n in range(1, 11))]
    return [*trumps, FOOL, *(rank + suit for suit in ITALIAN_SUITS for rank in ranks)]


def _florentine_sheet(codes: list[str], backs: list[int]) -> Rows:
    """The trumps from 1 up, the Matto and the back, fourteen a row; then a suit a row."""
    trumps: list[str | int] = [f"T{n}" for n in range(1, 41)]
    trumps += [FOOL, *backs]
    rows = [trumps[i : i + 14] for i in range(0, len(trumps), 14)]
    for suit in ITALIAN_SUITS:
        rows.append([*(f"{n}{suit}" for n in range(1, 11)), *(f"{r}{suit}" for r in "FCQR")])
    return rows


PACKS: dict[str, Pack] = {
    pack.name: pack
    for pack in (
        Pack(
            "italian",
            "The Italian pack: 40 cards",
            italian_pack,
            italian_face,
            (((150, 28, 40), (236, 196, 110), "lattice"),),
        ),
        Pack(
            "french",
            "The French pack: 52 cards",
            french_pack,
            french_face,
            (
                ((30, 62, 146), (220, 230, 250), "lattice"),
                ((168, 30, 36), (250, 226, 226), "rings"),
            ),
            row=13,
        ),
        Pack(
            "florentine",
            "The Florentine pack: 97 cards",
            florentine_pack,
            florentine_face,
            (((28, 96, 72), GOLD, "stars"),),
            sheet=_florentine_sheet,
        ),
    )
}
"""The packs by name: the Italian 40-card pack, the French 52-card pack, the Florentine
97-card tarot pack, and any a game's painter brings (``add``)."""


def add(pack: Pack) -> None:
    """Make ``pack`` known by its name (a game's own pack: its painter declares it)."""
    known = PACKS.setdefault(pack.name, pack)
    if known != pack:
        raise ValueError(f"two packs are called {pack.name!r}")


def pack_of(pack: str) -> Pack:
    """The pack called ``pack``."""
    found = PACKS.get(pack)
    if found is None:
        raise ValueError(f"no pack is called {pack!r}")
    return found


def pack_cards(pack: str) -> list[str]:
    """Every card of ``pack`` once, in the order a contact sheet shows them."""
    return pack_of(pack).cards()


def backs_of(pack: str) -> int:
    """How many different backs ``pack`` has: the French pack two, for a game played with two
    French packs at once (a large table's)."""
    return len(pack_of(pack).backs)


def card(pack: str, code: str) -> Image.Image:
    """The face of ``code`` in ``pack``, RGBA, CARD_W x CARD_H."""
    return _card(pack_of(pack), code)


@cache
def _card(pack: Pack, code: str) -> Image.Image:
    if code not in pack.codes:
        raise ValueError(f"{code!r} is not a card of the {pack.name} pack")
    return pack.face(code)


def dimmed(pack: str, code: str) -> Image.Image:
    """The face of ``code`` greyed, for a card that may not be played now."""
    return _dimmed(pack_of(pack), code)


@cache
def _dimmed(pack: Pack, code: str) -> Image.Image:
    face = _card(pack, code)
    shade = Image.new("RGBA", face.size, (70, 70, 78, 255))
    grey = Image.blend(face, shade, 0.5)
    grey.putalpha(face.getchannel("A"))
    return grey


def card_stamp(pack: str, code: str, dim: bool = False) -> Stamp:
    """The face of ``code`` (``dim``: greyed) cut to be laid fast on a hand or a board."""
    return _card_stamp(pack_of(pack), code, dim)


@cache
def _card_stamp(pack: Pack, code: str, dim: bool) -> Stamp:
    return Stamp.of(_dimmed(pack, code) if dim else _card(pack, code))


def back_stamp(pack: str, index: int = 0) -> Stamp:
    """A back (see :func:`back`) cut to be laid fast."""
    found = pack_of(pack)
    return _back_stamp(found, index % len(found.backs))


@cache
def _back_stamp(pack: Pack, index: int) -> Stamp:
    return Stamp.of(_back(pack, index))


# -- backs ----------------------------------------------------------------------------------------


def back(pack: str, index: int = 0) -> Image.Image:
    """The back of ``pack``'s cards; ``index`` 1 is the second French pack's (a red back).
    A game played with two packs tells their cards apart by no code, so a board gives each
    seat's hidden cards the first back; the second is there for a board that shows both."""
    found = pack_of(pack)
    return _back(found, index % len(found.backs))


@cache
def _back(pack: Pack, index: int) -> Image.Image:
    ground, ink, pattern = pack.backs[index]
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
    "Pack",
    "add",
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
