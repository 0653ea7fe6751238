"""``python -m bot cards``: a pack's contact sheet, and the small ones in docs/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.pictures import CARD_W, PACKS

ROOT = Path(__file__).resolve().parents[2]
DOCS_WIDTH = 1200
"""The width of the sheets in docs/, as the README's command makes them."""


def cards(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "cards", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def test_the_command_writes_a_contact_sheet_and_prints_its_path(tmp_path: Path) -> None:
    result = cards("--pack", "florentine", "--out", str(tmp_path / "sheets"))
    assert result.returncode == 0, result.stderr
    path = Path(result.stdout.strip())
    assert path == tmp_path / "sheets" / "cards-florentine.png"
    with Image.open(path) as sheet:
        assert sheet.format == "PNG"
        assert sheet.width >= 14 * CARD_W  # fourteen cards a row: a Florentine suit


def test_a_bad_pack_or_width_is_refused(tmp_path: Path) -> None:
    assert cards("--pack", "tarot", "--out", str(tmp_path)).returncode == 2
    result = cards("--pack", "french", "--out", str(tmp_path), "--width", "5")
    assert result.returncode == 2
    assert "--width" in result.stderr


@pytest.mark.parametrize("pack", PACKS)
def test_the_sheets_in_docs_are_what_the_command_draws(pack: str, tmp_path: Path) -> None:
    shown = ROOT / "docs" / f"cards-{pack}.png"
    assert shown.stat().st_size < 300_000
    result = cards("--pack", pack, "--out", str(tmp_path), "--width", str(DOCS_WIDTH))
    assert result.returncode == 0, result.stderr
    with Image.open(shown) as old, Image.open(tmp_path / f"cards-{pack}.png") as new:
        assert old.size == new.size
        assert old.width == DOCS_WIDTH
        difference = ImageChops.difference(old.convert("RGB"), new.convert("RGB"))
        # The same picture (a newer Pillow may round a few pixels differently).
        assert max(ImageStat.Stat(difference).mean) < 2
