"""The heads-up strength harness: pairs with the seats swapped, the tally, the goals' verdicts."""

from __future__ import annotations

import pytest

from bench import briscola, headsup, scopa
from bot.games import make_player


def test_a_pair_s_contests_are_counted_from_the_first_level_s_side() -> None:
    tally = headsup.Tally(scopa.ROUND, "hard", "easy", goal=headsup.Goal(share=0.6, points=0.6))
    tally.add_pair(((3, 1), (2, 2)))
    tally.add_pair(((0, 4), (5, 0)))
    assert (tally.won, tally.drawn, tally.lost) == (2, 1, 1)
    assert tally.margins == [2, 1]  # (3 - 1) + (2 - 2); (0 - 4) + (5 - 0)
    share, low, high = tally.share()
    assert share == 2.5 / 4  # a drawn round counts half
    assert low < share < high
    mean, low, high = tally.points()
    assert mean == 0.75  # the pairs' means: 1.0 and 0.5
    # 1.96 x their standard deviation (0.3536) / sqrt(2): 0.49 either side.
    assert low == pytest.approx(0.26, abs=0.005) and high == pytest.approx(1.24, abs=0.005)
    tally.seconds = {"hard": [0.010, 0.030], "easy": [0.001]}
    lines = tally.lines()
    assert lines[0] == "  hard vs easy: 4 rounds (2 pairs)"
    assert lines[1].startswith("    rounds won 2, drawn 1, lost 1: 62.5% [")
    assert lines[1].endswith(
        "(draws half) (goal >= 60%: met by the estimate only, not by its interval)"
    )
    assert lines[2] == (
        "    round points per round over easy: +0.75 [+0.26, +1.24] "
        "(goal >= +0.6: met by the estimate only, not by its interval)"
    )
    assert lines[3] == "    hard CPU per decision (2): p50 20.0 ms, p95 29.0 ms, max 30.0 ms"
    assert tally.mean_ms("hard") == pytest.approx(20.0)


def test_a_briscola_patta_is_a_draw_that_counts_nothing() -> None:
    tally = headsup.Tally(briscola.DEAL, "hard", "easy")
    tally.add_pair(((70, 50), (60, 60)))
    tally.add_pair(((50, 70), (90, 30)))
    assert (tally.won, tally.drawn, tally.lost) == (2, 1, 1)
    assert tally.margins == [20, 40]
    assert tally.share()[0] == 0.5
    assert "deals won 2, drawn 1, lost 1: 50.0% [" in tally.lines()[1]
    assert "card points per deal over easy: +15.0 [" in tally.lines()[2]


@pytest.mark.parametrize(
    ("estimate", "low", "high", "said"),
    [
        (0.70, 0.62, 0.78, "met"),
        (0.62, 0.55, 0.69, "met by the estimate only, not by its interval"),
        (0.58, 0.50, 0.66, "NOT met (its interval reaches the goal)"),
        (0.50, 0.42, 0.58, "NOT met"),
    ],
)
def test_a_goal_is_met_only_as_far_as_its_interval_shows(
    estimate: float, low: float, high: float, said: str
) -> None:
    assert headsup.verdict(0.6, estimate, low, high) == said


def test_one_pair_has_no_interval_and_says_so() -> None:
    tally = headsup.Tally(scopa.ROUND, "hard", "easy", goal=headsup.Goal(points=0.6))
    tally.add_pair(((4, 0), (3, 1)))
    assert tally.points() == (3.0, float("-inf"), float("inf"))
    assert "+3.00 [-inf, +inf] (goal >= +0.6: met by the estimate only" in tally.lines()[2]


@pytest.mark.parametrize("contest", [briscola.DEAL, scopa.ROUND, scopa.GAME])
def test_each_contest_is_played_twice_with_the_seats_swapped(contest: headsup.Contest) -> None:
    easy = make_player(contest.game, "easy")
    tally = headsup.matchup(contest, easy, easy, ("easy", "easy"), pairs=2, seed=5)
    # The same deterministic player on both sides of the same deal: the seats decide alone,
    # and swapping them gives each side the other's points.
    assert tally.contests == 4
    assert tally.margins == [0, 0]
    assert tally.won == tally.lost
    assert len(tally.seconds) == 1 and tally.seconds["easy"]
