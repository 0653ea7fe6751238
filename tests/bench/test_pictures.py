"""``python -m bench pictures``: renders every case and reports each image's size."""

from __future__ import annotations

import pytest

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
