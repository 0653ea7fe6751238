"""The pairing rules as properties: a knockout's byes and seeds, a Swiss with no rematch and
byes spread, a duplicate round's seats."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.pairing import (
    bracket_positions,
    bracket_size,
    duplicate_scores,
    duplicate_tables,
    entrants_of,
    knockout_first_round,
    knockout_next_round,
    knockout_rounds,
    seeding,
    swiss_pairings,
)
from bot.tournaments.standings import Played, byes, halves, met, scores, standings


@given(st.integers(2, 256))
def test_a_knockout_seats_everyone_once_and_gives_its_byes_to_the_top_seeds(n: int) -> None:
    seeded = list(range(100, 100 + n))
    first = knockout_first_round(seeded)
    assert sorted(entrants_of(first)) == seeded
    size = bracket_size(n)
    assert len(first) == size // 2
    with_bye = [home for home, away in first if away is None]
    assert sorted(with_bye) == seeded[: size - n]  # the best seeds, as many as places left
    assert all(home is not None for home, _ in first)


@given(st.integers(2, 256))
def test_the_two_best_seeds_can_only_meet_in_the_final(n: int) -> None:
    seeded = list(range(n))
    winners = [min(p for p in pair if p is not None) for pair in knockout_first_round(seeded)]
    rounds = 1
    while len(winners) > 2:
        pairs = knockout_next_round(winners)
        assert all(set(pair) != {0, 1} for pair in pairs)
        winners = [min(p for p in pair if p is not None) for pair in pairs]
        rounds += 1
    assert sorted(winners) == [0, 1] or (n == 2 and winners == [0])
    assert knockout_rounds(n) == rounds + (len(winners) == 2)


def test_a_bracket_of_eight_is_the_usual_one() -> None:
    assert bracket_positions(8) == [0, 7, 3, 4, 1, 6, 2, 5]
    assert knockout_first_round([1, 2, 3, 4, 5, 6]) == [(1, None), (4, 5), (2, None), (3, 6)]


@given(st.dictionaries(st.integers(0, 50), st.none() | st.floats(-10, 60), min_size=1))
def test_seeding_puts_the_rated_first_by_rating_and_draws_the_unrated(
    ratings: dict[int, float | None],
) -> None:
    order = seeding(ratings, random.Random(1))
    assert sorted(order) == sorted(ratings)
    rated = [e for e in order if ratings[e] is not None]
    assert order[: len(rated)] == rated
    values = [ratings[e] for e in rated]
    assert values == sorted(values, reverse=True)  # type: ignore[type-var]


def _perfect_without_rematch(field: list[int], seen: set[frozenset[int]], fewest: set[int]) -> bool:
    """Whether the field can be paired with no rematch and the bye (odd field) to one of
    ``fewest``: by brute force, for the small fields of the property below."""
    if not field:
        return True
    if len(field) % 2:
        return any(
            _perfect_without_rematch([e for e in field if e != bye], seen, set())
            for bye in field
            if bye in fewest
        )
    first, rest = field[0], field[1:]
    return any(
        frozenset((first, b)) not in seen
        and _perfect_without_rematch([e for e in rest if e != b], seen, set())
        for b in rest
    )


@settings(max_examples=60)
@given(n=st.integers(2, 9), rounds=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_swiss_rounds_avoid_rematches_and_spread_the_byes(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    field = list(range(n))
    played: list[Played] = []
    for _ in range(rounds):
        seen, had = met(played), byes(played)
        fewest = {e for e in field if had.get(e, 0) == min(had.get(x, 0) for x in field)}
        pairs = swiss_pairings(field, scores(field, played), seen, had)
        assert sorted(entrants_of(pairs)) == field
        assert sum(1 for _, away in pairs if away is None) == n % 2
        if _perfect_without_rematch(field, seen, fewest):
            assert all(frozenset((a, b)) not in seen for a, b in pairs if b is not None)
            assert all(a in fewest for a, b in pairs if b is None)
        for home, away in pairs:
            if away is None:
                played.append(Played(home, None, 2, 0))
            else:
                result = rng.choice([(2, 0), (1, 1), (0, 2)])
                played.append(Played(home, away, *result))


@settings(max_examples=40)
@given(n=st.integers(4, 16), seed=st.integers(0, 2**32))
def test_swiss_pairs_equal_scores_together_where_it_can(n: int, seed: int) -> None:
    """Round two after a first round with no draws: winners meet winners."""
    field = list(range(2 * (n // 2)))
    rng = random.Random(seed)
    rng.shuffle(field)
    first = swiss_pairings(field, {}, set(), {})
    played = [Played(a, b, 2, 0) for a, b in first if b is not None]
    score = scores(field, played)
    second = swiss_pairings(field, score, met(played), byes(played))
    odd_groups = sum(1 for s in {score[e] for e in field} if list(score.values()).count(s) % 2)
    mixed = [p for p in second if p[1] is not None and score[p[0]] != score[p[1]]]
    assert len(mixed) <= odd_groups or n // 2 == 2


def test_seven_over_three_rounds_meet_nobody_twice_and_three_have_one_bye() -> None:
    field = list(range(7))
    played: list[Played] = []
    for _ in range(3):
        for home, away in swiss_pairings(field, scores(field, played), met(played), byes(played)):
            played.append(
                Played(home, away, 2, 0) if away is not None else Played(home, None, 2, 0)
            )
    pairs = [frozenset((m.home, m.away)) for m in played if m.away is not None]
    assert len(pairs) == len(set(pairs)) == 9
    assert sorted(byes(played).values()) == [1, 1, 1]


def test_ties_are_broken_by_buchholz_then_head_to_head() -> None:
    # 0 beat 1, 2 beat 3, 1 beat 2, 3 beat 0: every one on 2 points; Buchholz all 4.
    played = [Played(0, 1, 2, 0), Played(2, 3, 2, 0), Played(1, 2, 2, 0), Played(3, 0, 2, 0)]
    lines = standings([0, 1, 2, 3], played)
    assert {ln.score for ln in lines} == {2} and {ln.buchholz for ln in lines} == {4}
    assert [ln.head_to_head for ln in lines] == [2, 2, 2, 2]
    assert [ln.entrant for ln in lines] == [0, 1, 2, 3]  # then the entry order
    # Now 4 beats 0 and 0 beats 5; 1 beats 5 and 4 beats 1: 0 and 1 on 2, Buchholz 4 + 0 each.
    played = [Played(4, 0, 2, 0), Played(0, 5, 2, 0), Played(4, 1, 2, 0), Played(1, 5, 2, 0)]
    played.append(Played(1, 0, 2, 0))  # 1 beat 0 too: 1 is ahead head to head
    lines = standings([0, 1, 4, 5], played)
    assert [ln.entrant for ln in lines][:2] == [4, 1]
    assert halves(5) == "2½" and halves(1) == "½" and halves(4) == "2"


@given(sides=st.integers(2, 4), count=st.integers(1, 8))
def test_each_entrant_holds_every_side_once_in_as_many_rounds_as_sides(
    sides: int, count: int
) -> None:
    field = list(range(10, 10 + sides * count))
    held: dict[int, list[int]] = {e: [] for e in field}
    for round_no in range(sides):
        tables = duplicate_tables(field, sides, round_no)
        assert sorted(itertools.chain.from_iterable(tables)) == field
        for table in tables:
            for side, entrant in enumerate(table):
                held[entrant].append(side)
    assert all(sorted(sides_held) == list(range(sides)) for sides_held in held.values())


def test_a_duplicate_score_is_the_margin_over_those_who_held_the_same_cards() -> None:
    scored = duplicate_scores({0: {1: 10, 2: 4, 3: 4}, 1: {4: -10, 5: -4, 6: -4}})
    assert scored[1] == 6 and scored[2] == -3 and scored[4] == -6
    assert duplicate_scores({0: {1: 5}, 1: {2: -5}}) == {1: 0.0, 2: 0.0}
