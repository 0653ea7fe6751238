"""The tournament's message: the sign-up list, a knockout's bracket as text and as a
picture, a Swiss's or a duplicate's standings as text and as a picture with the tie-break
stated, and a message (and a picture) that stays within its limits however many entrants."""

from __future__ import annotations

import io

from PIL import Image

from bot.gallery import bracket_image
from bot.pictures.standings_table import ROW, ROWS_MAX, Row, standings_image, standings_picture
from bot.storage.tournaments import EntrantRecord, MatchRecord, Member, Tournament
from bot.tournaments import words
from bot.views import tournament_board
from tests.tournaments.test_storage import a_tournament


def entrants(n: int) -> list[EntrantRecord]:
    return [
        EntrantRecord(n=i, name=f"P{i}", members=[Member(user_id=i, name=f"P{i}")])
        for i in range(1, n + 1)
    ]


def knockout_of_six() -> Tournament:
    record = a_tournament()
    record.format, record.status, record.round, record.rounds = "knockout", "running", 2, 3

    def done(n: int, number: int, sides: list[int], points: list[int]) -> MatchRecord:
        return MatchRecord(
            round=number, n=n, sides=sides, points=points, status="done", result="played"
        )

    matches = [
        MatchRecord(round=1, n=1, sides=[1], status="done", result="bye", points=[2]),
        done(2, 1, [4, 5], [0, 2]),
        MatchRecord(round=1, n=3, sides=[2], status="done", result="bye", points=[2]),
        done(4, 1, [3, 6], [2, 0]),
        MatchRecord(round=2, n=1, sides=[1, 5], status="playing", thread_id=77),
        done(2, 2, [2, 3], [0, 2]),
    ]
    return Tournament(record=record, entrants=entrants(6), matches=matches)


def test_the_sign_up_lists_its_entrants() -> None:
    tour = Tournament(record=a_tournament(), entrants=entrants(3))
    body = tournament_board.body(tour)
    assert "Sign-up is open" in body and "Entrants: 3" in body and "3. P3" in body
    assert words.title(tour) == "Tournament · Briscola · Swiss"


def test_a_knockout_shows_its_bracket_as_text_and_as_a_picture() -> None:
    tour = knockout_of_six()
    body = tournament_board.body(tour)
    assert "Round 2 of 3." in body
    assert "P1: a bye" in body and "P4 – P5 → **P5**" in body and "P1 – P5 · <#77>" in body
    slots = tournament_board.bracket_slots(tour)
    assert slots is not None
    rounds, size = slots
    assert size == 4 and [s.won for s in rounds[1]] == [None, 1]
    assert rounds[0][0].away is None  # a bye
    picture = Image.open(io.BytesIO(bracket_image("Bracket", rounds, size)))
    assert picture.format == "PNG" and picture.width > picture.height > 200


def test_a_swiss_shows_its_standings_and_stays_within_an_embed() -> None:
    record = a_tournament()
    record.status, record.round, record.rounds = "running", 1, 3
    many = entrants(256)
    matches = [
        MatchRecord(round=1, n=i, sides=[2 * i - 1, 2 * i], status="playing") for i in range(1, 129)
    ]
    tour = Tournament(record=record, entrants=many, matches=matches)
    body = tournament_board.body(tour)
    assert "**Standings**" in body and "Buchholz 0" in body
    assert len(body) <= tournament_board.DESCRIPTION_MAX
    assert tournament_board.bracket_slots(tour) is None


def swiss_after_a_round() -> Tournament:
    record = a_tournament()
    record.status, record.round, record.rounds = "running", 2, 3
    matches = [
        MatchRecord(round=1, n=1, sides=[1, 2], points=[2, 0], status="done", result="played"),
        MatchRecord(round=1, n=2, sides=[3, 4], points=[1, 1], status="done", result="played"),
        MatchRecord(round=1, n=3, sides=[5], points=[2], status="done", result="bye"),
        MatchRecord(round=2, n=1, sides=[1, 5], status="playing", thread_id=78),
    ]
    return Tournament(record=record, entrants=entrants(5), matches=matches)


def test_a_swiss_shows_its_standings_as_a_picture_too() -> None:
    tour = swiss_after_a_round()
    table = tournament_board.standings_table(tour)
    assert table is not None
    assert table.columns == ("#", "Player", "Pts", "Buchholz")
    assert "Round 2 of 3." in table.subtitle and "Buchholz, then head to head" in table.subtitle
    # The same order and figures as the text: P1 and P5 on 1 (P1 ahead on Buchholz), the
    # drawn pair on ½, P2 last.
    assert [(r.place, r.name, r.figures) for r in table.rows] == [
        (1, "P1", ("1", "0")),
        (2, "P5", ("1", "0")),
        (3, "P3", ("½", "½")),
        (4, "P4", ("½", "½")),
        (5, "P2", ("0", "1")),
    ]
    assert tournament_board.standings_lines(tour)[0] == "1. P1 · 1 pts · Buchholz 0"
    image = Image.open(
        io.BytesIO(standings_image("Standings", table.subtitle, table.columns, table.rows))
    )
    assert image.format == "PNG" and image.height > 6 * ROW
    assert tournament_board.standings_table(knockout_of_six()) is None


def test_a_duplicate_shows_its_margins_as_a_picture() -> None:
    record = a_tournament()
    record.format, record.status, record.round, record.rounds = "duplicate", "running", 1, 2
    matches = [
        MatchRecord(
            round=1,
            n=1,
            sides=[1, 2],
            points=[80, 40],
            margins=[20.0, -20.0],
            status="done",
            result="played",
        ),
        MatchRecord(
            round=1,
            n=2,
            sides=[3, 4],
            points=[60, 60],
            margins=[-20.0, 20.0],
            status="done",
            result="played",
        ),
    ]
    tour = Tournament(record=record, entrants=entrants(4), matches=matches)
    table = tournament_board.standings_table(tour)
    assert table is not None and table.columns == ("#", "Player", "Margin")
    assert "the same cards" in table.subtitle
    assert [r.figures[0][0] for r in table.rows] == ["+", "+", "-", "-"]
    assert len(table.rows) == 4


def test_a_field_of_256_is_drawn_to_its_top_rows() -> None:
    rows = [Row(i, f"P{i}", (str(256 - i), "0")) for i in range(1, 257)]
    picture = standings_picture("Standings", "", ("#", "Player", "Pts", "Buchholz"), rows)
    full = standings_picture("Standings", "", ("#", "Player", "Pts", "Buchholz"), rows[:ROWS_MAX])
    assert picture.height == full.height + ROW  # one more row: "+ 224"
    assert picture.height < 40 * ROW + 200
