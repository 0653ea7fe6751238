"""Tressette's strength bench at two and four seats, and its OpenSpiel adapter (OpenSpiel is in
the dev extra, for these tests); the harness itself is tested in test_headsup.py."""

from __future__ import annotations

import random

import pyspiel
import pytest

from bench import openspiel_headsup, openspiel_tressette, tressette
from bench.headsup import play
from bot.games.tressette.ai import HardPlayer
from tests.games.tressette.deals import RULES, fill, start


def test_a_quick_run_reports_deals_at_both_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    tressette.main(["--quick", "--matchups", "easy:random"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Tressette, deal by deal, seats swapped (95% intervals):"
    assert lines[1] == " 2 seats:"
    assert lines[2] == "  easy vs random: 6 deals (3 pairs)"
    assert lines[3].startswith("    deals won ") and "(goal >= 70%: " in lines[3]
    assert lines[4].startswith("    points per deal over random: ")
    assert lines[7] == " 4 seats:"
    assert lines[8] == "  easy vs random: 6 deals (3 pairs)"


def test_silent_is_hard_without_signals() -> None:
    silent = tressette.player("silent")
    assert isinstance(silent, HardPlayer) and not silent.signals
    assert tressette.deal(4).goals[("hard", "silent")].share == 0.55
    assert tressette.deal(2).goals[("hard", "random")].share == 0.90


def test_at_four_seats_a_level_plays_every_seat_of_its_side() -> None:
    """Each side's CPU list gets the decisions of its two seats: 40 plays of a deal, 20 each,
    and a few accusi; the deal's points are the sides' (10 or 11 points, and the accusi)."""

    class Counting:
        def __init__(self) -> None:
            self.seats: set[int] = set()

        def choose(self, view: dict[str, object], legal: list[str], rng: random.Random) -> str:
            assert isinstance(view["seat"], int)
            self.seats.add(view["seat"])
            return legal[0]

    sides = (Counting(), Counting())
    seconds: tuple[list[float], list[float]] = ([], [])
    scores = play(tressette.deal(4), sides, 7, seconds)
    assert sides[0].seats == {0, 2} and sides[1].seats == {1, 3}
    assert len(seconds[0]) >= 20 and len(seconds[1]) >= 20
    assert sum(scores) >= 10


@pytest.mark.parametrize(("level", "told"), [("sees-partner", {2}), ("sees-all", {1, 2, 3})])
def test_a_ceiling_is_told_the_hands_it_sees_and_plays_on_them(level: str, told: set[int]) -> None:
    """The ceilings are ``hard`` told where cards are: seat 0's view, as the harness hands it
    over, places every card of the hands it sees (and no other hidden card), and the search
    deals only the rest (a hand told whole is dealt as it is)."""
    ceiling = tressette.player(level)
    assert isinstance(ceiling, tressette.Seeing) and ceiling.signals
    assert ceiling.sees == level.removeprefix("sees-")
    state = tressette.deal(4).start(5)
    view = ceiling.told(RULES.view(state, 0), state)
    assert {seat for seat in view["known"].values()} == told
    for seat in told:
        assert sorted(c for c, at in view["known"].items() if at == seat) == sorted(
            state.hands[seat]
        )
    assert RULES.view(state, 0)["known"] == {}  # the view itself is unchanged

    views: list[dict[str, object]] = []

    class Watching(tressette.Seeing):
        def choose(self, view: dict[str, object], legal: list[str], rng: random.Random) -> str:
            views.append(view)
            return legal[0]

    play(tressette.deal(4), (Watching(ceiling.sees), HardPlayer(8)), 5, ([], []))
    for seen in views:  # seat 0 and 2's every decision: the partner's whole hand
        me, sizes, known = seen["seat"], seen["hand_sizes"], seen["known"]
        assert isinstance(me, int) and isinstance(sizes, list) and isinstance(known, dict)
        partner = (me + 2) % 4
        assert sum(at == partner for at in known.values()) == sizes[partner]


def test_the_shape_ceiling_is_told_its_partner_s_lengths_and_honours_and_deals_to_them() -> None:
    """``sees-shape`` is told where its partner's 3s, 2s and Assi are and how many cards of each
    suit it holds, nothing else; every sample its search draws deals the partner exactly that
    shape and those cards, and keeps the seat's own hand."""
    ceiling = tressette.player("sees-shape")
    assert isinstance(ceiling, tressette.Seeing)
    state = tressette.deal(4).start(5)
    hand = state.hands[2]
    view = ceiling.told(RULES.view(state, 0), state)
    honours = sorted(c for c in hand if c[:-1] in ("3", "2", "A"))
    assert honours and sorted(view["known"]) == honours
    assert set(view["known"].values()) == {2}
    shape = {suit: sum(c[-1] == suit for c in hand) for suit in "cdsb"}
    assert view["shape"] == shape
    sampler = ceiling.sampler(view, True)
    rng = random.Random(3)
    dealt = [sampler.draw(rng) for _ in range(30)]
    for st in dealt:
        assert {suit: sum(c[-1] == suit for c in st.hands[2]) for suit in "cdsb"} == shape
        assert set(honours) <= set(st.hands[2])
        assert sorted(st.hands[0]) == sorted(state.hands[0])
        assert sorted(c for h in st.hands for c in h) == sorted(c for h in state.hands for c in h)
    assert len({tuple(sorted(st.hands[2])) for st in dealt}) > 1  # the rest is still a guess
    untold = ceiling.sampler(RULES.view(state, 0), True).draw(rng)  # no shape: dealt as ever
    assert sorted(untold.hands[0]) == sorted(state.hands[0])


@pytest.mark.parametrize("seats", [2, 4])
def test_the_adapter_is_the_engine_as_an_openspiel_game(seats: int) -> None:
    game = openspiel_tressette.GAMES[seats]()
    state = game.state_of(tressette.deal(seats).start(3), seed=3)
    assert game.num_players() == seats
    player = state.current_player()
    moves = {game.adapter.actions[a] for a in state.legal_actions()}
    assert moves == set(RULES.legal_actions(state.st, player))
    rng = random.Random(1)
    while not state.is_terminal():
        seat = state.current_player()
        again = state.resample_from_infostate(seat, None)
        assert again.information_state_string() == state.information_state_string()
        assert sorted(again.st.hands[seat]) == sorted(state.st.hands[seat])
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.scores is not None and sum(state.scores) >= 10
    returns = state.returns()
    assert sum(returns) == 0 and returns[:2] * (seats // 2) == returns  # partners alike


def test_a_resampled_volo_leaves_the_leader_without_the_suit() -> None:
    game = openspiel_tressette.GAMES[4]()
    st = start(fill([["Rb"], [], [], []], void={0: "b"}))
    state = game.state_of(st, seed=1)
    state.apply_action(game.adapter.actions.index("play:Rb:volo"))
    for _ in range(20):
        again = state.resample_from_infostate(1, None)
        assert not any(c[-1] == "b" for c in again.st.hands[0])


def test_every_accuso_is_an_action() -> None:
    actions = openspiel_tressette.GAMES[4].adapter.actions
    accusi = [a for a in actions if a.startswith("accuse:")]
    assert len(accusi) == len(set(accusi)) == 4 + 3 + 12
    assert "accuse:buongioco:A:s" in accusi and "accuse:napoletana:d" in accusi
    assert {"play:Ac", "play:Ac:busso", "play:Ac:striscio", "play:Ac:volo"} <= set(actions)
    assert "play:Ac:busso" not in openspiel_tressette.GAMES[2].adapter.actions


@pytest.mark.parametrize("seats", [2, 4])
def test_the_adapter_passes_openspiel_s_own_random_simulation_checks(seats: int) -> None:
    game = openspiel_tressette.GAMES[seats]()
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


@pytest.mark.parametrize("seats", [2, 4])
def test_ismcts_plays_legal_moves_through_the_adapter(seats: int) -> None:
    game = openspiel_tressette.GAMES[seats]()
    tally, lines = openspiel_headsup.versus(game, 1, 5, 2, openspiel_tressette.GOAL)
    assert tally.contests == 2
    assert len(tally.seconds["ismcts"]) >= 40 and len(tally.seconds["hard"]) >= 40
    assert lines[0] == "  hard vs ismcts: 2 deals (1 pairs), ISMCTS with 5 simulations per move"
