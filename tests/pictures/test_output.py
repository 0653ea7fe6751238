"""PNG bytes through the shared palette, or a bracket's, look like the pictures they encode."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.gallery import Slot, board_picture, bracket_image, prepare
from bot.games import SPECS
from bot.pictures import hand_picture, pack_cards, png
from bot.pictures.bracket import bracket_picture
from bot.pictures.output import COLOURS, indexed_png, palette
from tests.games.support import middle_size
from tests.pictures.support import decode, public_view

ROOT = Path(__file__).resolve().parents[2]


def _faithful(picture_bytes: bytes, picture: Image.Image) -> float:
    """The largest mean difference of a channel between the PNG and the picture."""
    difference = ImageChops.difference(decode(picture_bytes), picture)
    return max(ImageStat.Stat(difference).mean)


def test_the_palette_is_chosen_once() -> None:
    prepare()
    assert palette() is palette()
    assert palette().mode == "P"
    assert len(palette().getpalette() or []) <= 3 * COLOURS


@pytest.mark.parametrize("game", list(SPECS))
def test_a_hand_keeps_its_colours(game: str) -> None:
    prepare()
    cards = pack_cards(SPECS[game].pack)[::4][:13]
    picture = hand_picture(SPECS[game].pack, cards, set(cards[::2]))
    assert _faithful(png(picture), picture) < 2


@pytest.mark.parametrize(("game", "seats"), [(n, middle_size(s)) for n, s in SPECS.items()])
def test_a_board_keeps_its_colours(game: str, seats: int) -> None:
    prepare()
    picture = board_picture(game, public_view(game, seats, seed=8, moves=25))
    assert _faithful(png(picture), picture) < 2


def test_a_bracket_is_mapped_to_a_palette_chosen_once_and_keeps_its_colours(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Choosing a palette for each bracket was two thirds of its cost."""
    rounds = [[Slot("Ana", "Bruno", 1), Slot("Carla", None, 0)], [Slot("Bruno", "Carla")]]
    bracket_image("First", rounds[:1], 2)  # the first may choose it
    chose: list[bool] = []
    quantize = Image.Image.quantize

    def watched(image: Image.Image, *args: Any, **kwargs: Any) -> Image.Image:
        chose.append(kwargs.get("palette") is None)
        return quantize(image, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "quantize", watched)
    data = bracket_image("Bracket", rounds, 2)
    assert chose == [False]  # mapped to a known palette, none chosen
    assert _faithful(data, bracket_picture("Bracket", rounds, 2)) < 2


def test_the_png_written_holds_the_palette_image_exactly() -> None:
    prepare()
    picture = board_picture("scopa", public_view("scopa", 2, seed=3, moves=9))
    indexed = picture.quantize(palette=palette(), dither=Image.Dither.NONE)
    read = Image.open(io.BytesIO(indexed_png(indexed)))
    read.load()  # Pillow checks each chunk's CRC as it reads
    assert (read.mode, read.size) == ("P", picture.size)
    assert read.tobytes() == indexed.tobytes()
    assert read.getpalette() == indexed.getpalette()


def test_only_a_palette_image_is_written_so() -> None:
    with pytest.raises(ValueError, match="palette"):
        indexed_png(Image.new("RGB", (4, 4)))


_FIRST_PICTURE = """
import hashlib, sys
from bot.i18n import speaking
from bot.pictures import output
try:
    output.palette()
except RuntimeError:
    print("refused")
from bot.gallery import board_image
from tests.pictures.support import public_view
view = public_view("briscola", 2, seed=4, moves=7)
with speaking(sys.argv[1]):
    board_image("briscola", view)  # the first picture, which chooses the palette
picture = board_image("briscola", view)
print(hashlib.sha256(bytes(output.palette().getpalette() or [])).hexdigest())
print(hashlib.sha256(picture).hexdigest())
"""


def test_the_palette_and_a_picture_s_bytes_are_the_same_whatever_the_first_caller_speaks(
    tmp_path: Path,
) -> None:
    """A process whose first picture is asked for in Italian draws the same bytes as one
    whose first is in English (the palette learnt from the first caller's words made them
    differ, and a replay's picture then differed from the table's). Nothing is drawn in the
    shared palette before it is chosen from every board. Each learns the palette itself: no
    kept one in its cache folder."""
    said = [
        subprocess.run(
            [sys.executable, "-c", _FIRST_PICTURE, language],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / language)},
        ).stdout.split()
        for language in ("it", "en")
    ]
    assert said[0][0] == "refused"
    assert said[0] == said[1]
