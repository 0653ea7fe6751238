"""RULES.md §4.5, every acceptance example, and the fine points of §4.6, as exact positions."""

from __future__ import annotations

import pytest

from bot.games import GameError
from bot.games.scopa.scoring import primiera, score_round

from .positions import RULES, act, card_tokens, of_type, position


def test_presa_diretta_beats_a_set_example_1() -> None:
    st = position([["7b", "Ac", "2s"], ["4c", "5c", "6c"]], ["3c", "4s", "7d"])
    assert card_tokens(st, "7b") == ["play:7b:7d"]
    with pytest.raises(GameError, match="presa diretta"):
        act(st, 0, "play:7b:3c+4s")
    with pytest.raises(GameError, match="taking is compulsory"):
        act(st, 0, "play:7b")


def test_every_set_adding_up_is_its_own_token_and_laying_down_is_not_legal_example_2() -> None:
    st = position([["7b", "Ac", "Rs"], ["4c", "5c", "6c"]], ["3c", "4s", "2d", "5b"])
    assert card_tokens(st, "7b") == ["play:7b:3c+4s", "play:7b:2d+5b"]
    with pytest.raises(GameError, match="taking is compulsory"):
        act(st, 0, "play:7b")
    with pytest.raises(GameError, match="adding up"):
        act(st, 0, "play:7b:3c+2d")
    with pytest.raises(GameError, match="adding up"):
        act(st, 0, "play:7b:4s+3c")  # the right cards, not in the order of the pack
    after, events = act(st, 0, "play:7b:2d+5b")
    assert sorted(after.table) == ["3c", "4s"] and after.piles[0] == ["7b", "2d", "5b"]
    assert events == [
        {
            "type": "play",
            "seat": 0,
            "card": "7b",
            "took": ["2d", "5b"],
            "scopa": False,
            "left": 2,
            "last": False,
        }
    ]


def test_clearing_the_table_is_a_scopa_example_3() -> None:
    st = position([["Fs", "Ac", "2s"], ["4c", "5c", "6c"]], ["Fc"])
    after, (event,) = act(st, 0, "play:Fs:Fc")
    assert event["scopa"] and event["left"] == 0
    assert after.scope == [1, 0] and after.table == []
    view = RULES.view(after, 1)
    assert view["scope"] == [1, 0]
    assert view["last_take"] == {"seat": 0, "card": "Fs", "took": ["Fc"]}


@pytest.mark.parametrize(("option", "counted"), [(False, 0), (True, 1)])
def test_a_sweep_with_the_round_s_last_card_is_a_scopa_only_with_the_house_rule(
    option: bool, counted: int
) -> None:
    st = position([[], ["Fs"]], ["Fc"], stock=[], current=1, options={"last_card_scopa": option})
    _, events = act(st, 1, "play:Fs:Fc")
    play = of_type(events, "play")[0]
    assert play["last"] and play["left"] == 0 and play["scopa"] is bool(counted)
    assert of_type(events, "round_over")[0]["sides"][1]["scope"] == counted
    assert of_type(events, "sweep") == []  # nothing left for the last taker


def test_on_an_empty_table_a_card_is_only_laid_down_example_4() -> None:
    st = position([["7d", "Ac", "Rs"], ["4c", "5c", "6c"]], [])
    assert RULES.legal_actions(st, 0) == ["play:Ac", "play:7d", "play:Rs"]
    after, (event,) = act(st, 0, "play:7d")
    assert after.table == ["7d"] and event["took"] == [] and not event["scopa"]
    with pytest.raises(GameError, match="takes nothing here"):
        act(st, 0, "play:Ac:7d")


def test_primiera_sums_the_best_card_of_each_suit_and_a_missing_suit_has_none_example_5() -> None:
    side_a = ["7d", "6c", "As", "5b", "2d", "Fc", "3b"]
    side_b = ["7c", "7s", "7b", "Rc", "Rs"]
    assert primiera(side_a) == 21 + 18 + 16 + 15 == 70
    assert primiera(side_b) is None
    a, b = score_round([side_a, side_b], [0, 0], with_napola=False, seats=2)
    assert (a["primiera_sum"], a["primiera"], b["primiera_sum"], b["primiera"]) == (70, 1, None, 0)


def test_the_last_taker_takes_what_is_left_and_it_is_no_scopa_example_6() -> None:
    st = position(
        [["2b"], ["5b"]],
        ["2s", "3c", "Cd", "5s"],
        stock=[],
        options={"target": 31},
    )
    st, _ = act(st, 0, "play:2b:2s")
    _, events = act(st, 1, "play:5b:5s")
    assert of_type(events, "sweep") == [{"type": "sweep", "seat": 1, "cards": ["3c", "Cd"]}]
    (summary,) = of_type(events, "round_over")
    assert summary["sides"][1]["cards"] == 4 and summary["sides"][1]["scope"] == 0
    assert (3 + 9) % 2 == 0  # what was left adds up to an even number


def test_what_nobody_took_belongs_to_nobody() -> None:
    st = position([["2b"], ["5b"]], ["Fs", "Cc"], stock=[], piles=[[], []])
    # The other cards are put in side 0's pile, but nobody has made a take this round.
    st, _ = act(st, 0, "play:2b")
    _, events = act(st, 1, "play:5b")
    (sweep,) = of_type(events, "sweep")
    assert sweep["seat"] is None and sweep["cards"] == ["Cc", "Fs", "2b", "5b"]
    assert of_type(events, "round_over")[0]["sides"][1]["cards"] == 0


def test_a_round_s_points_stay_in_their_bounds_example_7() -> None:
    side_a = ["7d", "Ad", "2d", "3d", "4d"]
    side_b = ["7c", "6c", "Ac", "7s", "7b", "Rb"]
    a, b = score_round([side_a, side_b], [2, 1], with_napola=True, seats=2)
    assert (a["carte"], a["denari"], a["settebello"], a["primiera"]) == (0, 1, 1, 0)
    assert (b["carte"], b["denari"], b["settebello"], b["primiera"]) == (1, 0, 0, 0)
    assert a["napola"] == 4 and b["napola"] == 0
    assert (a["total"], b["total"]) == (2 + 2 + 4, 1 + 1)


def test_an_equal_card_may_not_take_a_set_even_a_larger_one() -> None:
    st = position([["5b", "Ac", "Rs"], ["4c", "6c", "7c"]], ["5s", "2c", "3s"])
    assert card_tokens(st, "5b") == ["play:5b:5s"]
    with pytest.raises(GameError, match="presa diretta"):
        act(st, 0, "play:5b:2c+3s")


def test_equal_value_table_cards_are_each_their_own_token() -> None:
    st = position([["7b", "Ac", "Rs"], ["4c", "6c", "5c"]], ["7c", "7d", "3s"])
    assert card_tokens(st, "7b") == ["play:7b:7c", "play:7b:7d"]
    after, _ = act(st, 0, "play:7b:7c")
    assert sorted(after.table) == ["3s", "7d"]


def test_a_set_may_hold_many_small_cards() -> None:
    st = position([["Rb", "3c"], ["4c", "6c"]], ["Ac", "Ad", "As", "Ab", "2c", "2d", "2s"])
    assert "play:Rb:Ac+2c+2d+Ad+2s+As+Ab" not in card_tokens(st, "Rb")  # not in the pack's order
    assert "play:Rb:Ac+2c+Ad+2d+As+2s+Ab" in card_tokens(st, "Rb")
    assert all(len(t) <= 40 for t in RULES.legal_actions(st, 0))
