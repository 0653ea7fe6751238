"""Briscola's strength bench and its OpenSpiel adapter (OpenSpiel is in the dev extra, for
these tests); the harness itself is tested in test_headsup.py."""

from __future__ import annotations

import random

import pyspiel
import pytest

from bench import briscola, openspiel_briscola, openspiel_headsup


def test_a_quick_run_reports_deals_in_the_same_shape(capsys: pytest.CaptureFixture[str]) -> None:
    briscola.main(["--quick", "--matchups", "easy:random"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Briscola heads-up, deal by deal, seats swapped (95% intervals):"
    assert lines[1] == "  easy vs random: 6 deals (3 pairs)"
    assert lines[2].startswith("    deals won ") and "(goal >= 70%: " in lines[2]
    assert lines[3].startswith("    card points per deal over random: ")
    assert lines[4].startswith("    easy CPU per decision (120): p50 ")


def test_the_adapter_is_the_engine_as_an_openspiel_game() -> None:
    game = openspiel_briscola.BriscolaGame()
    state = game.state_of(briscola.DEAL.start(3), seed=3)
    player = state.current_player()
    legal = state.legal_actions()
    moves = {openspiel_briscola.ADAPTER.actions[a] for a in legal}
    assert moves == {f"play:{c}" for c in state.st.hands[player]} and legal == sorted(legal)
    key = state.information_state_string()
    resampled = state.resample_from_infostate(player, None)
    assert resampled.information_state_string() == key  # the same information state
    assert sorted(resampled.st.hands[player]) == sorted(state.st.hands[player])
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.scores is not None and sum(state.scores) == 120
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_adapter_passes_openspiel_s_own_random_simulation_checks() -> None:
    game = openspiel_briscola.BriscolaGame()
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


def test_ismcts_plays_legal_cards_through_the_adapter() -> None:
    game = openspiel_briscola.BriscolaGame()
    tally, lines = openspiel_headsup.versus(game, 1, 5, 2, openspiel_briscola.GOAL)
    assert tally.contests == 2
    assert len(tally.seconds["ismcts"]) == len(tally.seconds["hard"]) == 40
    assert lines[0] == "  hard vs ismcts: 2 deals (1 pairs), ISMCTS with 5 simulations per move"
