"""A saved match loads back exactly, and a damaged one is refused: the contract's one error
("damaged"), its cause naming what could not have arisen."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games.errors import GameError
from bot.games.tressette.engine import TressetteState
from tests.games.support import seat_on_turn

from .deals import RULES, act, fill, start

Data = dict[str, Any]


def refusal(data: Data) -> str:
    """Why ``data`` is refused: the cause of the contract's error."""
    with pytest.raises(GameError, match="damaged") as refused:
        RULES.load(data)
    return str(refused.value.__cause__)


def played(state: TressetteState, moves: int) -> TressetteState:
    """``state`` after ``moves`` cards, each the first the seat on turn may play."""
    for _ in range(moves):
        seat = seat_on_turn(RULES, state)
        plays = [a for a in RULES.legal_actions(state, seat) if a.count(":") == 1]
        state, _ = act(state, seat, next(a for a in plays if a.startswith("play")))
    return state


@pytest.mark.parametrize("seats", [2, 4])
def test_every_state_of_a_match_loads_back_exactly(seats: int) -> None:
    for seed in range(4):
        st = RULES.new_game(seats=seats, seed=seed, options={"target": 11})
        rng = random.Random(seed)
        while True:
            data = RULES.dump(st)
            assert RULES.dump(RULES.load(json.loads(json.dumps(data)))) == data
            if RULES.outcome(st) is not None:
                break
            seat = seat_on_turn(RULES, st)
            st, _ = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))


def two_after_three_tricks() -> Data:
    """Two players after three tricks: fourteen cards in the stock, three drawn by each."""
    st = played(start(fill([[], []])), 6)
    assert len(st.stock) == 14 and len(st.drawn) == 6
    return RULES.dump(st)


def test_a_stock_of_the_wrong_size_is_refused() -> None:
    data = two_after_three_tricks()
    data["hands"][0] += data["stock"][5:]  # every card still there once
    data["stock"] = data["stock"][:5]
    assert refusal(data) == "the stock holds 5 cards, not 14"


def test_a_drawn_card_shown_in_the_wrong_hand_is_refused() -> None:
    data = two_after_three_tricks()
    card, seat = next(iter(data["drawn"].items()))
    data["drawn"][card] = 1 - seat
    assert refusal(data) == f"the drawn {card}: not in the hand of seat {1 - seat}"


def test_a_card_shown_drawn_before_any_draw_is_refused() -> None:
    data = RULES.dump(start(fill([[], []])))
    data["drawn"] = {data["hands"][0][0]: 0}
    assert refusal(data) == "more cards shown drawn than were drawn"


def test_a_hand_of_the_wrong_size_is_refused() -> None:
    data = two_after_three_tricks()
    data["hands"][1].append(data["hands"][0].pop())
    assert refusal(data) == "seat 0 holds 9 cards, not 10"


def test_a_trick_given_to_the_wrong_seat_is_refused() -> None:
    data = two_after_three_tricks()
    data["winners"][1] = 1 - data["winners"][1]
    assert refusal(data) == "trick 2: its leader or winner"


def test_a_pile_that_is_not_its_tricks_is_refused() -> None:
    data = two_after_three_tricks()
    data["piles"] = data["piles"][::-1]
    assert refusal(data) == "side 0's pile"


def test_the_wrong_seat_on_turn_is_refused() -> None:
    data = two_after_three_tricks()
    data["current"] = 1 - data["current"]
    assert refusal(data) == "the leader or the seat on turn"


def test_a_finished_match_with_a_card_on_the_table_is_refused() -> None:
    data = RULES.dump(start(fill([[], [], [], []])))
    data["current"] = None
    assert refusal(data) == "the trick on the table"


def led(signal: str) -> Data:
    """Four players after a first trick that seat 0 led holding Ac 5c Rb and no other
    bastoni: the Rb with a volo (true), or the Ac with a striscio (true)."""
    st = start(fill([["Ac", "5c", "Rb"], [], [], []], void={0: "b"}))
    st, _ = act(st, 0, "play:Rb:volo" if signal == "volo" else "play:Ac:striscio")
    return RULES.dump(played(st, 3))


