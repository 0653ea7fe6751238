"""``python -m bench pictures``: renders every case and reports each image's size."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

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


def test_matplotlib_s_chart_is_timed_beside_ours(capsys: pytest.CaptureFixture[str]) -> None:
    pictures.main(["--matplotlib", "--repeats", "2"])
    out = capsys.readouterr().out
    assert "(Agg): imported in" in out and "MB more memory" in out
    assert len([line for line in out.splitlines() if "CPU p50" in line and "KB" in line]) == 2


def test_without_matplotlib_the_comparison_says_it_is_skipped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.import_module

    def without(name: str, package: str | None = None) -> ModuleType:
        if name.split(".")[0] == "matplotlib":
            raise ModuleNotFoundError(name=name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without)
    pictures.main(["--matplotlib", "--repeats", "2"])
    assert capsys.readouterr().out == (
        "matplotlib: skipped (not installed; pip install -e '.[bench]' brings it)\n"
    )
