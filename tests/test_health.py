"""The heartbeat record and ``python -m bot health``: the record's times are given, never waited."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot import health
from bot.config import DatabaseSettings, HealthSettings, Settings
from bot.health import HeartbeatWatch, check, write_record

T = 1_700_000_000.0  # a Unix time at which the record was written


def test_a_recent_acknowledgement_is_healthy_up_to_the_threshold(tmp_path: Path) -> None:
    record = tmp_path / "heartbeat"
    write_record(record, T)
    assert check(record, 90, now=T + 12) == health.Verdict(
        True, "the last heartbeat was acknowledged 12 s ago"
    )
    assert check(record, 90, now=T + 90).healthy
    old = check(record, 90, now=T + 91.4)
    assert old == health.Verdict(False, "the last heartbeat was acknowledged 91 s ago (over 90 s)")


def test_no_record_yet_is_unhealthy(tmp_path: Path) -> None:
    verdict = check(tmp_path / "heartbeat", 90, now=T)
    assert not verdict.healthy and verdict.reason.startswith("no heartbeat recorded yet")


@pytest.mark.parametrize("content", ["", "soon\n", "nan\n", "inf\n", "\xff"])
def test_an_unreadable_record_is_unhealthy(tmp_path: Path, content: str) -> None:
    record = tmp_path / "heartbeat"
    record.write_text(content, encoding="latin-1")
    verdict = check(record, 90, now=T)
    assert not verdict.healthy and "unreadable heartbeat record" in verdict.reason
    assert "\n" not in verdict.reason


def test_a_record_that_is_a_folder_is_unhealthy(tmp_path: Path) -> None:
    verdict = check(tmp_path, 90, now=T)
    assert not verdict.healthy and "unreadable heartbeat record" in verdict.reason


def test_writing_replaces_the_record_and_leaves_nothing_else(tmp_path: Path) -> None:
    record = tmp_path / "heartbeat"
    write_record(record, T)
    write_record(record, T + 41.25)
    assert record.read_text() == f"{T + 41.25:.3f}\n"
    assert os.listdir(tmp_path) == ["heartbeat"]


def test_the_record_is_the_oldest_shards_newest_acknowledgement() -> None:
    watch = HeartbeatWatch()
    inf = float("inf")
    assert watch.look([], now=T) is None  # no shard launched yet
    assert watch.look([(0, inf), (1, inf)], now=T) is None  # connected, no ACK yet
    assert watch.look([(0, 0.05), (1, inf)], now=T + 1) is None  # shard 1 still has none
    assert watch.look([(0, 0.05), (1, 0.07)], now=T + 2) == T + 1  # shard 0 acked at T + 1
    assert watch.look([(0, 0.05), (1, 0.07)], now=T + 40) == T + 1  # no new ACK: unchanged
    assert watch.look([(0, 0.06), (1, 0.07)], now=T + 43) == T + 2  # shard 1 is now oldest
    assert watch.look([(0, 0.06), (1, 0.08)], now=T + 44) == T + 43
    assert watch.look([(0, 0.06), (1, inf)], now=T + 50) is None  # shard 1 reconnected


async def test_the_bot_writes_only_new_acknowledgements_and_warns_once_when_it_cannot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # Each look at the shard is a step of this script: (its latency, the clock, whether the
    # disk takes the write). The loop's sleeps return at once; the script's end stops it.
    steps = [(0.05, T, True), (0.05, T + 5, True), (0.06, T + 10, False), (0.07, T + 15, False)]
    steps += [(0.08, T + 20, True)]
    now: list[tuple[float, float, bool]] = []
    record = tmp_path / "heartbeat"
    written: list[str] = []

    async def no_wait(_: float) -> None:
        if not steps:
            raise asyncio.CancelledError
        now[:] = [steps.pop(0)]

    def write(path: Path, acknowledged: float) -> None:
        if not now[0][2]:
            raise OSError(28, "No space left on device")
        write_record(path, acknowledged)
        written.append(path.read_text())

    monkeypatch.setattr(asyncio, "sleep", no_wait)  # the modules bot.health uses
    monkeypatch.setattr(time, "time", lambda: now[0][1])
    monkeypatch.setattr(health, "write_record", write)
    with caplog.at_level(logging.WARNING, "bot.health"), pytest.raises(asyncio.CancelledError):
        await health.record_heartbeats(lambda: [(0, now[0][0])], record, interval=5)
    assert written == [f"{T:.3f}\n", f"{T + 20:.3f}\n"]
    assert [r.getMessage() for r in caplog.records] == [
        f"cannot record the heartbeat in {record}: [Errno 28] No space left on device"
    ]


def test_the_record_is_beside_the_sqlite_file_unless_the_settings_name_one() -> None:
    assert Settings().heartbeat_file == Path("tavolo.sqlite3.heartbeat")
    beside = Settings(database=DatabaseSettings(path=Path("/data/t.sqlite3")))
    assert beside.heartbeat_file == Path("/data/t.sqlite3.heartbeat")
    named = Settings(health=HealthSettings(heartbeat_file=Path("/run/tavolo/heartbeat")))
    assert named.heartbeat_file == Path("/run/tavolo/heartbeat")
    assert (named.health.max_age, named.health.record_interval) == (90, 5)


def _health(config: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TAVOLO_", "DISCORD_"))}
    return subprocess.run(
        [sys.executable, "-m", "bot", "health", "--config", str(config)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**clean, **env},
    )


def test_the_health_command_exits_0_while_recent_and_1_with_one_line_otherwise(
    tmp_path: Path,
) -> None:
    record = tmp_path / "heartbeat"
    config = tmp_path / "c.toml"
    config.write_text(f'[health]\nheartbeat_file = "{record}"\n')  # no token needed
    missing = _health(config)
    assert missing.returncode == 1
    assert missing.stderr.startswith("tavolo: no heartbeat recorded yet")
    assert missing.stderr.count("\n") == 1
    write_record(record, time.time() - 30)
    recent = _health(config)
    assert (recent.returncode, recent.stderr) == (0, "")
    assert re.fullmatch(
        r"tavolo: the last heartbeat was acknowledged 3[0-9] s ago\n", recent.stdout
    )
    write_record(record, T)
    old = _health(config, TAVOLO_HEALTH__MAX_AGE="30")
    assert old.returncode == 1 and "(over 30 s)" in old.stderr


def test_the_health_command_exits_1_for_a_broken_config(tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text("[health]\nmax_age = 0\n")
    result = _health(config)
    assert result.returncode == 1 and "health.max_age" in result.stderr  # Docker: unhealthy
