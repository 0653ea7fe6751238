"""The repositories' SQL as each backend runs it: ``?`` parameters numbered for PostgreSQL
(never inside quotes or comments), a row lock dropped for SQLite's single writer."""

from __future__ import annotations

import pytest

from bot.storage.db import describe
from bot.storage.postgres import numbered
from bot.storage.sqlite import _sql


def test_question_marks_become_numbered_parameters_outside_quotes_and_comments() -> None:
    sql = "SELECT ?, 'it''s ?', \"odd?name\" FROM t -- why?\nWHERE a = ? /* or ? */ AND b IN (?, ?)"
    assert numbered(sql) == (
        "SELECT $1, 'it''s ?', \"odd?name\" FROM t -- why?\n"
        "WHERE a = $2 /* or ? */ AND b IN ($3, $4)"
    )


def test_dollar_parameters_and_quotes_are_refused_rather_than_misnumbered() -> None:
    with pytest.raises(ValueError, match=r"write \? parameters"):
        numbered("SELECT $1 WHERE x = ?")


@pytest.mark.parametrize("lock", ["FOR UPDATE", "for no key update", "FOR NO KEY UPDATE "])
def test_sqlite_drops_a_trailing_row_lock(lock: str) -> None:
    assert _sql(f"SELECT id FROM seasons WHERE guild_id = ? {lock}") == (  # noqa: S608
        "SELECT id FROM seasons WHERE guild_id = ?"
    )
    assert _sql("SELECT 'FOR UPDATE' AS x") == "SELECT 'FOR UPDATE' AS x"


def test_a_url_in_a_message_never_shows_its_password() -> None:
    assert describe("postgresql://tavolo:s3cret@db:5432/t") == "postgresql://tavolo:***@db:5432/t"
    assert describe("postgresql://db/t?user=me&password=s3cret&x=1") == (
        "postgresql://db/t?user=me&password=***&x=1"
    )
    assert describe("sqlite:////data/t.sqlite3") == "sqlite:////data/t.sqlite3"
