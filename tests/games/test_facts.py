"""A game states its facts once, in its engine (its seating, partnerships, pack and house
rules), and every registered game's engine does what they say: a new game is checked by being
registered."""

from __future__ import annotations

import random
from typing import Any

import pytest
from discord.app_commands import Command

from bot.cogs.tables import TablesCog
from bot.games import GAMES, SPECS, GameError, GameSpec
from bot.games.seating import Seating
from bot.text import MOST_SEATS
from tests.games.options import option_values


def _specs() -> list[Any]:
    return [pytest.param(spec, id=name) for name, spec in SPECS.items()]


def _fewest_options(spec: GameSpec[Any, Any, Any]) -> list[dict[str, Any]]:
    """The standard house rules, and each value of the one that sets the fewest seats."""
    option = spec.seats.fewest_option
    if option is None:
        return [{}]
    return [{}] + [{option: v} for v in option_values(spec.rules.options_model)[option]]


def _accepts(spec: GameSpec[Any, Any, Any], seats: int, options: dict[str, Any]) -> bool:
    try:
        spec.rules.new_game(seats=seats, seed=1, options=options)
    except GameError as exc:
        assert "players" in str(exc), str(exc)  # noqa: PT017 (a refusal of the seats, not else)
        return False
    return True


@pytest.mark.parametrize("spec", _specs())
def test_a_new_game_takes_exactly_the_seats_its_seating_allows(
    spec: GameSpec[Any, Any, Any],
) -> None:
    rules = spec.rules
    for options in _fewest_options(spec):
        allowed = spec.seats.seat_range(rules.options_model.model_validate(options))
        accepted = [n for n in range(MOST_SEATS + 3) if _accepts(spec, n, options)]
        assert accepted == list(allowed), options
    assert (rules.min_seats, rules.max_seats) == (
        spec.seats.seat_range().start,
        spec.seats.seat_range().stop - 1,
    )
    assert spec.seats.default in spec.seats.seat_range(rules.options_model())


@pytest.mark.parametrize("spec", _specs())
def test_a_refused_number_of_seats_is_told_with_the_numbers_allowed(
    spec: GameSpec[Any, Any, Any],
) -> None:
    allowed = spec.seats.seat_range(spec.rules.options_model())
    with pytest.raises(GameError) as refused:
        spec.rules.new_game(seats=allowed.stop, seed=0)
    told = str(refused.value)
    assert str(allowed.stop - 1) in told and f"not {allowed.stop}" in told, told
    if len(allowed) == 1:
        assert " to " not in told, told  # "played by 4", not "by 4 to 4"


def _finished(spec: GameSpec[Any, Any, Any], seats: int, seed: int) -> Any:
    rules = spec.rules
    rng = random.Random(seed)
    state = rules.new_game(seats=seats, seed=seed)
    while rules.outcome(state) is None:
        seat = rng.choice(rules.to_act(state))
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("spec", _specs())
def test_the_sides_a_game_reports_are_its_seatings_teams(spec: GameSpec[Any, Any, Any]) -> None:
    """Partners share a place in the ranking; a view or an outcome that names the sides names
    the seating's (as a count, or each side's seats)."""
    rules, seating = spec.rules, spec.seats
    for seats in seating.seat_range(rules.options_model()):
        teams = seating.teams(seats)
        sides = [[s for s in range(seats) if teams[s] == team] for team in sorted(set(teams))]
        assert seating.side_seats(seats) == sides
        assert seating.side_count(seats) == len(sides)
        state = _finished(spec, seats, seed=seats)
        outcome = rules.outcome(state)
        assert outcome is not None
        for group in outcome["ranking"]:
            for seat in group:
                assert all(s in group for s in range(seats) if teams[s] == teams[seat])
        for said in (rules.view(state, None).get("sides"), outcome.get("sides")):
            if isinstance(said, int):
                assert said == len(sides)
            elif isinstance(said, list) and said and isinstance(said[0], list):
                assert said == sides


@pytest.mark.parametrize("spec", _specs())
def test_a_game_deals_its_pack(spec: GameSpec[Any, Any, Any]) -> None:
    """The pack the engine states is the deck it takes: all of it, and nothing else."""
    rules = spec.rules
    for seats in spec.seats.seat_range(rules.options_model()):
        pack = rules.pack(seats)
        deck = list(reversed(pack))
        assert rules.dump(rules.new_game(seats=seats, seed=1, deck=deck)) == rules.dump(
            rules.new_game(seats=seats, seed=1, deck=list(deck))
        )
        with pytest.raises(GameError):
            rules.new_game(seats=seats, seed=1, deck=deck[1:])
        with pytest.raises(GameError):
            rules.new_game(seats=seats, seed=1, deck=[*deck[1:], deck[2]])


def test_table_kick_takes_the_seat_numbers_of_the_largest_lobby() -> None:
    assert max(spec.seats.most for spec in SPECS.values()) == MOST_SEATS
    (kick,) = [c for c in TablesCog.table.commands if isinstance(c, Command) and c.name == "kick"]
    (seat,) = [p for p in kick.parameters if p.name == "seat"]
    assert (seat.min_value, seat.max_value) == (1, MOST_SEATS)


def test_every_game_is_on_the_kit_and_registered_once() -> None:
    assert list(GAMES) == list(SPECS)
    assert len({type(rules) for rules in GAMES.values()}) == len(GAMES)
    for name, rules in GAMES.items():
        assert rules.name == name == SPECS[name].name
        assert SPECS[name].seats is SPECS[name].rules.seating
        assert rules is SPECS[name].rules


def test_a_ranking_puts_partners_together_and_sides_level_in_one_place() -> None:
    partners = Seating(fewest=2, most=4, default=2, sides=2, partners_at=frozenset({4}))
    assert partners.ranking(4, [3, 5]) == [[1, 3], [0, 2]]
    assert partners.ranking(4, [4, 4]) == [[0, 1, 2, 3]]
    assert partners.ranking(3, [1, 7, 1]) == [[1], [0, 2]]
