"""``python -m bench tournaments``: the draws of each field size, and the final order's
messages."""

from __future__ import annotations

import re

import pytest

from bench import tournaments


def test_each_field_s_draws_are_timed_and_a_swiss_never_rematches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tournaments.main(["--sizes", "8,12"])
    out = capsys.readouterr().out
    row = r"^\s*(\d+) \| +(\d+) rounds \|.* \| (\d+) \| .*ms \((\d+) rounds\)"
    rows = re.findall(row, out, re.M)
    assert rows == [("8", "7", "0", "3"), ("12", "9", "0", "4")]  # 7: all the eight can play
    assert re.search(r"final order of 12, names of 32 characters: [\d,]+ characters, 1 mess", out)


def test_a_large_field_s_final_order_takes_several_messages() -> None:
    chars, messages = tournaments.final_order(256)
    fewest = -(-chars // 2000)  # were the messages cut anywhere, not between lines
    assert chars > 2000 * 4 and fewest <= messages <= fewest + 1
