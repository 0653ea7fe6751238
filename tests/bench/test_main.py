"""``python -m bench``: one benchmark by name, all of them in turn, missing ones skipped."""

from __future__ import annotations

import pytest

import bench.__main__ as cli
from bench import strength
from bot.games import GAMES


def test_all_runs_each_benchmark_with_quick_and_skips_missing_ones(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[tuple[str, list[str]]] = []

    class Benchmark:
        def __init__(self, name: str) -> None:
            self.name = name

        def main(self, argv: list[str]) -> None:
            ran.append((self.name, argv))

    def load(name: str) -> Benchmark:
        if name == "load":
            raise ModuleNotFoundError("bench.load", name="bench.load")
        if name == "league":
            raise ModuleNotFoundError("psutil", name="psutil")
        return Benchmark(name)

    monkeypatch.setattr(cli, "load", load)
    cli.main(["all", "--quick"])
    assert [name for name, _ in ran] == [n for n in cli.BENCHMARKS if n not in ("load", "league")]
    assert all(argv == ["--quick"] for _, argv in ran)
    out = capsys.readouterr().out
    assert "load: skipped (no bench/load.py in this tree)" in out
    assert "league: skipped (needs psutil; install with pip install -e '.[bench]')" in out


def test_unknown_names_and_arguments_are_refused() -> None:
    with pytest.raises(SystemExit, match="unknown benchmark"):
        cli.main(["nonsense"])
    with pytest.raises(SystemExit, match="only --quick"):
        cli.main(["all", "--tables", "5"])


def test_strength_runs_the_documented_simulate_commands() -> None:
    assert strength.command("cento", 4, "hard,easy,easy,easy", 300) == [
        "cento",
        "--seats",
        "4",
        "--ai",
        "hard,easy,easy,easy",
        "--games",
        "300",
        "--seed",
        "1",
    ]
    games = {game for game, *_ in strength.MATCHUPS}
    assert games <= set(GAMES)
    for game in games:
        levels = {lv for g, _, lv, _ in strength.MATCHUPS if g == game}
        assert "easy,random" in levels, game
        assert any(lv.startswith("hard,") for lv in levels), game
