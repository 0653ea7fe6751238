"""``python -m bot simulate``: AI-only matches with confidence intervals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.cli.simulate import Tally, play_match, simulate, wilson
from bot.games import make_player


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "simulate", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_simulate_prints_json_with_wins_hands_and_intervals() -> None:
    result = run(
        "centocinque",
        "--seats",
        "2",
        "--ai",
        "easy,random",
        "--games",
        "6",
        "--seed",
        "3",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    seats = report["per_seat"]
    assert [s["level"] for s in seats] == ["easy", "random"]
    assert sum(s["win_rate"] for s in seats) == pytest.approx(1.0)
    assert seats[0]["hands"] == seats[1]["hands"] > 0
    assert seats[0]["hand_win_rate"] + seats[1]["hand_win_rate"] == pytest.approx(1.0)
    low, high = seats[0]["win_ci95"]
    assert 0 <= low <= seats[0]["win_rate"] <= high <= 1
    assert report["games_per_second"] > 0 and "tallies" in seats[0]["average"]


def test_simulate_text_report_names_every_seat_and_level() -> None:
    result = run("cento", "--seats", "3", "--ai", "easy", "--games", "3", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "games/s" in result.stdout
    assert result.stdout.count("seat ") == 3 and "all easy" in result.stdout


def test_simulate_refuses_bad_arguments_clearly() -> None:
    bad_level = run("cento", "--seats", "3", "--ai", "genius")
    assert bad_level.returncode == 2 and "“genius”" in bad_level.stderr
    bad_option = run("cento", "--seats", "3", "--options", '{"colour": 1}')
    assert bad_option.returncode == 2 and "“colour”" in bad_option.stderr
    bad_seats = run("centocinque", "--seats", "9")
    assert bad_seats.returncode == 2 and "2 to 6 players" in bad_seats.stderr


def test_the_same_seed_gives_the_same_match() -> None:
    players = [make_player("centocinque", "easy") for _ in range(3)]
    assert play_match("centocinque", 3, players, 11) == play_match("centocinque", 3, players, 11)
    report = simulate("cento", 4, ["easy", "random"], 4, 2)
    assert report["per_level"]["easy"]["matches"] == 8  # two easy seats, four matches


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_partnership_draw_is_half_a_win_and_partners_count_once() -> None:
    draw = {"ranking": [[0, 1, 2, 3]]}
    tally = Tally("easy")
    tally.add(0, draw, [0, 1, 0, 1])
    assert tally.wins == 0.5
    report = simulate("minchiate", 4, ["easy", "random"], 2, 1)
    assert report["per_level"]["easy"]["matches"] == 2  # seats 0 and 2 are one side
    assert report["per_seat"][0]["win_rate"] == report["per_seat"][2]["win_rate"]
