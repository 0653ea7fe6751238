"""Hands drawn straight in the shared palette, so they need no mapping to it afterwards.

Mapping a picture to the palette (``output.png``) is a pass over every pixel, a third of a
hand's cost; a hand is only cards on the cloth, so its cards are mapped once, as they are
first laid, and a hand is then copies of bytes. What cannot be mapped ahead is the blend of
a card's rounded corners with what lies under them: a strip of corners over the bare cloth
is blended with it once (the same pixels as today); a strip over another card is laid with
its corners cut where they are less than half covered (their edge pixels, one or two at each
corner, show the card's edge or the card beneath rather than a blend of the two). The
perceptual test (tests/pictures/test_perceptual.py) holds hands to today's pictures.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image

from bot.pictures.compose import FELT, hand_layout
from bot.pictures.deck import card_stamp
from bot.pictures.draw import paste
from bot.pictures.faces import CARD_H, CARD_W
from bot.pictures.output import indexed_png, palette


@dataclass(frozen=True)
class Strip:
    """A strip of a card's rows with corners, in the palette, and the mask it is laid
    through ("1")."""

    image: Image.Image
    mask: Image.Image

    def lay(self, canvas: Image.Image, xy: tuple[int, int]) -> None:
        if self.image.height:
            x, y = xy
            box = (x, y, x + self.image.width, y + self.image.height)
            canvas.load()
            canvas.im.paste(self.image.im, box, self.mask.im)


@dataclass(frozen=True)
class IndexedStamp:
    """A card in the shared palette: its opaque middle, and its rows with corners in two
    ways each, over the cloth and over another card."""

    top: tuple[Strip, Strip]  # over the cloth, over a card
    middle: Image.Image
    bottom: tuple[Strip, Strip]

    def lay(self, canvas: Image.Image, xy: tuple[int, int], over: tuple[bool, bool]) -> None:
        """Lay the card at ``xy``, its top and bottom strips as ``over`` says they lie over
        another card."""
        x, y = xy
        self.top[over[0]].lay(canvas, (x, y))
        y += self.top[0].image.height
        paste(canvas, self.middle, (x, y), opaque=True)
        self.bottom[over[1]].lay(canvas, (x, y + self.middle.height))


def _indexed(image: Image.Image) -> Image.Image:
    return image.quantize(palette=palette(), dither=Image.Dither.NONE)


def _strips(strip: Image.Image) -> tuple[Strip, Strip]:
    """A strip of corners (RGBA) blended over the cloth where it covers it at all, and cut
    where it covers less than half, in the palette."""
    ground = Image.new("RGB", strip.size, FELT)
    ground.paste(strip, (0, 0), strip)
    alpha = strip.getchannel("A")
    on_cloth = Strip(_indexed(ground), alpha.point(lambda a: 255 if a else 0).convert("1"))
    cut = Strip(
        _indexed(strip.convert("RGB")), alpha.point(lambda a: 255 if a >= 128 else 0).convert("1")
    )
    return on_cloth, cut


@cache
def indexed_stamp(pack: str, code: str, dim: bool) -> IndexedStamp:
    """``code``'s face (``dim``: greyed) in the shared palette, cut to be laid fast."""
    stamp = card_stamp(pack, code, dim)
    return IndexedStamp(_strips(stamp.top), _indexed(stamp.middle), _strips(stamp.bottom))


@cache
def _cloth_index() -> int:
    found = _indexed(Image.new("RGB", (1, 1), FELT)).getpixel((0, 0))
    assert isinstance(found, int)
    return found


def indexed_hand(
    pack: str, cards: Sequence[str], legal: Collection[str] | None = None
) -> Image.Image:
    """:func:`bot.pictures.compose.hand_picture` drawn in the shared palette ("P")."""
    size, laid = hand_layout(cards, legal)
    canvas = Image.new("P", size, _cloth_index())
    canvas.putpalette(palette().getpalette() or [])
    below: list[tuple[int, int]] = []  # the cards laid so far, their top left corners
    for code, (x, y), dim in laid:
        stamp = indexed_stamp(pack, code, dim)
        top_rows, bottom_rows = stamp.top[0].image.height, stamp.bottom[0].image.height
        over = (
            _over(below, x, y, y + top_rows),
            _over(below, x, y + CARD_H - bottom_rows, y + CARD_H),
        )
        stamp.lay(canvas, (x, y), over)
        below.append((x, y))
    return canvas


def _over(below: list[tuple[int, int]], x: int, top: int, bottom: int) -> bool:
    """Whether rows ``top`` to ``bottom`` of a card at ``x`` lie over a card of ``below``."""
    return any(
        bx < x + CARD_W and x < bx + CARD_W and by < bottom and top < by + CARD_H
        for bx, by in below
    )


def hand_png(pack: str, cards: Sequence[str], legal: Collection[str] | None = None) -> bytes:
    """:func:`indexed_hand` as PNG bytes (what ``png(hand_picture(...))`` gives, faster)."""
    return indexed_png(indexed_hand(pack, cards, legal))
