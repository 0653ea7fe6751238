"""RULES.md §5.2-§5.6 beyond the examples: the deal, the draws, the house rules, the
three-player pack, partners, what each seat sees, and saving."""

from __future__ import annotations

import json

import pytest

from bot.games import GameError
from bot.games.briscola.cards import PACK, POINTS, THREE_PLAYER_PACK
from tests.games.support import seat_on_turn

from .deals import RULES, act, last_trick, start

SWAP = {"swap_seven": True}


def test_three_cards_each_are_dealt_one_at_a_time_from_the_seat_after_the_dealer() -> None:
    pack = THREE_PLAYER_PACK
    st = RULES.new_game(seats=3, seed=5, dealer=1, deck=list(pack))
    assert st.hands == [pack[1:9:3], pack[2:9:3], pack[0:9:3]]  # seat 2 first, then 0, then 1
    assert st.face_up == st.briscola == pack[9] and st.stock == pack[10:]
    assert st.current == st.leader == 2


def test_the_three_player_pack_has_no_two_of_coppe() -> None:
    assert len(THREE_PLAYER_PACK) == 39 and "2c" not in THREE_PLAYER_PACK
    with pytest.raises(GameError, match="not a complete pack"):
        RULES.new_game(seats=3, seed=1, deck=list(PACK))
    st = RULES.new_game(seats=3, seed=1)
    assert len(st.stock) == 29 and "2c" not in st.stock + [c for h in st.hands for c in h]


