"""Briscola's strength bench and its OpenSpiel adapter; OpenSpiel comes with the bench extra."""

from __future__ import annotations

import random

import pytest

from bench import briscola
from bot.games import make_player
from bot.games.briscola.cards import PACK


def test_a_pair_counts_both_deals_from_the_first_level_s_side() -> None:
    tally = briscola.Tally("hard", "easy")
    tally.add_pair((70, 60))
    tally.add_pair((50, 90))
    assert (tally.won, tally.drawn, tally.lost) == (2, 1, 1)
    assert tally.margins == [20, 40]  # (70-50) + (60-60); (50-70) + (90-30)
    lines = tally.lines()
    assert "deals won 2, drawn 1, lost 1: 50.0%" in lines[1] and "NOT met" in lines[1]
    assert "card points per deal over easy: +15.0" in lines[2] and "met" in lines[2]


def test_a_matchup_plays_each_deal_twice_with_the_seats_swapped() -> None:
    easy = make_player("briscola", "easy")
    tally = briscola.matchup(easy, easy, ("easy", "easy"), pairs=3, seed=5)
    # The same deterministic player on both sides of the same deal: the seats decide alone,
    # and swapping them gives each side the other's points.
    assert tally.won + tally.drawn + tally.lost == 6
    assert tally.margins == [0, 0, 0]
    assert len(tally.seconds["easy"]) == 6 * 40


def test_the_adapter_is_the_engine_as_an_openspiel_game() -> None:
    adapter = pytest.importorskip("bench.openspiel_briscola")
    game = adapter.BriscolaGame()
    state = adapter.BriscolaDealState(game, briscola.RULES.new_game(seats=2, seed=3))
    player = state.current_player()
    legal = state.legal_actions()
    assert [PACK[a] for a in legal] == sorted(state.st.hands[player], key=PACK.index)
    key = state.information_state_string()
    resampled = state.resample_from_infostate(player, None)
    assert resampled.information_state_string() == key  # the same information state
    assert sorted(resampled.st.hands[player]) == sorted(state.st.hands[player])
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.points is not None and sum(state.points) == 120
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_ismcts_plays_legal_cards_through_the_adapter() -> None:
    adapter = pytest.importorskip("bench.openspiel_briscola")
    other = adapter.IsmctsPlayer(simulations=5, seed=1)
    tally = briscola.Tally("hard", "ismcts", clock="wall time")
    tally.seconds = {"hard": [], "ismcts": []}
    points = adapter.play_deal(make_player("briscola", "easy"), other, 0, 2, tally)
    assert 0 <= points <= 120 and len(tally.seconds["ismcts"]) == 20
