"""The acceptance examples of RULES.md §3.7 (and the fine points of §3.8 they touch), played
through the engine with explicit decks."""

from __future__ import annotations

import pytest

from bot.games import GAMES, GameError
from bot.games.minchiate.cards import PACK, POINTS
from bot.games.minchiate.resti import settle_final, settle_running
from bot.games.minchiate.tricks import winning_index
from tests.games.support import seat_on_turn

from .deals import CUT, RULES, play, quiet_deal, to_first_lead

CLUBS_TO_TRUMP = [f"T{n}" for n in (6, 7, 8, 9, 11, 12, 14, 15)]


def test_example_1_coppe_ace_high_spade_ten_high() -> None:
    state = to_first_lead(
        quiet_deal({1: ["3c", "3s"], 2: ["9c", "9s"], 3: ["1c", "1s"], 0: ["2c", "2s"]})
    )
    state, events = play(state, "3c", "9c", "1c", "2c")
    assert events[-2]["type"] == "trick" and events[-2]["winner"] == 3  # 1c
    state, events = play(state, "1s", "2s", "3s", "9s")  # seat 3 leads now
    assert events[-2]["winner"] == 2  # 9s


@pytest.mark.parametrize("trick", [["3c", "9c", "1c", "2c"], ["3s", "9s", "1s", "2s"]])
@pytest.mark.parametrize("trump", range(1, 41))
def test_example_1_any_trump_beats_them(trick: list[str], trump: int) -> None:
    assert winning_index([*trick[:3], f"T{trump}"]) == 3
    assert winning_index([trick[0], f"T{trump}", *trick[1:3]]) == 1


def hand_without(suit: str, *cards: str) -> list[str]:
    """21 cards: ``cards`` and then cards of other suits than ``suit`` (no Re, no counting)."""
    others = [c for c in PACK if c[-1] not in (suit, "M") and not POINTS[c] and c not in cards]
    others = [c for c in others if c[0] != "T" or c in CLUBS_TO_TRUMP]
    return [*cards, *others[: 21 - len(cards)]]


def test_example_2_the_king_obligation() -> None:
    # Seat 1 leads bastoni for the first time, seat 2 trumps, seat 3 holds Rb, 2b and the Matto.
    deck = quiet_deal({1: ["7b"], 2: hand_without("b", "T6"), 3: ["Rb", "2b", "M"]})
    state = to_first_lead(deck)
    state, _ = play(state, "7b", "T6")
    assert RULES.legal_actions(state, 3) == ["play:Rb"]
    with pytest.raises(GameError, match="play your Re"):
        RULES.apply(state, 3, "play:M")


def test_king_obligation_holds_when_the_partner_trumped() -> None:
    # Dealer 3: seat 0 leads 7b, seat 1 (seat 3's partner) trumps.
    deck = quiet_deal({0: ["7b"], 1: hand_without("b", "T6"), 3: ["Rb", "2b"]}, dealer=3)
    state = to_first_lead(deck, dealer=3)
    state, _ = play(state, "7b", "T6")
    state, _ = play(state, RULES.legal_actions(state, 2)[0].split(":")[1])
    assert RULES.legal_actions(state, 3) == ["play:Rb"]


def test_king_obligation_applies_when_the_matto_led_and_the_next_card_set_the_suit() -> None:
    deck = quiet_deal({1: ["M"], 2: ["7b"], 3: hand_without("b", "T6"), 0: ["Rb", "2b"]})
    state = to_first_lead(deck)
    state, _ = play(state, "M", "7b")
    legal = RULES.legal_actions(state, 3)
    assert "play:T6" in legal and all(a.startswith("play:T") for a in legal)
    state, _ = play(state, "T6")
    assert RULES.legal_actions(state, 0) == ["play:Rb"]


def test_no_king_obligation_before_a_trump_nor_after_the_first_lead() -> None:
    hands = {
        1: ["7b", "8b"],
        2: hand_without("b", "3b", "T6"),
        3: ["4b", "9b"],
        0: ["Rb", "2b", "5b"],
    }
    state = to_first_lead(quiet_deal(hands))
    state, _ = play(state, "7b", "3b", "4b")
    assert {"play:Rb", "play:2b", "play:5b"} <= set(RULES.legal_actions(state, 0))
    state, events = play(state, "2b")
    assert events[-2]["winner"] == 1
    state, _ = play(state, "8b", "T6", "9b")  # bastoni's second lead, trumped
    assert {"play:Rb", "play:5b"} <= set(RULES.legal_actions(state, 0))