def test_the_dealer_is_drawn_from_the_seed_and_passes_to_the_next_seat_each_deal() -> None:
    dealers = {RULES.new_game(seats=4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    rest = [c for c in PACK if c not in ("Ac", "2c")]
    st = last_trick([["Ac"], ["2c"]], [rest, []], "4d")
    dealer = st.dealer
    st, events = act(st, 0, "play:Ac")
    st, events = act(st, 1, "play:2c")
    assert [e["type"] for e in events][-2:] == ["deal_over", "deal"]
    assert st.dealer == (dealer + 1) % 2 and st.current == (st.dealer + 1) % 2


def test_there_is_no_duty_to_follow_suit_or_to_trump() -> None:
    st = start([["3c", "5s", "6b"], ["Ac", "2d", "Rs"]], "4d")
    st, _ = act(st, 0, "play:3c")
    assert sorted(RULES.legal_actions(st, 1)) == ["play:2d", "play:Ac", "play:Rs"]


def test_the_winner_draws_first_then_the_others_in_order_of_play() -> None:
    hands = [["3c", "5s", "6b"], ["Ac", "7b", "Fb"], ["4c", "5c", "6c"]]
    st = start(hands, "4d", ["Rd", "Cd", "Fd"])
    st, _ = act(st, 0, "play:3c")
    st, _ = act(st, 1, "play:Ac")
    st, events = act(st, 2, "play:4c")
    draw = next(e for e in events if e["type"] == "draw")
    assert draw["order"] == [1, 2, 0] and draw["left"] == 39 - 9 - 3
    assert "Rd" in st.hands[1] and "Cd" in st.hands[2] and "Fd" in st.hands[0]
    assert st.current == st.leader == 1


def test_when_the_stock_is_out_the_hands_are_played_out() -> None:
    st = RULES.new_game(seats=2, seed=3)
    rest = [c for c in PACK if c not in ("Ac", "2c", "3c", "4c", "5c", "6c")]
    st = last_trick([["Ac", "2c", "3c"], ["4c", "5c", "6c"]], [rest, []], "4d")
    st, events = act(st, 0, "play:Ac")
    st, events = act(st, 1, "play:4c")
    assert [e["type"] for e in events] == ["play", "trick"]  # nothing to draw
    assert [len(h) for h in st.hands] == [2, 2]


def test_the_face_up_briscola_is_public_until_drawn_and_then_known_in_that_hand() -> None:
    """§5.6: everyone sees the briscola and who draws it; it is known to be in that hand until
    it is played."""
    st = start([["3c", "5s", "6b"], ["Ac", "7b", "Fb"]], "4d")
    view = RULES.view(st, None)
    assert view["face_up"] == view["briscola"] == "4d" and view["trumps"] == "d"
    assert view["stock"] == 34
    seat = 0
    while st.face_up is not None:
        card = RULES.legal_actions(st, seat)[0]
        st, events = act(st, seat, card)
        seat = seat_on_turn(RULES, st)
    drawer = next(e for e in events if e["type"] == "last_card")["seat"]
    assert st.drawn_by == drawer and "4d" in st.hands[drawer]
    for viewer in (None, 0, 1):
        view = RULES.view(st, viewer)
        assert view["face_up"] is None and view["stock"] == 0
        assert view["drawn_by"] == drawer and view["known"] == {"4d": drawer}
    while "4d" in st.hands[drawer]:
        seat = seat_on_turn(RULES, st)
        st, _ = act(st, seat, RULES.legal_actions(st, seat)[-1])
    assert RULES.view(st, None)["known"] == {}


def test_partners_see_nothing_of_each_other_s_hand() -> None:
    """§5.6: partners may not show each other their cards."""
    st = RULES.new_game(seats=4, seed=9)
    for seat in range(4):
        view = RULES.view(st, seat)
        text = json.dumps(view)
        for other in range(4):
            if other != seat:
                assert not any(f'"{c}"' in text for c in st.hands[other])
        assert "stock" in view and isinstance(view["stock"], int)
        assert st.stock[0] not in text
    assert RULES.view(st, 0)["sides"] == [[0, 2], [1, 3]]


def test_partners_count_their_tricks_together_and_win_together() -> None:
    hands = [["2c"], ["3c"], ["Ac"], ["4c"]]
    rest = [c for c in PACK if c not in ("2c", "3c", "Ac", "4c")]
    st = last_trick(hands, [rest[:20], rest[20:]], "4d")
    st = RULES.load({**RULES.dump(st), "options": {"swap_seven": False, "deals_to_win": 1}})
    for seat, card in enumerate(["2c", "3c", "Ac", "4c"]):
        st, events = act(st, seat, f"play:{card}")
    trick = next(e for e in events if e["type"] == "trick")
    assert trick["winner"] == 2 and trick["strozzo"]  # the Asso catches the opponents' 3
    over = next(e for e in events if e["type"] == "deal_over")
    assert over["points"][0] == sum(POINTS[c] for c in rest[:20]) + 11 + 10
    outcome = RULES.outcome(st)
    assert outcome is not None and outcome["sides"] == [[0, 2], [1, 3]]
    winner = over["winner"]
    assert winner is not None
    assert outcome["ranking"] == [[winner, winner + 2], [1 - winner, 3 - winner]]


def test_three_players_most_points_wins_and_level_at_the_top_draws() -> None:
    from bot.games.briscola.engine import deal_winner

    assert deal_winner([61, 40, 19]) == 0
    assert deal_winner([30, 50, 40]) == 1  # no one above 60: the most points win
    assert deal_winner([50, 50, 20]) is None  # level at the top: a draw
    assert deal_winner([60, 60]) is None and deal_winner([59, 61]) == 1


# -- swap_seven --------------------------------------------------------------------------------


def test_the_seven_of_trumps_may_be_swapped_for_the_face_up_briscola() -> None:
    st = start([["7d", "5s", "6b"], ["Ac", "7b", "Fb"]], "Ad", options=SWAP)
    assert RULES.legal_actions(st, 0)[-1] == "swap"
    assert "swap" not in RULES.legal_actions(st, 1)
    st, events = act(st, 0, "swap")
    assert events == [{"type": "swap", "seat": 0, "seven": "7d", "card": "Ad"}]
    assert st.current == 0 and st.face_up == "7d" and "Ad" in st.hands[0]
    assert RULES.view(st, 1)["known"] == {"Ad": 0}
    assert "swap" not in RULES.legal_actions(st, 0)  # the 7 is under the stock now
    st, _ = act(st, 0, "play:Ad")
    assert RULES.view(st, 1)["known"] == {}


def test_swapping_needs_the_house_rule_the_seven_and_the_briscola_under_the_stock() -> None:
    st = start([["7d", "5s", "6b"], ["Ac", "7b", "Fb"]], "Ad")
    assert "swap" not in RULES.legal_actions(st, 0)
    with pytest.raises(GameError, match="not a rule"):
        act(st, 0, "swap")
    st = start([["5s", "6b", "4b"], ["7d", "7b", "Fb"]], "Ad", options=SWAP)
    with pytest.raises(GameError, match="Only the holder"):
        act(st, 0, "swap")
    rest = [c for c in PACK if c not in ("7d", "2c")]
    st = last_trick([["7d"], ["2c"]], [rest, []], "Ad")
    st = RULES.load({**RULES.dump(st), "options": SWAP | {"deals_to_win": 2}})
    with pytest.raises(GameError, match="nothing to swap"):
        act(st, 0, "swap")


def test_the_seven_swapped_in_is_the_last_card_drawn() -> None:
    st = start([["7d", "5s", "6b"], ["Ac", "7b", "Fb"]], "Ad", options=SWAP)
    st, _ = act(st, 0, "swap")
    while st.face_up is not None:
        seat = seat_on_turn(RULES, st)
        st, events = act(st, seat, RULES.legal_actions(st, seat)[0])
    last = next(e for e in events if e["type"] == "last_card")
    assert last["card"] == "7d" and st.known.get("7d") == last["seat"]


# -- the match -------------------------------------------------------------------------------


@pytest.mark.parametrize("deals", [1, 3])
def test_the_match_goes_to_the_first_side_with_deals_to_win(deals: int) -> None:
    import random

    rng = random.Random(deals)
    st = RULES.new_game(seats=2, seed=deals, options={"deals_to_win": deals})
    while RULES.outcome(st) is None:
        seat = seat_on_turn(RULES, st)
        st, events = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))
    outcome = RULES.outcome(st)
    assert outcome is not None and max(outcome["deals_won"]) == deals
    winner = outcome["deals_won"].index(deals)
    assert outcome["deals"] == len(outcome["deal_points"]) == len(st.results)
    assert outcome["points"] == [sum(p[s] for p in st.results) for s in (0, 1)]
    assert outcome["ranking"][0] == [winner] and len(outcome["deal_points"]) >= deals
    assert events[-1] == {"type": "match_over", "winner": winner, "ranking": outcome["ranking"]}
    with pytest.raises(GameError, match="The match is over"):
        act(st, 0, "play:Ac")


