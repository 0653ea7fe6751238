"""``python -m bench web``: the pages' timings and the live board's CPU, on a small league."""

from __future__ import annotations

import pytest

from bench import web


def test_the_report_times_each_page_and_the_live_board_side_by_side(
    capsys: pytest.CaptureFixture[str],
) -> None:
    web.main(["--quick"])
    out = capsys.readouterr().out
    pages = out.split("The live board")[0]
    assert pages.count("CPU p50") == 5 and "standings, all games, page 1" in pages
    assert "no watcher:" in out and "100 watchers:" in out
