"""``verify``: real records of every registered game hold; each kind of tampering is found and
named by its field; a file that is no record is refused, saying why."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.cli import replay as replay_command
from bot.cli import verify as verify_command
from bot.games import SPECS
from bot.records.build import reveal
from bot.records.errors import RecordError
from bot.records.fair import new_secret, seals
from bot.records.files import MOST_BYTES, load
from bot.records.replay import seed_of, steps
from bot.records.schema import DealRecord
from bot.records.text import HOLDS, HOLDS_TOURNAMENT, holds, problem
from bot.records.verify import verify
from tests.records.helpers import SHOWN, records_of, tournament_records

GAMES = sorted(SPECS)


@cache
def documents(game: str) -> tuple[str, ...]:
    return tuple(record.dumps() for record in records_of(game))


def record(game: str, deal: int = 0) -> DealRecord:
    """A fresh copy of one of ``game``'s records (the last deal by default: it has earlier
    deals' moves, where the game has several)."""
    docs = documents(game)
    return load(docs[deal - 1 if deal else -1])


def fields(verdict_problems: list[RecordError]) -> list[str]:
    return [p.field for p in verdict_problems]


@pytest.mark.parametrize("game", GAMES)
def test_every_deal_of_a_real_match_verifies(game: str) -> None:
    docs = documents(game)
    assert docs, "the match recorded no deal"
    for i, doc in enumerate(docs, 1):
        found = load(doc)
        assert found.deal == i
        verdict = verify(found)
        assert verdict.ok and not verdict.notes, [problem(p) for p in verdict.problems]


def _no_move(doc: dict[str, Any]) -> None:
    """The first move changed to a move that is no move."""
    doc["moves"][0]["action"] = "play:ZZ"


def _seat_name(doc: dict[str, Any]) -> None:
    doc["seats"][1]["name"] = "Mallory"


def _one_seat(doc: dict[str, Any]) -> None:
    doc["seats"] = doc["seats"][:1]  # no game is played alone


def _result(doc: dict[str, Any]) -> None:
    doc["result"]["events"] = doc["result"]["events"][:-1]


def _secret(doc: dict[str, Any]) -> None:
    doc["fair"]["secret"] = "0" * 64


def _commitment(doc: dict[str, Any]) -> None:
    doc["fair"]["commitment"] = "f" * 64


def _no_commitment(doc: dict[str, Any]) -> None:
    doc["fair"]["commitment"] = None


def _dealt(doc: dict[str, Any]) -> None:
    hands = doc["dealt"]
    hands[0], hands[1] = hands[1], hands[0]


def _who_moved(doc: dict[str, Any]) -> None:
    doc["moves"][-1]["by"] = "ai" if doc["moves"][-1]["by"] != "ai" else "person"


def _start_before(doc: dict[str, Any]) -> None:
    doc["fair"]["start"] = doc["fair"]["shown"] - 1


def _start_later(doc: dict[str, Any]) -> None:
    doc["fair"]["start"] += 7  # another Start, after the commitment: another deck


def _not_shown(doc: dict[str, Any]) -> None:
    doc["fair"]["shown"] = None


def _deal(doc: dict[str, Any]) -> None:
    doc["deal"] += 1


def _options(doc: dict[str, Any]) -> None:
    doc["options"] = {"no_such_rule": True}


def _game(doc: dict[str, Any]) -> None:
    doc["game"] = next(g for g in GAMES if g != doc["game"])


def _set(name: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda doc: doc.__setitem__(name, value)


TAMPERING: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a move": (_no_move, "moves[0]"),
    "a seat's name": (_seat_name, "seats[1]"),
    "the seats": (_one_seat, "seats"),
    "a result": (_result, "result"),
    "the secret": (_secret, "fair.secret"),
    "the commitment": (_commitment, "fair.commitment"),
    "the commitment removed": (_no_commitment, "fair.commitment"),
    "the hands dealt": (_dealt, "dealt"),
    "who moved": (_who_moved, "moves[{last}]"),
    "the start, before the board": (_start_before, "fair.start"),
    "the start, another later": (_start_later, "fair.start"),
    "the board shown removed": (_not_shown, "fair.shown"),
    "the deal's number": (_deal, "deal"),
    "the options": (_options, "options"),
    "the game": (_game, "game"),
    "the id": (_set("id", "abcdefgh"), "id"),
    "the channel": (_set("channel", 99), "channel"),
    "when it ended": (_set("finished_at", "2020-01-01T00:00:00+00:00"), "finished_at"),
    "the version": (_set("version", "0.0.1"), "version"),
    "the seal removed": (_set("seal", None), "seal"),
}


def its_own(named: list[str], field: str) -> bool:
    """Whether ``named`` names ``field`` (or items of it) and nothing else."""
    return bool(named) and all(n == field or n.startswith(f"{field}[") for n in named)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", sorted(TAMPERING))
