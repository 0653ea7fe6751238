"""The shared palette kept between starts: read back, a start draws the very bytes a start
that learnt it draws; a damaged file is learnt again and written whole; a folder that cannot
be written costs only the time; another version's palette is never read."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import PIL
import pytest
from PIL import Image

from bot import gallery
from bot.pictures.kept import MARK, keep_palette, read_palette

ROOT = Path(__file__).resolve().parents[2]

_START = """
import hashlib, json, sys
from bot.pictures import output
learnt = []
learn = output._learn
output._learn = lambda boards: learnt.append(1) or learn(boards)
from bot.gallery import board_image, hand_image, kept_palette, pack_of
from bot.pictures import pack_cards
from tests.pictures.support import public_view
board = board_image("scopa", public_view("scopa", 4, seed=5, moves=11))
cards = pack_cards(pack_of("minchiate"))[::9]
hand = hand_image("minchiate", cards, cards[::2])
print(json.dumps({
    "learnt": bool(learnt),
    "kept": str(kept_palette()),
    "board": hashlib.sha256(board).hexdigest(),
    "hand": hashlib.sha256(hand).hexdigest(),
}))
"""


def start(cache: Path) -> dict[str, object]:
    """What a fresh process with ``cache`` as its cache folder draws, and whether it learnt
    the palette."""
    done = subprocess.run(
        [sys.executable, "-c", _START],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "XDG_CACHE_HOME": str(cache)},
    )
    said: dict[str, object] = json.loads(done.stdout)
    return said


def test_a_start_that_reads_the_kept_palette_draws_the_bytes_of_one_that_learnt_it(
    tmp_path: Path,
) -> None:
    first = start(tmp_path)
    kept = Path(str(first["kept"]))
    assert first["learnt"] and kept.parent == tmp_path / "tavolo" and kept.exists()

    again = start(tmp_path)
    assert not again["learnt"]
    assert again == {**first, "learnt": False}


def test_a_damaged_kept_palette_is_learnt_again_and_written_whole(tmp_path: Path) -> None:
    first = start(tmp_path)
    kept = Path(str(first["kept"]))
    whole = kept.read_bytes()
    kept.write_bytes(whole[:-5])  # cut short, as by a full disk

    again = start(tmp_path)
    assert again == first  # learnt again
    assert kept.read_bytes() == whole


def test_a_cache_folder_that_cannot_be_written_costs_only_the_time(tmp_path: Path) -> None:
    in_the_way = tmp_path / "a file"
    in_the_way.write_text("not a folder")
    first = start(in_the_way)
    again = start(in_the_way)
    assert first["learnt"] and again["learnt"]
    assert first["board"] == again["board"] == start(tmp_path / "usable")["board"]


def test_the_kept_file_is_named_for_the_code_and_pillow_that_drew_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    this = gallery.kept_palette()
    assert this is not None and this.parent == tmp_path / "tavolo"
    assert gallery.kept_palette() == this
    monkeypatch.setattr(PIL, "__version__", "0.0")
    assert gallery.kept_palette() not in (this, None)


def test_without_a_cache_folder_or_a_home_nothing_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME")

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", no_home)
    assert gallery.kept_palette() is None


def palette_of(colours: list[int]) -> Image.Image:
    chosen = Image.new("P", (1, 1))
    chosen.putpalette(colours)
    return chosen


def test_a_kept_palette_reads_back_as_it_was_and_drops_other_versions(tmp_path: Path) -> None:
    old = tmp_path / "0123.palette"
    keep_palette(old, palette_of([1, 2, 3]))
    colours = [n % 256 for n in range(3 * 200)]
    kept = tmp_path / "4567.palette"
    keep_palette(kept, palette_of(colours))

    read = read_palette(kept)
    assert read is not None and read.getpalette() == colours
    assert sorted(tmp_path.iterdir()) == [kept]


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(MARK) + 10],  # cut inside the digest
        lambda data: data[:-1],  # cut inside the colours
        lambda data: data[:-3] + b"\xff\xff\xff",  # a colour changed
        lambda data: b"PNG" + data[3:],  # another kind of file
        lambda data: b"",
    ],
)
def test_a_damaged_file_reads_as_no_palette(
    tmp_path: Path, damage: Callable[[bytes], bytes]
) -> None:
    kept = tmp_path / "4567.palette"
    keep_palette(kept, palette_of([10, 20, 30, 40, 50, 60]))
    kept.write_bytes(damage(kept.read_bytes()))
    assert read_palette(kept) is None
    assert read_palette(tmp_path / "missing.palette") is None
