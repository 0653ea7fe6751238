"""PNG bytes of the pictures the bot sends: hands, boards and contact sheets.

Hands and boards are written as palette images through one palette shared by every picture,
made once from the cards and boards themselves (:func:`palette`): mapping a picture to a
known palette is a tenth of the cost of choosing a palette for it, and the bytes are a third
of a full-colour PNG's. Contact sheets, scaled down for the docs, get a palette of their own.

The PNG file is written here (:func:`indexed_png`) rather than by Pillow: Pillow tries five
filters on every row and compresses with zlib, two thirds of a board's cost; these flat
pictures compress as well unfiltered, and ISA-L's deflate (``isal``) is six times zlib's
speed at zlib's level-3 size. The pixels decoded are the same either way.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Sequence
from functools import cache

from isal import isal_zlib
from PIL import Image

from bot.i18n import SOURCE, speaking
from bot.pictures.compose import contact_sheet, hand_picture
from bot.pictures.deck import PACKS, pack_cards

COLOURS = 256
COMPRESSION = 2
"""ISA-L's level (0-3): 1 and 2 take the same time here and 2 is a little smaller; 3 takes
three times as long for no fewer bytes on these pictures."""

_boards: list[Image.Image] | None = None
"""Boards the palette learns from besides the cards (``prepare``); None until given."""


@cache
def palette() -> Image.Image:
    """The palette of hands and boards, as a "P" image: chosen from every card's face
    (played and dimmed), the backs and the boards given to ``prepare``. About a second,
    once.

    Its samples are drawn in one language, whatever the caller speaks: a palette learnt
    from the first caller's words would differ from one process to the next, and so would
    every picture's bytes."""
    if _boards is None:
        raise RuntimeError("the shared palette is chosen by prepare(boards) first")
    with speaking(SOURCE):
        samples = [contact_sheet(pack) for pack in PACKS]
        for pack in PACKS:
            codes = pack_cards(pack)
            samples.append(hand_picture(pack, codes, set(codes[::2])))
    samples += _boards
    # Every other pixel keeps every colour that matters and halves the work.
    samples = [s.resize((s.width // 2, s.height // 2), Image.Resampling.NEAREST) for s in samples]
    width = max(s.width for s in samples)
    sheet = Image.new("RGB", (width, sum(s.height for s in samples)))
    top = 0
    for sample in samples:
        sheet.paste(sample, (0, top))
        top += sample.height
    return sheet.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def prepare(boards: Callable[[], Sequence[Image.Image]]) -> None:
    """Draw every card and choose the palette now, learning from the pictures ``boards``
    draws too (a board of each game: ``bot.gallery.prepare``), so that the first picture sent
    is as fast as the others (a bot may call this at start, off its event loop). The boards
    are drawn once, in ``SOURCE``'s words whatever the caller speaks, as the palette is
    chosen; a later call changes nothing."""
    global _boards
    if _boards is None:
        with speaking(SOURCE):
            _boards = list(boards())
    palette()


def png(image: Image.Image, shared: bool = True) -> bytes:
    """``image`` as PNG bytes, a palette image: through the shared palette, or (``shared``
    False: a picture of other colours, such as a scaled sheet) through a palette of its own."""
    if shared:
        return png_through(image, palette())
    return indexed_png(own_palette(image))


def own_palette(image: Image.Image) -> Image.Image:
    """``image`` through a palette chosen for it: its ``COLOURS`` commonest, as a "P" image
    (also the palette to give ``png_through`` for pictures of the same colours)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def png_through(image: Image.Image, chosen: Image.Image) -> bytes:
    """``image`` as PNG bytes through ``chosen``, a palette ("P" image) chosen once for
    pictures of its colours (the shared one, a bracket's): mapping a picture to a known
    palette costs a tenth of choosing one for it."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return indexed_png(rgb.quantize(palette=chosen, dither=Image.Dither.NONE))


def indexed_png(image: Image.Image) -> bytes:
    """A palette ("P") image as PNG bytes: 8 bits a pixel, rows unfiltered."""
    if image.mode != "P":
        raise ValueError(f"a palette image is wanted, not mode {image.mode!r}")
    width, height = image.size
    raw = image.tobytes()
    # Each row of a PNG starts with its filter's byte: 0, none.
    rows = b"\0" + b"\0".join(raw[top : top + width] for top in range(0, len(raw), width))
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", bytes(image.getpalette() or [])),
            _chunk(b"IDAT", isal_zlib.compress(rows, COMPRESSION)),
            _chunk(b"IEND", b""),
        ]
    )


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(body, zlib.crc32(kind))
    return b"".join([struct.pack(">I", len(body)), kind, body, struct.pack(">I", crc)])


def sheet_image(pack: str, width: int | None = None, games: Sequence[str] = ()) -> bytes:
    """``pack``'s contact sheet as PNG bytes (its title naming the ``games`` played with it),
    scaled down to ``width`` pixels if given."""
    sheet = contact_sheet(pack, games)
    if width is not None and width < sheet.width:
        sheet = sheet.resize(
            (width, round(sheet.height * width / sheet.width)), Image.Resampling.LANCZOS
        )
    return png(sheet, shared=False)
