"""Scopa's strength benches: the rounds and games with the seats swapped, and the engine as an
OpenSpiel game against ISMCTS (OpenSpiel is in the dev extra, for these tests)."""

from __future__ import annotations

import random

import pyspiel
import pytest

from bench import openspiel_headsup, openspiel_scopa, scopa
from bot.games.scopa.engine import Scopa

RULES = Scopa()


def test_a_quick_run_reports_rounds_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    scopa.main(["--quick", "--matchups", "easy:random"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Scopa heads-up, round by round and whole games, seats swapped")
    assert lines[1] == "  easy vs random: 6 rounds (3 pairs)"
    assert lines[2].startswith("    rounds won ")
    assert lines[3].startswith("    round points per round over random: ")
    assert lines[4].startswith("    easy CPU per decision (108): p50 ")  # 18 cards a round each
    assert lines[6] == "  easy vs random: 6 games (3 pairs)"
    assert lines[7].startswith("    games won ") and ", drawn 0, " in lines[7]  # no draws
    assert "(goal >= 75%: " in lines[7]
    assert lines[8].startswith("    points per game over random: ")


def test_games_can_be_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    scopa.main(["--pairs", "2", "--games", "0", "--matchups", "easy:random"])
    out = capsys.readouterr().out
    assert "4 rounds (2 pairs)" in out and " games " not in out


def test_the_round_s_points_and_the_game_s_scores_are_read_from_their_events() -> None:
    st = RULES.new_game(seats=2, seed=3, dealer=1)
    rng = random.Random(3)
    rounds: list[tuple[float, float]] = []
    while True:
        seat = st.current
        assert seat is not None
        st, events = RULES.apply(st, seat, rng.choice(RULES.legal_actions(st, seat)))
        if (points := scopa.ROUND.scores(events)) is not None:
            rounds.append(points)
        if (final := scopa.GAME.scores(events)) is not None:
            break
    assert final == tuple(st.scores)
    assert tuple(map(sum, zip(*rounds, strict=True))) == final  # a game's score: its rounds'


def test_every_move_the_engine_makes_is_an_openspiel_action() -> None:
    moves = openspiel_scopa.ADAPTER.actions
    assert len(moves) == len(set(moves)) == 12_144
    assert "play:Rd:Ac+2c+3c+4c" in moves and "play:Rb:Rc" in moves and "play:Ad" in moves
    assert "play:5c:5c" not in moves and "play:4c:Ac+3c+Ad" not in moves  # 1 + 3 + 1 is 5
    known = set(moves)
    rng = random.Random(2)
    for seed in range(30):
        st = RULES.new_game(seats=2, seed=seed)
        for _ in range(36):
            seat = st.current
            assert seat is not None
            legal = RULES.legal_actions(st, seat)
            assert set(legal) <= known
            st, _ = RULES.apply(st, seat, rng.choice(legal))


def test_the_adapter_passes_openspiel_s_own_random_simulation_checks() -> None:
    # Random playthroughs: legal actions, moves, clones, information states and returns,
    # checked by OpenSpiel itself against the game's declared type and bounds.
    pyspiel.random_sim_test(
        openspiel_scopa.ScopaGame(), num_sims=20, serialize=False, verbose=False
    )


def test_the_information_state_is_the_seat_s_view_and_resampling_keeps_it() -> None:
    game = openspiel_scopa.ScopaGame()
    state = game.state_of(scopa.ROUND.start(4), seed=1)
    rng = random.Random(4)
    for _ in range(9):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    key = state.information_state_string()
    assert key == state.information_state_string(player)
    hidden = sorted(state.st.hands[1 - player] + state.st.stock)
    assert not any(f'"{card}"' in key for card in hidden)  # nothing the seat cannot see
    others = set()
    for _ in range(5):
        resampled = state.resample_from_infostate(player, None)
        assert resampled.information_state_string() == key
        assert resampled.st.hands[player] == state.st.hands[player]
        assert sorted(resampled.st.hands[1 - player] + resampled.st.stock) == hidden
        others.add(tuple(resampled.st.hands[1 - player]))
    assert len(others) > 1  # the unseen cards dealt at random


def test_a_round_through_the_adapter_ends_with_the_engine_s_round_points() -> None:
    game = openspiel_scopa.ScopaGame()
    state = game.state_of(scopa.ROUND.start(6), seed=1)
    engine = scopa.ROUND.start(6)
    rng = random.Random(6)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        seat = state.current_player()
        engine, events = RULES.apply(engine, seat, openspiel_scopa.ADAPTER.actions[action])
        state.apply_action(action)
    assert state.scores is not None and state.scores == scopa.ROUND.scores(events)
    mine, theirs = state.scores
    assert state.returns() == (
        [1.0, -1.0] if mine > theirs else [-1.0, 1.0] if mine < theirs else [0.0, 0.0]
    )


def test_hard_meets_ismcts_with_the_seats_swapped() -> None:
    game = openspiel_scopa.ScopaGame()
    tally, lines = openspiel_headsup.versus(game, 1, 5, 1, openspiel_scopa.GOAL)
    assert tally.contests == 2
    assert len(tally.seconds["hard"]) == len(tally.seconds["ismcts"]) == 36
    assert lines[0] == "  hard vs ismcts: 2 rounds (1 pairs), ISMCTS with 5 simulations per move"
    assert "(goal >= 55%: " in lines[1]
    assert lines[-1].startswith("    mean CPU per move: hard ")
    assert "ISMCTS had at least hard's time: " in lines[-1]
