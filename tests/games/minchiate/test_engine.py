"""Set-up, discards, refusals, options and saving of the Minchiate engine (RULES.md §3.3-§3.8)."""

from __future__ import annotations

import json
import math
import random

import pytest

from bot.games import GameError
from bot.games.base import Event
from bot.games.minchiate.cards import PACK, POINTS
from bot.games.minchiate.engine import MinchiateState
from bot.games.minchiate.scoring import matto_payment
from tests.games.support import seat_on_turn

from .deals import CUT, RULES, arranged_deck, every_card, play, quiet_deal, to_first_lead


def random_deal(
    seed: int, options: dict[str, bool] | None = None
) -> tuple[MinchiateState, list[str]]:
    """Play a deal with random legal moves; return the final state and the moves."""
    rng = random.Random(seed)
    state = RULES.new_game(seats=4, seed=seed, options=options)
    moves = []
    while state.current is not None:
        move = rng.choice(RULES.legal_actions(state, state.current))
        moves.append(move)
        state, _ = RULES.apply(state, state.current, move)
    return state, moves


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_minchiate_needs_exactly_four_players(seats: int) -> None:
    with pytest.raises(GameError, match="exactly 4 players"):
        RULES.new_game(seats=seats, seed=1)


@pytest.mark.parametrize("cut", [13, 84, 0, 97, -5, "20", True])
def test_cut_points_outside_14_to_83_are_refused(cut: object) -> None:
    with pytest.raises(GameError, match=r"14\.\.83"):
        RULES.new_game(seats=4, seed=1, deck=list(PACK), cut=cut)  # type: ignore[arg-type]


@pytest.mark.parametrize("cut", [14, 83])
def test_cut_points_at_the_limits_are_accepted(cut: int) -> None:
    state = RULES.new_game(seats=4, seed=1, deck=list(PACK), cut=cut)
    assert state.cut == cut


def test_bad_decks_and_options_are_refused() -> None:
    with pytest.raises(GameError, match="not a complete pack"):
        RULES.new_game(seats=4, seed=1, deck=[*PACK[:-1], "T1"])
    with pytest.raises(GameError, match="list of card codes"):
        RULES.new_game(seats=4, seed=1, deck=[1, 2, 3])  # type: ignore[list-item]
    with pytest.raises(GameError, match="Unknown option"):
        RULES.new_game(seats=4, seed=1, options={"resti_at_the_end": True})
    with pytest.raises(GameError, match="resti_at_end_only"):
        RULES.new_game(seats=4, seed=1, options={"resti_at_end_only": "yes"})


def test_an_explicit_deck_and_cut_reproduce_the_deal_whatever_the_seed() -> None:
    deck = list(PACK)
    random.Random(5).shuffle(deck)
    one = RULES.new_game(seats=4, seed=1, dealer=2, deck=deck, cut=50)
    two = RULES.new_game(seats=4, seed=2, dealer=2, deck=deck, cut=50)
    assert {**RULES.dump(one), "seed": 0} == {**RULES.dump(two), "seed": 0}
    other_cut = RULES.new_game(seats=4, seed=1, dealer=2, deck=deck, cut=51)
    assert RULES.dump(other_cut)["hands"] != RULES.dump(one)["hands"]


def test_the_seed_alone_chooses_dealer_cut_and_order() -> None:
    assert RULES.dump(RULES.new_game(seats=4, seed=9)) == RULES.dump(
        RULES.new_game(seats=4, seed=9)
    )
    dealers = {RULES.new_game(seats=4, seed=s).dealer for s in range(40)}
    cuts = {RULES.new_game(seats=4, seed=s).cut for s in range(40)}
    assert dealers == {0, 1, 2, 3} and min(cuts) >= 14 and max(cuts) <= 83 and len(cuts) > 10


def test_the_cutter_sits_before_the_dealer_and_the_seat_after_the_dealer_leads() -> None:
    for dealer in range(4):
        view = RULES.view(RULES.new_game(seats=4, seed=1, dealer=dealer), None)
        assert view["cutter"] == (dealer + 3) % 4 and view["first"] == (dealer + 1) % 4