@pytest.mark.parametrize(("said", "false"), [("volo", "striscio"), ("striscio", "volo")])
def test_a_false_signal_is_refused(said: str, false: str) -> None:
    data = led(said)
    assert data["signals"] == [said]
    RULES.load(data)
    data["signals"] = [false]
    assert refusal(data) == f"trick 1: a {false} that was not true"


def test_a_signal_at_two_players_is_refused() -> None:
    data = two_after_three_tricks()
    data["signals"][0] = "busso"
    assert refusal(data) == "signals"


def four_at_the_start() -> Data:
    """Four players before the first card: seat 0 holds the napoletana of Coppe and the four
    3s, seat 2 three Assi."""
    hands = fill([["Ac", "2c", "3c", "3d", "3s", "3b"], [], ["Ad", "As", "Ab"], []])
    return RULES.dump(start(hands))


@pytest.mark.parametrize(
    ("declared", "why"),
    [
        ([["napoletana:s"], [], [], []], "seat 0's napoletana:s: not held"),
        ([["buongioco:3:b"], [], [], []], "seat 0's buongioco:3:b: not held"),
        ([["napoletana:c", "napoletana:c"], [], [], []], "seat 0's accusi"),
        ([[], [], ["buongioco:A:c"], []], "seat 2's accusi"),  # not yet on turn
    ],
)
def test_an_accuso_that_could_not_be_declared_is_refused(
    declared: list[list[str]], why: str
) -> None:
    data = four_at_the_start()
    RULES.load({**data, "declared": [["napoletana:c", "buongioco:3"], [], [], []]})
    assert refusal({**data, "declared": declared}) == why


def test_an_accuso_with_the_accusi_off_is_refused() -> None:
    data = four_at_the_start()
    data["options"]["accusi"] = False
    assert refusal({**data, "declared": [["napoletana:c"], [], [], []]}) == "seat 0's accusi"


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        ({"results": [[11, 0]], "totals": [12, 0]}, "the totals"),
        ({"results": [[5, 5]], "totals": [5, 5]}, "deal 1's points"),
        ({"deal_no": 1, "results": [[11, 0]], "totals": [11, 0]}, "the deals' results"),
        ({"results": [[21, 0]], "totals": [21, 0]}, "the match ended after deal 1"),
    ],
)
def test_scores_the_deals_could_not_have_made_are_refused(damage: Data, why: str) -> None:
    data = {**four_at_the_start(), "deal_no": 2}
    RULES.load({**data, "results": [[11, 3]], "totals": [11, 3]})  # a second deal: fine
    assert refusal({**data, **damage}) == why


def test_a_match_over_that_its_last_deal_did_not_end_is_refused() -> None:
    st = RULES.new_game(seats=4, seed=3, options={"target": 11})
    rng = random.Random(3)
    while RULES.outcome(st) is None:
        seat = seat_on_turn(RULES, st)
        st, _ = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))
    data = RULES.dump(st)
    *before, last = data["results"]
    level = [sum(p[s] for p in before) for s in (0, 1)]
    last = [max(level) - level[0] + 6, max(level) - level[1] + 6]  # level totals, 12 more
    totals = [sum(p) for p in zip(*before, last, strict=True)]
    damaged = {**data, "results": [*before, last], "totals": totals}
    assert refusal(damaged) == f"the match went on after deal {len(data['results'])}"


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        ({"signals": ["shout"]}, "signals"),
        ({"declared": [["tris"], [], [], []]}, "declared"),
        ({"seats": 3}, "seats"),
        ({"hands": [["Ac"]] * 3}, "shapes"),
        ({"hands": [["Ac"]] * 4}, "cards"),
    ],
)
def test_a_misshapen_save_is_refused(damage: Data, why: str) -> None:
    assert refusal({**led("volo"), **damage}) == why


def test_a_card_played_off_suit_by_a_seat_that_held_the_suit_is_refused() -> None:
    st = start(fill([["3c"], ["4c", "5c", "Ad"], ["6c"], ["7c"]], void={2: "c", 3: "c"}))
    st = played(st, 4)
    data = RULES.dump(st)
    assert data["tricks"] == [["3c", "5c", "6c", "7c"]]
    data["hands"][1] = ["5c" if c == "Ad" else c for c in data["hands"][1]]
    data["tricks"][0][1] = data["piles"][0][1] = "Ad"  # seat 1 kept its 4c and 5c
    assert refusal(data) == "trick 1: seat 1 did not follow suit"