def test_example_3_the_cutter_robs_until_a_card_is_not_robbable() -> None:
    deck = [c for c in PACK if c not in ("T25", "Rd", "T12")]
    deck[CUT - 3 : CUT - 3] = ["T12", "Rd", "T25"]  # the bottom of the top part: T25, Rd, T12
    assert deck[CUT - 1] == "T25" and deck[CUT - 2] == "Rd" and deck[CUT - 3] == "T12"
    state = RULES.new_game(seats=4, seed=0, dealer=0, deck=deck, cut=CUT)
    cutter = 3
    robs = [e for e in state.opening if e["type"] == "rob"]
    assert [(e["seat"], e["card"], e["points"]) for e in robs] == [(3, "T25", 0), (3, "Rd", 5)]
    assert [e for e in state.log if e["kind"] == "cutter_rob"] == [
        {"kind": "cutter_rob", "seat": cutter, "side": 1, "points": 5, "card": "Rd"}
    ]
    assert state.cutter_robbed == ["T25", "Rd"]
    assert RULES.view(state, cutter)["cut_seen"] == "T12"
    assert all(RULES.view(state, s)["cut_seen"] is None for s in (0, 1, 2))
    assert len(state.hands[cutter]) == 23 and state.current == cutter
    assert RULES.view(state, None)["to_discard"][cutter] == 2


def test_example_4_a_declaration_of_64() -> None:
    combos = ["T1", "T2", "T3", "T4", "T13", "T28", "T29", "T30", "T31", "M", "Rc", "Rs"]
    quiet = ["Qc", "Cc", "Fc", "2c", "3c", "4c", "5c", "6c", "7c"]
    state = RULES.new_game(seats=4, seed=0, dealer=0, deck=quiet_deal({1: combos + quiet}), cut=CUT)
    assert state.phase == "declare" and state.current == 1
    before = list(state.points)
    state, events = RULES.apply(state, 1, "declare")
    declared = events[0]
    assert declared["type"] == "declare" and declared["points"] == 64
    assert [(c["cards"], c["value"]) for c in declared["combinations"]] == [
        (["T1", "T2", "T3", "T4"], 14 + 5),
        (["T28", "T29", "T30", "T31"], 20 + 5),
        (["T1", "T13", "T28"], 15 + 5),
    ]
    assert state.points == [before[0], before[1] + 64]
    view = RULES.view(state, 0)
    assert view["declarations"][1]["combinations"] == declared["combinations"]


def test_example_5_running_resti_then_the_final_lead() -> None:
    signed, lead = settle_running(75)
    assert (signed, lead) == (1, 15)
    assert signed + settle_final(lead) == 2


def test_example_5_in_play_a_declaration_that_leads_by_75_takes_a_resto() -> None:
    run = [f"T{n}" for n in range(31, 41)]  # 31-40: 5 * 5 + 5 * 10 = 75
    quiet = ["Qc", "Cc", "Fc", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"]
    state = RULES.new_game(seats=4, seed=0, dealer=0, deck=quiet_deal({1: run + quiet}), cut=CUT)
    assert state.points == [0, 0]
    state, events = RULES.apply(state, 1, "declare")
    assert [e["type"] for e in events[:2]] == ["declare", "resti"]
    assert events[0]["points"] == 75
    assert events[1] == {
        "type": "resti",
        "side": 1,
        "count": 1,
        "when": "running",
        "resti": [0, 1],
        "diff": -15,
    }
    assert state.resti == [0, 1] and state.diff == -15


def test_example_6_invariants_over_a_whole_deal() -> None:
    rules = GAMES["minchiate"]
    state = rules.new_game(seats=4, seed=6)
    while rules.outcome(state) is None:
        seat = seat_on_turn(rules, state)
        if state.phase == "play" and not state.trick and not state.tricks:
            assert [len(h) for h in state.hands] == [21] * 4
        state, _ = rules.apply(state, seat, rules.legal_actions(state, seat)[0])
        cards = [c for part in (state.hands, state.discards, state.piles) for h in part for c in h]
        assert sorted(cards + state.fola + state.trick) == sorted(PACK)
    assert sum(len(p) for p in state.piles) == 84
    fola_points = sum(POINTS[c] for c in state.fola + [c for d in state.discards for c in d])
    assert sum(POINTS[c] for p in state.piles for c in p) + fola_points == 142