def test_each_tampering_is_named_by_its_own_field_alone(game: str, kind: str) -> None:
    doc = record(game).document()
    tamper, field = TAMPERING[kind]
    tamper(doc)
    verdict = verify(DealRecord.model_validate(doc))
    named = fields(verdict.problems)
    assert its_own(named, field.format(last=len(doc["moves"]) - 1)), named


ENGINE_FINDS = {
    "a move": "moves[0]",
    "the seats": "seats",
    "a result": "result.events",
    "the hands dealt": "dealt",
    "the deal's number": "deal",
    "the options": "options",
}
"""What the engine names where the seals hold: a record sealed again after the edit, by
whoever holds the revealed secret (or one of schema 1, whose seals covered less)."""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", sorted(ENGINE_FINDS))
def test_an_edit_sealed_again_is_named_by_the_engine(game: str, kind: str) -> None:
    doc = record(game).document()
    TAMPERING[kind][0](doc)
    doc["seal"] = seals(doc["fair"]["secret"], doc)
    assert fields(verify(DealRecord.model_validate(doc)).problems) == [ENGINE_FINDS[kind]]


@pytest.mark.parametrize("game", GAMES)
def test_a_move_changed_for_another_legal_one_is_named_by_its_seal_and_its_result(
    game: str,
) -> None:
    """A move replaced by another legal move replays: its seal names it, and the result no
    longer follows."""
    doc = record(game).document()
    spec = SPECS[game]
    original = load(json.dumps(doc))
    seed = seed_of(original)
    assert seed is not None
    played = steps(original, seed)
    for i, step in enumerate(played[:-1]):
        move = played[i + 1].move
        assert move is not None
        legal = spec.rules.legal_actions(step.state, move.seat)
        others = [a for a in legal if a != move.action]
        if others:
            doc["moves"][i]["action"] = others[0]
            break
    else:
        raise AssertionError("every move of this deal was forced")
    verdict = verify(DealRecord.model_validate(doc))
    assert f"moves[{i}]" in fields(verdict.problems)


def test_a_seal_made_with_no_secret_of_the_record_is_named_as_the_seal() -> None:
    doc = record("scopa").document()
    doc["seal"] = seals("0" * 64, doc)
    assert fields(verify(DealRecord.model_validate(doc)).problems) == ["seal"]


def stored_before(game: str) -> tuple[DealRecord, str]:
    """A record as the version before stored it (schema 1, unsealed, its secret out), and the
    table's secret."""
    doc = record(game).document()
    secret = doc["fair"]["secret"]
    doc |= {"schema": 1, "seal": None}
    doc["fair"]["secret"] = None
    return DealRecord.model_validate(doc), secret


def test_a_record_stored_unsealed_by_schema_1_is_sealed_when_revealed_as_it_was() -> None:
    stored, secret = stored_before("scopa")
    found = reveal(stored, secret)
    assert found.seal is not None and "seats[0]" in found.seal and "id" not in found.seal
    verdict = verify(found)
    assert verdict.ok and not verdict.notes
    doc = found.document()
    doc["seats"][0]["name"] = "Mallory"
    assert fields(verify(DealRecord.model_validate(doc)).problems) == ["seats[0]"]


def test_a_start_without_the_board_that_showed_the_commitment_is_noted_as_such() -> None:
    """A record of schema 1 (its seals did not cover ``fair``) without the board's id: the
    Start was mixed in, but nothing proves it came after the commitment."""
    stored, secret = stored_before("briscola")
    doc = stored.document()
    doc["fair"]["shown"] = None
    verdict = verify(reveal(DealRecord.model_validate(doc), secret))
    assert verdict.ok and fields(verdict.notes) == ["fair.shown"]
    assert "not recorded" in problem(verdict.notes[0])
    assert "No Start interaction" not in problem(verdict.notes[0])


def test_the_verdict_of_a_record_that_holds_says_the_deck_was_fixed_first() -> None:
    verdict = verify(record("briscola"))
    assert verdict.ok and not verdict.notes and "fixed before the first card" in HOLDS


def test_an_unrevealed_record_cannot_be_verified_yet() -> None:
    doc = record("scopa").document()
    doc["fair"]["secret"] = None
    verdict = verify(DealRecord.model_validate(doc))
    assert fields(verdict.problems) == ["fair.secret"]


def test_an_unknown_game_is_named() -> None:
    doc = record("scopa").document()
    doc["game"] = "poker"
    assert fields(verify(DealRecord.model_validate(doc)).problems) == ["game"]


# -- files that are no record -----------------------------------------------------------------


