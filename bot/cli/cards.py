"""``python -m bot cards``: draw a pack's contact sheet (every card and its backs) as a PNG.

    python -m bot cards --pack florentine --out DIR [--width 1200]

writes ``DIR/cards-florentine.png`` and prints its path. ``--width`` scales the sheet down (the
pictures in docs/ are made so); the same command always writes the same picture.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.gallery import games_of
from bot.pictures import PACKS, sheet_image


def write_sheet(pack: str, folder: Path, width: int | None = None) -> Path:
    """Write ``pack``'s contact sheet into ``folder`` (made if missing); return its path."""
    data = sheet_image(pack, width, games_of(pack))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"cards-{pack}.png"
    path.write_bytes(data)
    return path


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot cards", description=__doc__)
    parser.add_argument("--pack", choices=PACKS, required=True)
    parser.add_argument("--out", type=Path, required=True, help="the folder to write into")
    parser.add_argument("--width", type=int, default=None, help="scale the sheet to this width")
    args = parser.parse_args(argv)
    if args.width is not None and args.width < 100:
        print("cards: --width must be at least 100 pixels", file=sys.stderr)
        return 2
    try:
        path = write_sheet(args.pack, args.out, args.width)
    except OSError as exc:
        print(f"cards: cannot write into {args.out}: {exc}", file=sys.stderr)
        return 2
    print(path)
    return 0