@pytest.mark.parametrize("bad", [0, 6, "2", True])
def test_deals_to_win_is_one_to_five(bad: object) -> None:
    with pytest.raises(GameError, match="deals_to_win"):
        RULES.new_game(seats=2, seed=1, options={"deals_to_win": bad})


def test_seats_are_two_to_four() -> None:
    for seats in (1, 5):
        with pytest.raises(GameError, match="2 to 4"):
            RULES.new_game(seats=seats, seed=1)


# -- saving and refusing ---------------------------------------------------------------------


def test_a_damaged_save_is_refused() -> None:
    data = RULES.dump(RULES.new_game(seats=2, seed=1))
    with pytest.raises(GameError, match="damaged"):
        RULES.load({**data, "stock": data["stock"][1:]})
    with pytest.raises(GameError, match="damaged"):
        RULES.load({**data, "known": {"Ac": 7}})
    assert RULES.dump(RULES.load(json.loads(json.dumps(data)))) == data


def test_refusals_say_why() -> None:
    st = start([["3c", "5s", "6b"], ["Ac", "7b", "Fb"]], "4d")
    for seat, token, why in [
        (1, "play:Ac", "not your turn"),
        (0, "play:Ac", "do not hold"),
        (0, "play:Zz", "not a card"),
        (0, "play", "Name one card"),
        (0, "draw", "not a move in Briscola"),
        (5, "play:3c", "not playing"),
    ]:
        with pytest.raises(GameError, match=why):
            act(st, seat, token)