def test_the_dealer_takes_every_counting_card_and_trump_29_after_the_card_put_back() -> None:
    hands: dict[int, list[str]] = {s: [] for s in range(4)}
    fola = ["T21", "T12", "Rc", "T29", "T26", "2c", "T36", "3c", "4c", "5c", "6c", "7c", "8c"]
    used = set(fola)
    rest = [c for c in PACK if c not in used]
    for s in range(4):
        hands[s] = rest[21 * s : 21 * s + 21]
    state = RULES.new_game(seats=4, seed=0, dealer=0, deck=arranged_deck(0, hands, fola), cut=CUT)
    assert state.dealer_robbed == ["T21"]
    assert state.put_back == "T12"
    assert state.dealer_took == ["Rc", "T29", "T36"]  # T26 is robbable only while turning up
    assert state.fola == ["T12", "T26", "2c", "3c", "4c", "5c", "6c", "7c", "8c"]
    assert [e["type"] for e in state.opening[-3:]] == ["put_back", "take", "turn"]
    assert [e["kind"] for e in state.log].count("dealer_rob") == 0  # T21 is worth nothing
    assert RULES.view(state, None)["to_discard"][0] == 4
    assert RULES.view(state, 0)["fola"] == state.fola
    assert all(RULES.view(state, s)["fola"] is None for s in (1, 2, 3))


def extreme_rob(robbed_matto: bool = False) -> list[str]:
    """Dealer 0: the cutter (seat 3) robs 13 counting cards and is dealt the other 12, trump 29
    and only 8 cards worth nothing; the fola is empty. The Matto is dealt to the cutter, or with
    ``robbed_matto`` robbed by it (and trump 1 dealt instead)."""
    low, dealt = ("M", "T1") if robbed_matto else ("T1", "M")
    robbed = (
        "T40",
        "T39",
        "T38",
        "T37",
        "T36",
        "T35",
        "T34",
        "T33",
        "T32",
        "T31",
        "T30",
        "T28",
        low,
    )
    rich = ["T29", "T2", "T3", "T4", "T5", "T10", "T13", "T20", "Rc", "Rd", "Rs", "Rb", dealt]
    poor = ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"]
    rest = [c for c in PACK if c not in {*robbed, *rich, *poor}]
    hands = {3: poor + rich, 0: rest[:21], 1: rest[21:42], 2: rest[42:63]}
    return arranged_deck(0, hands, [], robbed)


def test_discard_fallback_after_an_extreme_rob() -> None:
    state = RULES.new_game(seats=4, seed=0, dealer=0, deck=extreme_rob(), cut=CUT)
    assert len(state.cutter_robbed) == 13 and state.cut_seen is None and state.fola == []
    assert RULES.view(state, None)["to_discard"] == [0, 0, 0, 13]
    discarded = []
    for _ in range(8):
        legal = RULES.legal_actions(state, 3)
        assert all(POINTS[a.split(":")[1]] == 0 and a != "discard:T29" for a in legal)
        state, _ = RULES.apply(state, 3, legal[0])
        discarded.append(legal[0])
    assert set(RULES.legal_actions(state, 3)) == {f"discard:T{n}" for n in (2, 3, 4, 5)}
    with pytest.raises(GameError, match="lowest-value"):
        RULES.apply(state, 3, "discard:T40")
    for _ in range(4):
        state, _ = RULES.apply(state, 3, RULES.legal_actions(state, 3)[0])
    last = RULES.legal_actions(state, 3)
    assert "discard:T29" not in last and "discard:T40" not in last
    assert {a.split(":")[1] for a in last} == {c for c in state.hands[3] if POINTS[c] == 5}
    state, _ = RULES.apply(state, 3, last[0])
    assert state.phase == "declare" and len(state.hands[3]) == 21 and "T29" in state.hands[3]
    assert len(state.discards[3]) == 13


