"""``python -m bot verify``, ``replay`` and ``simulate --records``: records written by the
simulator verify, play back to their end in the terminal, and a bad file is refused."""

from __future__ import annotations

import asyncio
import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.cli import db, replay, simulate, verify
from bot.games import SPECS
from bot.i18n import speak
from bot.records.files import load
from bot.records.replay import seed_of, step_ends, steps
from bot.records.text import HOLDS_UNPROVEN
from tests.databases import SQLiteBackend
from tests.records.helpers import records_of
from tests.storage.test_copy import bot_data, every_row


def test_simulate_writes_a_record_per_deal_and_each_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        simulate.main(
            [
                "briscola",
                "--seats",
                "2",
                "--ai",
                "random",
                "--games",
                "2",
                "--records",
                str(tmp_path),
            ]
        )
        == 0
    )
    files = sorted(tmp_path.glob("*.json"))
    matches = {load(f.read_bytes()).table for f in files}
    assert len(matches) == 2 and len(files) >= 4  # a Briscola match is two deals or more
    capsys.readouterr()
    for path in files:
        assert verify.main([str(path)]) == 0
        said = capsys.readouterr().out
        # A simulated match is started by no interaction: verify says it is not proven.
        assert HOLDS_UNPROVEN in said and "Start interaction" in said


def test_verify_names_the_field_of_a_tampered_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = records_of("scopa")[0].document()
    doc["seats"][0]["name"] = "Mallory"
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc))
    assert verify.main([str(path)]) == 1
    assert "seats[0]: Changed since the record was sealed." in capsys.readouterr().out


def test_verify_refuses_a_file_that_is_no_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deal.json"
    path.write_text('{"schema": 1, "id": "abc')
    assert verify.main([str(path)]) == 2
    assert "truncated" in capsys.readouterr().err
    assert verify.main([str(tmp_path / "none.json")]) == 2
    assert "No such file" in capsys.readouterr().err


@pytest.mark.parametrize("command", [verify.main, replay.main], ids=["verify", "replay"])
def test_a_small_hostile_file_is_told_plainly_with_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: Callable[[list[str]], int]
) -> None:
    path = tmp_path / "deal.json"
    for data, said in [
        ("[" * 50_000 + "]" * 50_000, "nests lists or objects more than 32 deep"),
        ("[" + "7" * 4301 + "]", "holds a number too long to read"),
    ]:
        path.write_text(data)
        assert command([str(path)]) == 2
        assert capsys.readouterr().err == f"tavolo: {path}: The file {said}: not a record.\n"


def test_replay_plays_a_record_to_its_end_with_every_hand_face_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = records_of("briscola")[-1]  # the match's last deal: its hands may be shown
    path = tmp_path / "deal.json"
    path.write_text(record.dumps())
    assert replay.main([str(path), "--all"]) == 0
    out = capsys.readouterr().out
    last = len(record.moves)
    assert f"step 0 of {last}" in out and f"step {last} of {last}" in out
    assert out.count("Every hand, face up:") == last + 1


class Keys(io.StringIO):
    """A terminal's keyboard: the lines typed, one a prompt."""

    def isatty(self) -> bool:
        return True


def shown_steps(out: str) -> list[int]:
    return [int(n) for n in re.findall(r"step (\d+) of \d+", out)]


@pytest.mark.parametrize("game", ["briscola", "scopa"])
def test_replay_in_a_terminal_steps_by_the_move_and_by_the_game_s_step_and_quits(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    game: str,
) -> None:
    """Enter shows the next move, ``s`` the end of the game's next step (a trick, a take),
    ``q`` quits; only ``s`` typed, it shows each of the game's steps to the deal's last."""
    record = records_of(game)[-1]
    path = tmp_path / "deal.json"
    path.write_text(record.dumps())
    seed = seed_of(record)
    assert seed is not None
    ends = step_ends(SPECS[game], steps(record, seed))

    def after(index: int) -> int:
        return next(i for i in ends if i > index)

    monkeypatch.setattr("sys.stdin", Keys("\ns\n S\nq\n"))
    assert replay.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert shown_steps(out) == [0, 1, after(1), after(after(1))]
    assert f"Enter: next move, s: next {SPECS[game].step.name}, q: quit" in out

    monkeypatch.setattr("sys.stdin", Keys("s\n" * len(ends)))
    assert replay.main([str(path)]) == 0
    assert shown_steps(capsys.readouterr().out) == ends


def test_replay_of_an_earlier_deal_keeps_the_next_deals_hands_hidden(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = records_of("briscola")[0]
    path = tmp_path / "deal.json"
    path.write_text(first.dumps())
    try:
        assert replay.main([str(path), "--all", "--language", "it"]) == 0
    finally:
        speak("en")  # the command speaks Italian for the rest of its process
    out = capsys.readouterr().out
    assert out.count("\n- ") == len(first.moves) * len(first.seats)  # every step but the last


async def test_db_prune_deletes_the_records_before_the_day_and_says_what_it_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = SQLiteBackend(tmp_path / "t.sqlite3").url
    await bot_data(url)  # one deal recorded, finished on 2026-12-01
    before = await every_row(url)
    command = ["prune", "--before", "2026-12-01", "--database", url]
    assert await asyncio.to_thread(db.main, command) == 0
    assert "records of 0 deals" in capsys.readouterr().out
    command[2] = "2026-12-02"
    assert await asyncio.to_thread(db.main, command) == 0
    said = capsys.readouterr().out
    assert "records of 1 deal finished before 2026-12-02" in said and "kept" in said
    after = await every_row(url)
    assert after["deal_records"] == after["deal_players"] == []
    assert {k: v for k, v in after.items() if not k.startswith("deal_")} == {
        k: v for k, v in before.items() if not k.startswith("deal_")
    }
    command[2] = "yesterday"
    assert await asyncio.to_thread(db.main, command) == 2
    assert "not a day" in capsys.readouterr().err
