"""``python -m bench web``: the pages' timings and the live board's CPU, on a small league;
and (``--bot``) the real bot's CPU an interaction with and without watchers, in one run."""

from __future__ import annotations

import pytest

from bench import web


def test_the_report_times_each_page_and_the_live_board_side_by_side(
    capsys: pytest.CaptureFixture[str],
) -> None:
    web.main(["--quick"])
    out = capsys.readouterr().out
    pages = out.split("The live board")[0]
    assert pages.count("CPU p50") == 10 and "standings, all games, page 1" in pages
    assert "a heavy player's page (" in pages
    assert "a replay (Briscola, 40 steps)" in pages and "its bracket (PNG)" in pages
    assert "no watcher:" in out and "100 watchers:" in out


@pytest.mark.e2e
def test_the_bot_s_cpu_is_measured_with_and_without_watchers_in_one_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    web.main(["--bot", "--quick", "--watchers", "10", "--seconds", "2"])
    lines = capsys.readouterr().out.splitlines()
    stretches = [line for line in lines if "of the bot's CPU an interaction" in line]
    names = [line.split(",")[0].strip() for line in stretches]
    assert names == ["no watcher", "pages apart", "pages in bot", "none again"]
    assert all(" 0 errors" in line for line in stretches)
    assert [("goal < +5%" in line) for line in stretches] == [False, True, True, False]
