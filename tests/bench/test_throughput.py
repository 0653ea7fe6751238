"""Engine throughput, the peer comparison and AI move times; no peer engine needed."""

from __future__ import annotations

import os
import random

import pytest

from bench import ai_time, peers, throughput
from bot.games import GAMES


def test_the_fast_path_plays_the_same_games_as_the_engine_contract() -> None:
    """Same seed and random choices: both Centocinque drivers make the same decisions."""
    contract = throughput.contract_game("centocinque")
    for seed in range(3):
        assert throughput.fast_centocinque(random.Random(seed), seed) == contract(
            random.Random(seed), seed
        )


def test_a_rate_counts_decisions_over_whole_games() -> None:
    def game(rng: random.Random, seed: int) -> int:
        return 10

    assert throughput.rate(game, 0.01) > 0
    rates = throughput.compare({"a": game, "b": game}, 0.01, rounds=3)
    assert set(rates) == {"a", "b"}


def test_ratios_name_both_centocinque_paths_and_the_goal() -> None:
    rates = {
        "centocinque": 100.0,
        throughput.FAST: 300.0,
        peers.UNO: 40.0,
        peers.CRAZY_EIGHTS: 160.0,
    }
    lines = peers.ratio_lines(rates)
    assert "  centocinque / RLCard uno: 2.50x (goal >= 5.0x: NOT met)" in lines
    assert "  centocinque (fast path) / RLCard uno: 7.50x (goal >= 5.0x: met)" in lines
    assert "  centocinque / OpenSpiel crazy_eights: 0.62x (goal >= 0.5x: met)" in lines
    assert len(lines) == 4
    assert peers.ratio_lines({"centocinque": 100.0}) == []  # no peer measured: no ratio


def test_a_missing_peer_is_named_with_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> throughput.PlayGame:
        raise ModuleNotFoundError("No module named 'rlcard'", name="rlcard")

    monkeypatch.setattr(peers, "uno_game", missing)
    monkeypatch.setattr(peers, "crazy_eights_game", missing)
    drivers, lines = peers.peer_drivers()
    assert drivers == {}
    assert lines[0] == (
        "  RLCard uno: not installed (rlcard); install with pip install -e '.[bench]'"
    )


def test_ai_times_are_printed_per_game_and_level(capsys: pytest.CaptureFixture[str]) -> None:
    ai_time.main(["centocinque", "cento", "--levels", "easy", "--games", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("  centocinque easy (2 seats, 2 games, ")
    assert lines[2].startswith("  cento easy (4 seats, 2 games, ")
    assert all(" p50 " in line and " p95 " in line and " p99 " in line for line in lines[1:])


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity here")
def test_ai_times_are_measured_on_one_core_and_the_cores_given_back() -> None:
    before = os.sched_getaffinity(0)
    with ai_time.one_core() as pinned:
        assert len(os.sched_getaffinity(0)) == 1 and pinned.startswith("pinned to core")
    assert os.sched_getaffinity(0) == before


def test_throughput_reports_every_game_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    measured: list[str] = []

    def compare(
        drivers: dict[str, throughput.PlayGame], seconds: float, rounds: int
    ) -> dict[str, float]:
        measured.extend(drivers)
        return dict.fromkeys(drivers, 1000.0)

    monkeypatch.setattr(throughput, "compare", compare)
    throughput.main(["--quick"])
    assert set(measured) == set(GAMES) | {throughput.FAST}
    out = capsys.readouterr().out
    assert "  scopa: 1,000 decisions/s" in out and "  briscola: 1,000 decisions/s" in out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_is_played_whole_through_the_contract(game: str) -> None:
    assert throughput.contract_game(game)(random.Random(1), 1) > 0
