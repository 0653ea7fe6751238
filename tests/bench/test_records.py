"""``python -m bench records``: every game's records are weighed and replayed, and verify."""

from __future__ import annotations

import pytest

from bench import records
from bot.games import SPECS


def test_the_report_has_a_row_per_game_with_its_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    records.main(["--matches", "1", "--steps", "3"])
    out = capsys.readouterr().out
    for game in SPECS:
        line = next(line for line in out.splitlines() if line.startswith(game + " "))
        assert line.count("KB") == 2 and line.count("ms") == 4
