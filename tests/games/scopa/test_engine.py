"""Scopa's deals, house rules and the end of the game, from explicit decks and positions."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import GameError
from bot.games.base import shuffled
from bot.games.scopa.cards import PACK
from bot.games.scopa.engine import ScopaState
from tests.games.support import deal_deck

from .positions import RULES, act, of_type, position, start

DENARI = ["Ad", "2d", "3d", "4d", "5d", "6d", "7d", "Fd", "Cd", "Rd"]


def play_round(state: ScopaState, pick: int = 0) -> tuple[ScopaState, list[dict[str, Any]]]:
    """Play the round out, each seat making its ``pick``-th legal move; the events."""
    events: list[dict[str, Any]] = []
    start_round = state.round_no
    while state.current is not None and state.round_no == start_round:
        legal = RULES.legal_actions(state, state.current)
        state, new = act(state, state.current, legal[min(pick, len(legal) - 1)])
        events += new
    return state, events


def test_the_first_deal_is_three_each_one_at_a_time_then_four_face_up() -> None:
    deck = list(PACK)
    st = RULES.new_game(seats=2, seed=5, dealer=1, deck=deck, options={"kings_redeal": False})
    # Seat 0 is after the dealer: it gets the 1st, 3rd and 5th cards.
    assert st.hands == [["Ac", "3c", "5c"], ["2c", "4c", "6c"]]
    assert st.table == ["7c", "Fc", "Cc", "Rc"]
    assert st.stock == PACK[10:]
    assert st.current == st.first == 0


@pytest.mark.parametrize(("seats", "deals"), [(2, 6), (3, 4), (4, 3)])
def test_later_deals_give_three_each_until_the_stock_is_out(seats: int, deals: int) -> None:
    st = RULES.new_game(seats=seats, seed=3)
    _, events = play_round(st)
    dealt = of_type(events, "deal")
    later = [e for e in dealt if not e["fresh"]]
    assert len(later) == deals - 1
    assert [e["stock"] for e in later][-1] == 0
    assert all(e["table"] == [] for e in later)


def test_the_dealer_is_drawn_from_the_seed_then_moves_on_each_round() -> None:
    st = RULES.new_game(seats=3, seed=11)
    assert st.dealer == RULES.new_game(seats=3, seed=11).dealer
    assert {RULES.new_game(seats=3, seed=s).dealer for s in range(30)} == {0, 1, 2}
    first = st.dealer
    st, events = play_round(st)
    assert st.dealer == (first + 1) % 3 and st.first == st.current == (first + 2) % 3
    fresh = [e for e in of_type(events, "deal") if e["fresh"]]
    assert fresh[-1]["dealer"] == st.dealer and fresh[-1]["round"] == 2


def test_three_re_on_the_table_make_the_same_dealer_deal_again_from_the_seed() -> None:
    hands = [["Ac", "2c", "3c"], ["4c", "5c", "6c"]]
    deck = deal_deck(PACK, hands, ["Rc", "Rd", "Rs", "7b"])
    st = RULES.new_game(seats=2, seed=9, dealer=1, deck=deck)
    assert st.redeals >= 1 and st.dealer == 1
    assert sum(c[0] == "R" for c in st.table) < 3
    fresh = shuffled(PACK, 9, "round", 1, st.redeals)
    assert st.table == fresh[6:10] and st.stock == fresh[10:]
    kept = RULES.new_game(seats=2, seed=9, dealer=1, deck=deck, options={"kings_redeal": False})
    assert kept.table == ["Rc", "Rd", "Rs", "7b"] and kept.redeals == 0


def test_two_re_on_the_table_are_dealt_as_they_lie() -> None:
    st = start([["Ac", "2c", "3c"], ["4c", "5c", "6c"]], ["Rc", "Rd", "7s", "7b"])
    assert st.table == ["Rc", "Rd", "7s", "7b"] and st.redeals == 0


def test_a_redeal_is_told_when_it_happens_in_a_later_round() -> None:
    # A seed whose second round's first shuffle turns three Re or more to the table.
    seed = next(
        s
        for s in range(100_000)
        if sum(c[0] == "R" for c in shuffled(PACK, s, "round", 2, 0)[6:10]) >= 3
    )
    after, events = play_round(RULES.new_game(seats=2, seed=seed))
    (redeal,) = of_type(events, "redeal")[:1]
    assert redeal["round"] == 2 and redeal["dealer"] == after.dealer
    assert redeal["table"] == shuffled(PACK, seed, "round", 2, 0)[6:10]
    assert after.redeals >= 1 and after.table != redeal["table"]


def test_scopone_deals_ten_each_and_nothing_to_the_table_nor_later() -> None:
    deck = deal_deck(PACK, [PACK[i::4][:10] for i in range(4)], [])
    st = RULES.new_game(seats=4, seed=1, dealer=3, deck=deck, options={"scopone": True})
    assert [len(h) for h in st.hands] == [10] * 4
    assert st.table == [] and st.stock == [] and st.redeals == 0
    assert st.hands[0] == PACK[0::4]  # Ac 5c Fc ...: four Re at the end of the deck are no matter
    st, events = play_round(st)
    assert [e["fresh"] for e in of_type(events, "deal")] == [True]  # only the next round's


def test_scopone_is_for_four_players_only() -> None:
    with pytest.raises(GameError, match="four players"):
        RULES.new_game(seats=2, seed=1, options={"scopone": True})


def test_partners_score_together_at_four_seats() -> None:
    st = position([["Fs"], ["Ac"], ["2c"], ["3c"]], ["Fc", "4b"], stock=[], options={"target": 31})
    st, _ = act(st, 0, "play:Fs:Fc")
    assert st.piles[0][-2:] == ["Fs", "Fc"] and len(st.piles) == 2
    st, _ = act(st, 1, "play:Ac")
    st, _ = act(st, 2, "play:2c")  # takes nothing: Ac + 2c is 3, not 2
    _, events = act(st, 3, "play:3c:Ac+2c")
    (sweep,) = of_type(events, "sweep")
    assert sweep["seat"] == 3 and sweep["cards"] == ["4b"]
    (summary,) = of_type(events, "round_over")
    assert len(summary["sides"]) == 2


def test_the_game_ends_at_the_target_with_a_sole_leader() -> None:
    st = _last_two_cards(scores=[9, 8])
    st, _ = act(st, 0, "play:2c")
    st, events = act(st, 1, "play:4c")
    assert of_type(events, "round_over")[0]["scores"] == [11, 9]
    assert of_type(events, "game_over") == [
        {"type": "game_over", "ranking": [[0], [1]], "scores": [11, 9], "rounds": 1}
    ]
    assert RULES.outcome(st) == {
        "ranking": [[0], [1]],
        "winner": 0,
        "points": [11, 9],
        "rounds": 1,
    }
    assert RULES.turn(st) is None and RULES.to_act(st) == []


def test_a_tie_at_the_top_plays_another_round() -> None:
    st = _last_two_cards(scores=[9, 10])
    st, _ = act(st, 0, "play:2c")
    st, events = act(st, 1, "play:4c")
    assert of_type(events, "round_over")[0]["scores"] == [11, 11]
    assert of_type(events, "extra_round") == [{"type": "extra_round", "scores": [11, 11]}]
    assert RULES.outcome(st) is None and st.round_no == 2 and st.current is not None


def test_a_higher_target_keeps_the_game_going() -> None:
    st = _last_two_cards(scores=[9, 8], options={"target": 16})
    st, _ = act(st, 0, "play:2c")
    st, events = act(st, 1, "play:4c")
    assert of_type(events, "game_over") == [] and st.round_no == 2


def _last_two_cards(scores: list[int], options: dict[str, Any] | None = None) -> ScopaState:
    """The round's last two cards to lay down; side 0 has every denaro (denari, settebello:
    2 points), side 1 the other cards and the last take (carte: 1 point; nobody has a
    primiera)."""
    others = [c for c in PACK if c not in DENARI and c not in ("2c", "4c")]
    take = {"seat": 1, "card": others[0], "took": [others[1]]}
    return position(
        [["2c"], ["4c"]],
        [],
        stock=[],
        piles=[DENARI, others],
        takes=[take],
        scores=scores,
        options=options,
    )


def test_napola_scores_the_run_of_denari_from_the_asso() -> None:
    others = [c for c in PACK if c not in DENARI and c not in ("2c", "4c")]
    pile = ["Ad", "2d", "3d", "4d", "6d"]
    rest = [c for c in DENARI if c not in pile]
    for napola, points in ((True, 4), (False, 0)):
        st = position(
            [["2c"], ["4c"]],
            [],
            stock=[],
            piles=[pile, others + rest],
            takes=[{"seat": 0, "card": "Ad", "took": ["2d"]}],
            options={"napola": napola, "target": 31},
        )
        st, _ = act(st, 0, "play:2c")
        _, events = act(st, 1, "play:4c")
        assert of_type(events, "round_over")[0]["sides"][0]["napola"] == points


@pytest.mark.parametrize(
    "options",
    [{"target": 12}, {"target": "11"}, {"scopone": 1}, {"kings": True}, {"napola": None}],
)
def test_bad_house_rules_are_refused_by_name(options: dict[str, object]) -> None:
    with pytest.raises(GameError, match="“" + next(iter(options)) + "”"):
        RULES.new_game(seats=2, seed=1, options=options)


def test_an_explicit_deck_must_be_the_pack() -> None:
    with pytest.raises(GameError, match="complete pack"):
        RULES.new_game(seats=2, seed=1, deck=[*PACK[:-1], "Ac"])


def test_a_damaged_save_is_refused() -> None:
    data = RULES.dump(RULES.new_game(seats=2, seed=1))
    with pytest.raises(GameError, match="damaged"):
        RULES.load({**data, "table": data["table"][1:]})
    with pytest.raises(GameError, match="damaged"):
        RULES.load({**data, "colour": 1})


def test_moves_out_of_turn_or_of_cards_not_held_are_refused() -> None:
    st = position([["7b", "Ac", "2s"], ["4c", "5c", "6c"]], ["3c", "4s", "7d"])
    with pytest.raises(GameError, match="not your turn"):
        act(st, 1, "play:4c:4s")
    with pytest.raises(GameError, match="do not hold"):
        act(st, 0, "play:4c:4s")
    with pytest.raises(GameError, match="not a card"):
        act(st, 0, "play:9x")
    with pytest.raises(GameError, match="not a move in Scopa"):
        act(st, 0, "draw")


def test_the_view_shows_only_what_the_seat_may_see() -> None:
    st = position([["7b", "Ac", "2s"], ["4c", "5c", "6c"]], ["3c", "4s", "7d"])
    view = RULES.view(st, 0)
    assert view["hand"] == ["Ac", "2s", "7b"] and view["hand_sizes"] == [3, 3]
    assert view["stock"] == len(st.stock) and "seed" not in view
    assert RULES.view(st, None)["hand"] is None
    assert not {"4c", "5c", "6c"} & set(str(view))
