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
from pathlib import Path

from isal import isal_zlib
from PIL import Image

from bot.i18n import SOURCE, speaking
from bot.pictures.compose import contact_sheet, hand_picture
from bot.pictures.deck import PACKS, pack_cards
from bot.pictures.kept import keep_palette, read_palette

COLOURS = 256
COMPRESSION = 2
"""ISA-L's level (0-3): 1 and 2 take the same time here and 2 is a little smaller; 3 takes
three times as long for no fewer bytes on these pictures."""

_chosen: Image.Image | None = None
"""The shared palette, once ``prepare`` has chosen it or read it back."""


def palette() -> Image.Image:
    """The palette of hands and boards, as a "P" image (``prepare`` chooses it)."""
    if _chosen is None:
        raise RuntimeError("the shared palette is chosen by prepare(boards) first")
    return _chosen


def prepare(boards: Callable[[], Sequence[Image.Image]], kept: Path | None = None) -> None:
    """Choose the shared palette, once: read back from ``kept`` if that file holds it, else
    learnt from every card's face (played and dimmed), the backs and the pictures ``boards``
    draws (a board of each game: ``bot.gallery.prepare``), then written to ``kept``. Learning
    it draws every card and takes about a second; a start that reads it back draws each card
    as it is first shown.

    The samples are drawn in ``SOURCE``'s words, whatever the caller speaks: a palette learnt
    from the first caller's words would differ from one process to the next, and so would
    every picture's bytes. ``kept`` must name this code's palette alone (the gallery names
    the file after a digest of the code and of Pillow): nothing here can tell another's."""
    global _chosen
    if _chosen is not None:
        return
    chosen = read_palette(kept) if kept is not None else None
    if chosen is None:
        with speaking(SOURCE):
            chosen = _learn(list(boards()))
        if kept is not None:
            keep_palette(kept, chosen)
    _chosen = chosen


def _learn(boards: Sequence[Image.Image]) -> Image.Image:
    samples = [contact_sheet(pack) for pack in PACKS]
    for pack in PACKS:
        codes = pack_cards(pack)
        samples.append(hand_picture(pack, codes, set(codes[::2])))
    samples += boards
    # Every other pixel keeps every colour that matters and halves the work.
    samples = [s.resize((s.width // 2, s.height // 2), Image.Resampling.NEAREST) for s in samples]
    width = max(s.width for s in samples)
    sheet = Image.new("RGB", (width, sum(s.height for s in samples)))
    top = 0
    for sample in samples:
        sheet.paste(sample, (0, top))
        top += sample.height
    return sheet.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


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
