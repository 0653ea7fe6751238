"""The shared palette kept in a file between starts, so that a start need not learn it again
(``output.prepare``): the one file the pictures read or write.

The file is its mark, the SHA-256 digest of the colours, then the colours (3 bytes each): a
file cut short or changed is seen as damaged, and the palette is learnt again.
"""

from __future__ import annotations

import hashlib
import logging
import os
from contextlib import suppress
from pathlib import Path

from PIL import Image

log = logging.getLogger(__name__)

MARK = b"tavolo palette 1\n"


def read_palette(kept: Path) -> Image.Image | None:
    """The palette ``kept`` holds; None if it holds none, or one damaged (then it is learnt
    again and the file written anew)."""
    try:
        data = kept.read_bytes()
    except OSError:
        return None
    digest, colours = data[len(MARK) : len(MARK) + 32], data[len(MARK) + 32 :]
    whole = data.startswith(MARK) and hashlib.sha256(colours).digest() == digest
    # A "P" image's palette: 1 to 256 colours of 3 bytes.
    if not whole or not colours or len(colours) % 3 or len(colours) > 3 * 256:
        log.warning("the kept palette %s is damaged: learnt again", kept)
        return None
    chosen = Image.new("P", (1, 1))
    chosen.putpalette(colours)
    return chosen


def keep_palette(kept: Path, chosen: Image.Image) -> None:
    """Keep ``chosen`` in ``kept`` (written whole, then renamed, so that a process starting
    beside this one reads all of it or nothing), and drop the palettes of other versions kept
    beside it. A folder that cannot be written only costs the next start its second."""
    colours = bytes(chosen.getpalette() or [])
    part = kept.with_name(f"{kept.name}.{os.getpid()}.part")
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(MARK + hashlib.sha256(colours).digest() + colours)
        os.replace(part, kept)
        for other in kept.parent.glob(f"*{kept.suffix}"):
            if other != kept:
                other.unlink(missing_ok=True)
    except OSError as error:
        with suppress(OSError):
            part.unlink(missing_ok=True)
        log.info("the shared palette is not kept (%s): the next start learns it again", error)
