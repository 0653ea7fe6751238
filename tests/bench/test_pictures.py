"""``python -m bench pictures``: renders every case and reports each image's size."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from bench import pictures


def test_every_case_renders_a_png() -> None:
    for name, call in pictures.cases().items():
        assert call()[:8] == b"\x89PNG\r\n\x1a\n", name


def test_the_report_names_each_case_with_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    pictures.main(["--repeats", "2"])
    out = capsys.readouterr().out
    assert "Drawing every card of the three packs, once:" in out
    for name in pictures.cases():
        line = next(line for line in out.splitlines() if name in line)
        assert "p50" in line and "p95" in line and "KB" in line


def test_the_phone_sample_is_a_phone_screen_wide(tmp_path: Path) -> None:
    path = tmp_path / "phone.png"
    pictures.main(["--phone", str(path)])
    with Image.open(path) as sample:
        assert sample.format == "PNG"
        assert sample.width == pictures.PHONE_WIDTH
        assert sample.height > 2 * pictures.PHONE_IMAGE * 580 // 820  # a board and a hand
