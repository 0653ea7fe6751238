"""The turn driver: formal moves made, the end detected, several seats able to act."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import GAMES
from bot.games.turns import Formal, Over, Turns, Wanted, formality, next_move
from tests.games.support import seat_on_turn

EVERYONE = lambda seat: True  # noqa: E731
NOBODY = lambda seat: False  # noqa: E731


def after_discards(seed: int) -> Any:
    """A Minchiate deal once every discard is made: the declarations come next."""
    rules = GAMES["minchiate"]
    state = rules.new_game(seats=4, seed=seed)
    while state.phase == "discard":
        seat = state.current
        state, _ = rules.apply(state, seat, rules.legal_actions(state, seat)[0])
    return state


def nothing_to_declare() -> Any:
    rules = GAMES["minchiate"]
    for seed in range(100):
        state = after_discards(seed)
        if rules.legal_actions(state, state.current) == ["nodeclare"]:
            return state
    raise AssertionError("no deal leaves a seat with nothing to declare")


def call_out_window() -> Any:
    """A Centocinque state in which seats off turn may act (a missed penúltima to call)."""
    rules = GAMES["centocinque"]
    for seed in range(200):
        state = rules.new_game(seats=3, seed=seed)
        while rules.outcome(state) is None:
            turn = seat_on_turn(rules, state)
            if len(rules.to_act(state)) > 1:
                return state
            legal = [a for a in rules.legal_actions(state, turn) if not a.endswith(":penultima")]
            state, _ = rules.apply(state, turn, legal[0])
    raise AssertionError("no call-out window in 200 deals")


def test_a_persons_formal_move_is_made_for_them_with_its_events() -> None:
    rules = GAMES["minchiate"]
    state = nothing_to_declare()
    seat = state.current
    assert formality(rules, state) == Formal(seat, "nodeclare")
    assert next_move(rules, state, NOBODY) == Formal(seat, "nodeclare")
    turns = Turns(rules, state, ai=NOBODY)
    made, wanted = turns.ready()
    assert [(m.seat, m.action) for m in made][:1] == [(seat, "nodeclare")]
    assert made[0].events == rules.apply(state, seat, "nodeclare")[1]
    assert isinstance(wanted, Wanted | Over) and formality(rules, turns.state) is None


def test_an_ai_seat_chooses_a_formality_itself_only_when_asked_to() -> None:
    rules = GAMES["minchiate"]
    state = nothing_to_declare()
    seat = state.current
    assert next_move(rules, state, EVERYONE) == Formal(seat, "nodeclare")
    assert next_move(rules, state, EVERYONE, ai_formalities=False) == Wanted(seat, ai=True)
    assert next_move(rules, state, NOBODY, ai_formalities=False) == Formal(seat, "nodeclare")


def test_a_real_choice_is_no_formality() -> None:
    rules = GAMES["minchiate"]
    for seed in range(100):
        state = after_discards(seed)
        if "declare" in rules.legal_actions(state, state.current):
            assert formality(rules, state) is None
            assert next_move(rules, state, NOBODY) == Wanted(state.current, ai=False)
            return
    raise AssertionError("no deal gives a seat something to declare")


@pytest.mark.parametrize(("game", "seats"), [("centocinque", 3), ("cento", 3), ("minchiate", 4)])
def test_a_game_is_driven_to_its_end_and_the_end_is_reported(game: str, seats: int) -> None:
    rules = GAMES[game]
    turns = Turns(rules, rules.new_game(seats=seats, seed=3), ai=NOBODY)
    for _ in range(20_000):
        _, wanted = turns.ready()
        if isinstance(wanted, Over):
            break
        assert not wanted.ai and wanted.seat == rules.turn(turns.state)
        turns.play(wanted.seat, rules.legal_actions(turns.state, wanted.seat)[0])
    assert isinstance(wanted, Over) and wanted.outcome == rules.outcome(turns.state)
    assert next_move(rules, turns.state, NOBODY) == Over(wanted.outcome)
    assert turns.ready() == ([], wanted)  # nothing more is made once it has ended


def test_in_a_call_out_window_ai_seats_off_turn_are_asked_once_before_the_seat_on_turn() -> None:
    rules = GAMES["centocinque"]
    state = call_out_window()
    turn = seat_on_turn(rules, state)
    off_turn = [s for s in rules.to_act(state) if s != turn]
    assert off_turn
    # People off turn act when they like: only the seat on turn is waited for.
    assert next_move(rules, state, NOBODY) == Wanted(turn, ai=False)
    # AI seats off turn are asked first, each once, then the seat on turn.
    turns = Turns(rules, state, ai=EVERYONE)
    asked = []
    while (wanted := turns.ready()[1]) != Wanted(turn, ai=True):
        assert isinstance(wanted, Wanted) and wanted.optional
        asked.append(wanted.seat)  # each declines
    assert asked == off_turn
    # A new turn: the seats off turn may be asked again.
    turns.play(turn, rules.legal_actions(turns.state, turn)[0])
    assert turns.asked == set()
