"""Real records of every registered game, from AI-only matches."""

from __future__ import annotations

from bot.cli.simulate import play_match
from bot.games import SPECS, make_player
from bot.records.build import ended_records, match_records, reveal
from bot.records.fair import (
    derived_seed,
    match_seed,
    new_secret,
    tournament_commitment,
    tournament_seed,
)
from bot.records.schema import (
    DealRecord,
    Fairness,
    RecordMove,
    RecordSeat,
    TournamentFairness,
)

START = 1_300_000_000_000_000_000  # a Start interaction's id, after the board below
SHOWN = 1_299_999_999_999_999_999


def seats_of(game: str) -> int:
    """The fewest seats a game plays at under its default house rules."""
    rules = SPECS[game].rules
    return rules.seating.seat_range(rules.options_model()).start


def records_of(game: str, seed: int = 1) -> list[DealRecord]:
    """Every deal of a random match of ``game``, revealed and sealed, as a table writes them
    (its Start interaction mixed in, after the board that showed its commitment)."""
    seats = seats_of(game)
    secret = new_secret()
    moves: list[tuple[int, str]] = []
    players = [make_player(game, "random") for _ in range(seats)]
    play_match(game, seats, players, match_seed(secret, START), None, moves)
    names = [RecordSeat(name=f"Player {s}", user_id=100 + s) for s in range(seats)]
    return match_records(
        game=game,
        where=(7, 8, seed),
        seats=names,
        options={},
        secret=secret,
        moves=[RecordMove(seat=s, action=a, by="person") for s, a in moves],
        finished_at="2026-12-03T12:00:00+00:00",
        start=START,
        shown=SHOWN,
    )


def tournament_records(game: str, secret: str, shown: int | None) -> list[DealRecord]:
    """Every deal of a random match of ``game`` at a tournament's table (tournament 5, round
    1, match 1), as its records are shown once the tournament is over: the table's seed
    revealed, and what it was derived from (the tournament's secret, its sign-up message)."""
    parts: list[str | int] = ["match", 1, 1]
    seed = derived_seed(tournament_seed(secret, shown), *parts)
    seats = seats_of(game)
    moves: list[tuple[int, str]] = []
    players = [make_player(game, "random") for _ in range(seats)]
    play_match(game, seats, players, seed, None, moves)
    dealt = TournamentFairness(
        id=5, commitment=tournament_commitment(secret, 7, 5), shown=shown, parts=parts
    )
    made = ended_records(
        game=game,
        where=(7, 8, 9),
        seats=[RecordSeat(name=f"Player {s}", user_id=100 + s) for s in range(seats)],
        options={},
        seed=seed,
        fair=Fairness(commitment=None, tournament=dealt),
        moves=[RecordMove(seat=s, action=a, by="person") for s, a in moves],
        finished_at="2026-12-03T12:00:00+00:00",
        secret=None,
    )
    return [reveal(record, str(seed)) for record in made]
