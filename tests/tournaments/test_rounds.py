"""A tournament's rounds from its stored matches (pure): a duplicate's scores, who meets whom
when entrants have dropped."""

from __future__ import annotations

from typing import Any

from bot.cogs.tournament import TournamentCog
from bot.games import SPECS
from bot.records.fair import SET_ROUNDS
from bot.storage.tournaments import EntrantRecord, MatchRecord, Member, Tournament, TournamentRecord
from bot.tournaments.rounds import SIDES, duplicate_totals, match_seats


def tournament(
    format: str, entrants: int, matches: list[MatchRecord], **changes: Any
) -> Tournament:
    record = TournamentRecord(
        **{
            "id": 1,
            "guild_id": 1,
            "channel_id": 10,
            "organiser_id": 100,
            "game": "briscola",
            "format": format,
            "seats": 2,
            "options": {},
            "rounds": 2,
            "ai_fill": False,
            "league": True,
            "grace": 300,
            "starts_at": None,
            "status": "running",
            "round": max((m.round for m in matches), default=0),
            "seed": 7,
            "message_id": None,
            "champion": None,
            **changes,
        }
    )
    people = [
        EntrantRecord(n=n, name=f"P{n}", members=[Member(user_id=n, name=f"P{n}")])
        for n in range(1, entrants + 1)
    ]
    return Tournament(record=record, entrants=people, matches=matches)


def played(round: int, n: int, sides: list[int], seed: int, margins: list[float]) -> MatchRecord:
    return MatchRecord(
        round=round,
        n=n,
        sides=sides,
        seed=seed,
        status="done",
        result="played",
        points=[2, 0] if margins[0] > 0 else [0, 2],
        margins=margins,
    )


def test_a_duplicate_match_played_again_from_a_fresh_seed_is_compared_with_nobody() -> None:
    # Three tables held the round's cards; the third was stopped and played again, dealt
    # afresh: its margins say nothing of how the others did with the same cards.
    matches = [
        played(1, 1, [1, 4], seed=11, margins=[30.0, -30.0]),
        played(1, 2, [2, 5], seed=11, margins=[10.0, -10.0]),
        played(1, 3, [3, 6], seed=99, margins=[80.0, -80.0]),
    ]
    totals = duplicate_totals(tournament("duplicate", 6, matches))
    assert totals == {1: 20.0, 2: -20.0, 3: 0.0, 4: -20.0, 5: 20.0, 6: 0.0}


def test_a_tournament_offers_the_games_of_two_sides_at_their_seats() -> None:
    offered = {g: match_seats(spec.seats) for g, spec in SPECS.items()}
    assert offered["cento"] == offered["centocinque"] == [2]  # each alone: heads-up only
    assert offered["scopa"] == offered["briscola"] == offered["tressette"] == [2, 4]  # not 3
    assert offered["minchiate"] == [4]  # always two partnerships
    choices = [c.value for c in TournamentCog.new.parameters[0].choices]
    assert choices == [g for g in SPECS if offered[g]]  # /tournament new offers no other


def test_a_duplicate_s_set_of_deals_takes_a_round_a_side() -> None:
    """The records' reading of a duplicate's deal names (``seed_parts``) and the rounds'."""
    assert SET_ROUNDS == SIDES