@pytest.mark.parametrize("robbed_matto", [False, True], ids=["dealt", "robbed"])
def test_a_matto_discarded_by_the_fallback_counts_for_nobody(robbed_matto: bool) -> None:
    """RULES.md §3.8: the Matto is one of the 5-point cards the discard fallback may take. In
    the fola it belongs to nobody: scored neither at the end nor in any combination, and no
    Matto payment is due. Every card stays accounted for."""
    state = RULES.new_game(seats=4, seed=0, dealer=0, deck=extreme_rob(robbed_matto), cut=CUT)
    # Robbed by the cutter, or shown as the last card of its deal, the Matto scores 5 at once
    # for the cutter's side, and that stays scored whatever happens to it afterwards.
    at_once = [(e["kind"], e["points"]) for e in state.log if e.get("card") == "M"]
    assert at_once == [("cutter_rob" if robbed_matto else "shown", 5)]
    for _ in range(12):  # the 8 cards worth nothing, then trumps 2 to 5
        assert "discard:M" not in RULES.legal_actions(state, 3)
        state, _ = RULES.apply(state, 3, RULES.legal_actions(state, 3)[0])
    assert "discard:M" in RULES.legal_actions(state, 3)  # among the other 5-point cards
    state, _ = RULES.apply(state, 3, "discard:M")
    assert state.discards[3][-1] == "M" and state.phase == "declare"
    hand = state.hands[3]
    # Seat 3's declaration gets no Matto bonus: 28-40 = 90, 1-13-28 = 15, 10-20-30 = 15,
    # 20-30-40 = 20, four Re = 20.
    while state.phase == "declare":
        seat = seat_on_turn(RULES, state)
        state, events = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
        if seat == 3:
            assert events[0]["type"] == "declare" and events[0]["points"] == 160
            assert all("M" not in combo["cards"] for combo in events[0]["combinations"])
    assert "M" in RULES.view(state, 0)["discards"][3]  # public once the fola is shown
    assert "M" not in hand
    every: list[Event] = []
    while state.phase == "play":
        seat = seat_on_turn(RULES, state)
        state, every = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
        assert sorted(every_card(state)) == sorted(PACK)
    assert "matto_payment" not in [e["type"] for e in every]
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome["matto_payment"] is None
    assert all("M" not in pile for pile in state.piles)
    assert sum(len(pile) for pile in state.piles) == 84  # the tricks' cards, nothing else
    ends = [outcome["sides"][s]["end"] for s in (0, 1)]
    fola = state.fola + [c for d in state.discards for c in d]
    assert "M" in fola
    assert sum(e["card_points"] for e in ends) == 142 - sum(POINTS[c] for c in fola)
    assert all(
        "M" not in combo["cards"] and combo["kind"] != "1-40-matto"
        for e in ends
        for combo in e["combination_list"]
    )
    during = outcome["sides"][1]["during_play"]
    # T36-T40, then T28, T30-T35 and trump 1 or the Matto; the shown Matto or trump 1.
    assert (during["cutter_rob"], during["shown"]) == (10 * 5 + 5 * 8, 5)


def test_discards_are_known_to_their_owner_until_the_fola_is_shown() -> None:
    state = RULES.new_game(seats=4, seed=3)
    while state.phase == "discard":
        seat = seat_on_turn(RULES, state)
        state, events = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
        assert "card" not in events[0]
    owners = [s for s in range(4) if state.discards[s]]
    assert owners
    for s in range(4):
        view = RULES.view(state, s)
        assert view["discards"] == [d if o == s else None for o, d in enumerate(state.discards)]
    while state.phase == "declare":
        state, _ = RULES.apply(state, seat_on_turn(RULES, state), "nodeclare")
    for s in range(4):
        assert RULES.view(state, s)["discards"] == state.discards
        assert RULES.view(state, s)["fola"] == state.fola


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("play:T1", "Now is the time to declare or not"),
        ("discard:2c", "Now is the time to declare or not"),
        ("declare:now", "Say just declare or nodeclare"),
        ("shout", "not a move in Minchiate"),
        ("", "not a move"),
    ],
)
def test_moves_of_the_wrong_kind_are_refused(action: str, message: str) -> None:
    state = RULES.new_game(seats=4, seed=0, dealer=0, deck=quiet_deal({}), cut=CUT)
    with pytest.raises(GameError, match=message):
        RULES.apply(state, 1, action)


def test_play_refusals_name_the_rule() -> None:
    deck = quiet_deal({1: ["7b", "2c"], 2: ["3b", "T6"], 3: ["T7"]})
    state = to_first_lead(deck)
    assert RULES.legal_actions(state, 2) == []
    with pytest.raises(GameError, match="not your turn"):
        RULES.apply(state, 2, "play:3b")
    with pytest.raises(GameError, match="do not hold"):
        RULES.apply(state, 1, "play:3b")
    with pytest.raises(GameError, match="not a card"):
        RULES.apply(state, 1, "play:T41")
    with pytest.raises(GameError, match="Name one card"):
        RULES.apply(state, 1, "play:7b:7b")
    with pytest.raises(GameError, match="not playing in this match"):
        RULES.apply(state, 4, "play:7b")
    state, _ = play(state, "7b")
    with pytest.raises(GameError, match="follow suit: play bastoni"):
        RULES.apply(state, 2, "play:T6")


