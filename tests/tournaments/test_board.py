"""The tournament's message: the sign-up list, a knockout's bracket as text and as a
picture, a Swiss's standings with the tie-break stated, and a message that stays within an
embed's limit however many entrants."""

from __future__ import annotations

import io

from PIL import Image

from bot.gallery import bracket_image
from bot.storage.tournaments import EntrantRecord, MatchRecord, Member, Tournament
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
    assert tournament_board.title(tour) == "Tournament · Briscola · Swiss"


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