def refused(data: bytes | str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        load(data)
    return caught.value


def test_a_truncated_file_is_refused_saying_so() -> None:
    doc = documents("briscola")[0]
    error = refused(doc[: len(doc) // 2])
    assert error.field == "" and "truncated" in problem(error)


def test_a_huge_file_is_refused_before_it_is_parsed() -> None:
    error = refused(b" " * (MOST_BYTES + 1))
    assert "too big" in problem(error)


def test_another_schema_version_is_named() -> None:
    doc = json.loads(documents("briscola")[0])
    doc["schema"] = 4
    error = refused(json.dumps(doc))
    assert error.field == "schema" and "version 4" in problem(error)


def test_a_missing_field_is_named() -> None:
    doc = json.loads(documents("briscola")[0])
    del doc["dealt"]
    assert refused(json.dumps(doc)).field == "dealt"


def test_bytes_that_are_not_text_are_refused() -> None:
    assert "not text" in problem(refused(b"\xff\xfe\x00{"))


def test_json_that_is_not_a_record_is_refused() -> None:
    assert "not a deal" in problem(refused("[1, 2, 3]"))


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ("[" * 100_000 + "]" * 100_000, "more than 32 deep"),  # past Python's own recursion
        ('{"options": ' + "[" * 40 + "]" * 40 + "}", "more than 32 deep"),  # past the checks'
        ('{"guild": ' + "9" * 5000 + "}", "a number too long"),
        ('{"id": "\\ud800"}', "no character"),  # an escaped lone surrogate: no UTF-8 for it
    ],
    ids=["deep", "deep-in-options", "long-number", "lone-surrogate"],
)
def test_a_small_hostile_file_is_refused_saying_why(data: str, said: str) -> None:
    error = refused(data)
    assert error.field == "" and said in problem(error)


def hostile_values() -> list[Any]:
    return [None, -1, 10**4000, "", "\u202e" * 3, {}, [[[]]], True]


def leaves(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``doc``, a list's (and the seal's) first and last items standing for
    the rest."""
    out = [path]
    if not isinstance(doc, dict | list):
        return out
    items = list(doc.items() if isinstance(doc, dict) else enumerate(doc))
    if items and (isinstance(doc, list) or path == ("seal",)):
        items = [items[0], items[-1]]
    for key, child in items:
        out += leaves(child, (*path, key))
    return out


def leaf(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(doc))
    where = copy
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    return copy


@pytest.mark.parametrize("game", ["briscola", "scopa"])
def test_no_value_in_any_field_crashes_verify_or_the_replay(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every field of a real record (a list's first and last items) set to each hostile value
    in turn: the file is refused, or verify and the terminal's replay answer, each with its
    exit code."""
    doc = record(game, 1).document()
    path = tmp_path / "deal.json"
    for where in leaves(doc):
        for value in hostile_values():
            data = json.dumps(replaced(doc, where, value))
            try:
                found = load(data)
            except RecordError:
                continue  # refused unread, naming why
            if json.dumps(value) != json.dumps(leaf(doc, where)):
                assert verify(found).problems, where  # the seal covers every field
            path.write_text(data)
            assert verify_command.main([str(path)]) in (0, 1), where
            if where[0] != "seal":  # the replay reads no seal
                assert replay_command.main([str(path), "--all"]) in (0, 1, 2), where
            capsys.readouterr()


def revealed(found: DealRecord, secret: str | None) -> DealRecord:
    """The record with the tournament's secret shown (None: the tournament still runs)."""
    dealt = found.fair.tournament
    assert dealt is not None
    fair = found.fair.model_copy(update={"tournament": dealt.model_copy(update={"secret": secret})})
    return found.model_copy(update={"fair": fair})


@pytest.mark.parametrize("game", ["briscola", "cento"])
def test_a_tournament_table_s_deals_follow_from_the_tournament_s_committed_secret(
    game: str,
) -> None:
    secret = new_secret()
    found = tournament_records(game, secret, SHOWN)
    assert found
    for each in found:
        kept_back = verify(revealed(each, None))  # the tournament still deals its tables
        assert kept_back.ok and fields(kept_back.notes) == ["fair.tournament.secret"]
        shown = revealed(each, secret)
        verdict = verify(load(shown.dumps()))  # as a file taken away
        assert verdict.ok and not verdict.notes, [problem(p) for p in verdict.problems]
        assert holds(shown, len(verdict.notes)) == HOLDS_TOURNAMENT
    last = revealed(found[-1], secret)
    dealt = last.fair.tournament
    assert dealt is not None
    changes: list[tuple[dict[str, Any], str]] = [
        ({"secret": new_secret()}, "fair.tournament.commitment"),
        ({"commitment": "f" * 64}, "fair.tournament.commitment"),
        ({"parts": ["match", 1, 2]}, "fair.tournament.parts"),
        ({"shown": SHOWN + 1}, "fair.tournament.parts"),
    ]
    for change, field in changes:
        fair = last.fair.model_copy(update={"tournament": dealt.model_copy(update=change)})
        assert fields(verify(last.model_copy(update={"fair": fair})).problems) == [field]


def test_a_tournament_without_its_sign_up_message_is_noted() -> None:
    secret = new_secret()
    last = revealed(tournament_records("briscola", secret, None)[-1], secret)
    verdict = verify(last)
    assert verdict.ok and fields(verdict.notes) == ["fair.tournament.shown"]