def test_a_void_player_must_trump() -> None:
    void = [c for c in PACK if c[-1] not in "bM" and c[0] != "R" and not POINTS[c]][:21]
    state = to_first_lead(quiet_deal({1: ["7b"], 2: void}))
    state, _ = play(state, "7b")
    suit_card = next(c for c in void if c[0] != "T")
    with pytest.raises(GameError, match="must play a trump"):
        RULES.apply(state, 2, "play:" + suit_card)
    assert all(a.startswith("play:T") for a in RULES.legal_actions(state, 2))


def test_declaring_without_a_combination_is_refused() -> None:
    state = RULES.new_game(seats=4, seed=0, dealer=0, deck=quiet_deal({1: ["2c"] * 0}), cut=CUT)
    plain = [c for c in PACK if c[0] not in "TMR"][:21]
    state = RULES.new_game(seats=4, seed=0, dealer=0, deck=quiet_deal({1: plain}), cut=CUT)
    assert RULES.legal_actions(state, 1) == ["nodeclare"]
    before = json.dumps(RULES.dump(state))
    with pytest.raises(GameError, match="nothing to declare"):
        RULES.apply(state, 1, "declare")
    assert json.dumps(RULES.dump(state)) == before


def test_the_matto_goes_over_when_its_side_won_no_trick() -> None:
    piles = [["M"], ["2c"] * 0 + [f"T{n}" for n in range(1, 41)]]
    moved = matto_payment(piles, winners=[1] * 21)
    assert moved == {"from_side": 0, "to_side": 1, "card": "M"}
    assert piles[0] == [] and "M" in piles[1]


def test_the_matto_side_pays_its_first_zero_point_capture_not_trump_29() -> None:
    piles = [["T29", "Rc", "M", "7c", "2s"], ["T1"]]
    moved = matto_payment(piles, winners=[0, 1])
    assert moved is not None and moved["card"] == "7c"


def test_without_a_zero_point_capture_the_matto_side_pays_its_lowest_value_card() -> None:
    piles = [["T36", "T29", "T2", "M", "Rc"], []]
    moved = matto_payment(piles, winners=[0])
    assert moved is not None and moved["card"] == "T2"
    piles = [["T36", "T29", "M", "Rc"], []]
    moved = matto_payment(piles, winners=[0])
    assert moved is not None and moved["card"] == "T29"  # 5 here, before the Re: first
    assert matto_payment([["T36"], ["T30"]], winners=[0]) is None  # the Matto is in the fola


def test_settling_only_at_the_end_rounds_up_the_whole_difference() -> None:
    for seed in range(8):
        running, moves = random_deal(seed)
        at_end, moves_again = random_deal(seed, {"resti_at_end_only": True})
        assert moves == moves_again
        assert at_end.points == running.points
        outcome = RULES.outcome(at_end)
        assert outcome is not None
        lead = at_end.points[0] - at_end.points[1]
        assert outcome["sides"][0]["resti_running"] == outcome["sides"][1]["resti_running"] == 0
        assert outcome["sides"][0]["net_resti"] == int(
            math.copysign(math.ceil(abs(lead) / 60), lead)
        )
        assert not [e for e in at_end.log if e["kind"] == "resto" and e["when"] == "running"]


def test_running_resti_keep_the_difference_accounted_for() -> None:
    for seed in range(8):
        state, _ = random_deal(seed)
        outcome = RULES.outcome(state)
        assert outcome is not None
        a, b = outcome["sides"]
        lead = a["points"] - b["points"]
        net = a["net_resti"]
        assert lead - 60 * (a["resti_running"] - b["resti_running"]) == outcome["final_diff"]
        assert net * lead >= 0  # resti never favour the side with fewer points


def test_a_damaged_save_is_refused() -> None:
    state = RULES.new_game(seats=4, seed=2)
    good = RULES.dump(state)
    damaged = [
        {k: v for k, v in good.items() if k != "hands"},
        {**good, "hands": good["hands"][:3]},
        {**good, "dealer": 7},
        {**good, "dealer": "0"},
        {**good, "phase": "bidding"},
        {**good, "fola": good["fola"] + ["T1"]},
        {**good, "hands": [h[:-1] for h in good["hands"]]},
        {**good, "hands": [["X1", *h[1:]] for h in good["hands"]]},
        {**good, "options": {"resti_at_end_only": 1}},
        {**good, "current": None},
        {**good, "extra": 1},
    ]
    for data in damaged:
        with pytest.raises(GameError, match="damaged"):
            RULES.load(data)
    assert RULES.dump(RULES.load(json.loads(json.dumps(good)))) == good
