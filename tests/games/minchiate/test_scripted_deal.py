"""One complete deal from an explicit deck and cut, every scoring event checked against values
worked out by hand below (RULES.md §3.2-§3.6), without the engine's own tables.

Dealer seat 0, cutter seat 3, first to lead seat 1. Side A = seats 0 and 2, side B = seats 1, 3.
"""

from __future__ import annotations

from typing import Any

from .deals import CUT, RULES, arranged_deck

A, B = 0, 1

# Each seat's 21 cards in the order dealt (a packet of 10, then 11); the last one is shown.
DEALT = {
    1: [
        *("M", "T15", "T14", "T12", "T11", "T9", "T3", "T1", "Fc", "1c"),
        *("3c", "6c", "Rs", "Qs", "5s", "4s", "Qb", "5b", "Rd", "2d", "Rb"),
    ],
    2: [
        *("T34", "T33", "T32", "T31", "T21", "T19", "T18", "T16", "T10", "Cs"),
        *("Fs", "Cb", "Fb", "10b", "9b", "8b", "7b", "6b", "5d", "4d", "T17"),
    ],
    3: [
        *("T39", "T37", "T36", "T27", "T26", "T25", "T23", "T5", "T4", "10c"),
        *("9c", "8c", "7c", "10s", "9s", "8s", "7s", "6s", "1b", "2b", "T13"),
    ],
    0: [
        *("T40", "T30", "T28", "T20", "T8", "T7", "T6", "Qc", "Cc", "2c"),
        *("1s", "2s", "3s", "3b", "4b", "1d", "10d", "Qd", "Cd", "Fd", "T2"),
    ],
}
# The cutter robs T38 (it counts 10) and then T22 (a trump above 20, worth 0), and stops at the
# 5c, the last card of the fola. The dealer turns up T35 (robbed, 5) and T24 (robbed, 0), puts
# back the 3d, and takes T29 and the Rc from the rest (they score nothing now).
ROBBED = ("T38", "T22")
FOLA = ["T35", "T24", "3d", "T29", "6d", "Rc", "7d", "8d", "9d", "4c", "5c"]

DISCARDS = {3: ["1b", "2b"], 0: ["10d", "Qd", "Cd", "Fd"]}

# The 21 tricks, each in order of play from its leader; (leader, cards, winner, capture bonus).
TRICKS: list[tuple[int, list[str], int, int]] = [
    (1, ["4s", "Fs", "10s", "1s"], 2, 0),  # Fs is the highest spade
    (2, ["7b", "T4", "3b", "Rb"], 3, 0),  # first bastoni, trumped by the partner: Rb is owed
    (3, ["T39", "T40", "T15", "T16"], 0, 10),  # T39 of side B
    (0, ["2c", "1c", "T10", "7c"], 2, 0),
    (2, ["T34", "T36", "T35", "T1"], 3, 5 + 5),  # T34 and T35 of side A
    (3, ["8c", "Rc", "M", "T17"], 2, 0),  # the Matto stays with side B; 8c is worth 0
    (2, ["T33", "T37", "T30", "T3"], 3, 5 + 5),  # T33 and T30
    (3, ["T38", "T28", "T14", "T32"], 3, 5 + 5),  # T28 and T32
    (3, ["T5", "T29", "T12", "T31"], 2, 3),  # T5; trump 29 alone is worth 0
    (2, ["Cs", "9s", "2s", "Rs"], 1, 0),
    (1, ["2d", "5d", "T13", "1d"], 3, 0),
    (3, ["6s", "3s", "Qs", "T18"], 2, 0),
    (2, ["4d", "T22", "T24", "Rd"], 0, 5),  # Rd of side B
    (0, ["Qc", "3c", "T19", "9c"], 2, 0),
    (2, ["Cb", "T23", "4b", "Qb"], 3, 0),
    (3, ["10c", "Cc", "Fc", "T21"], 2, 0),
    (2, ["Fb", "T25", "T20", "5b"], 3, 5),  # T20 of side A
    (3, ["8s", "T2", "5s", "6b"], 0, 0),
    (0, ["T6", "T9", "8b", "T26"], 3, 0),
    (3, ["7s", "T7", "T11", "9b"], 1, 0),
    (1, ["6c", "10b", "T27", "T8"], 3, 0),
]

# Every scoring event in order: (kind, seat, points), with both sides' totals after it.
SETUP_SCORES = [
    ("cutter_rob", 3, 10, [0, 10]),  # T38
    ("shown", 1, 5, [0, 15]),  # Rb
    ("shown", 3, 5, [0, 20]),  # T13
    ("shown", 0, 3, [3, 20]),  # T2
    ("dealer_rob", 0, 5, [8, 20]),  # T35
]
DECLARATIONS = [
    # Seat 1: Rd, Rs, Rb = 15, with the Matto in hand + 5.
    (1, "declare", 15 + 5, [8, 40]),
    # Seat 2 holds 31-32-33-34 but keeps it quiet.
    (2, "nodeclare", 0, [8, 40]),
    # Seat 3: 36-37-38-39 = 40. Side B now leads by 72: one resto, 12 carried.
    (3, "declare", 10 + 10 + 10 + 10, [8, 80]),
    # Seat 0: 28-29-30 = 5 + 5 + 5 and 20-30-40 = 5 + 5 + 10.
    (0, "declare", 15 + 20, [43, 80]),
]
RESTO_AFTER_DECLARATION = (3, {"side": B, "count": 1, "resti": [0, 1], "diff": -12})

# After the tricks, the piles (the Matto payment moves 7b, side B's first zero-point capture):
# side A won tricks 1, 3, 4, 6, 9, 12, 13, 14, 16, 18: 39 cards, + 7b = 40.
A_CARD_POINTS = 10 + 10 + 5 + 5 + 3 + 5 + 5 + 3  # T39 T40 T10 Rc T5 T31 Rd T2
A_COMBINATIONS = 0  # T2 T5, T29 T31, T39 T40: no run; Rc Rd: two Re
A_EXTRA = 0  # 40 cards
A_END = A_CARD_POINTS + A_COMBINATIONS + A_EXTRA + 0
# Side B won the other 11 tricks (44 cards) and keeps the Matto: 45 cards, - 7b = 44.
B_CARD_POINTS = (
    3
    + 5
    + 5
    + 10
    + 5
    + 5
    + 5  # T4 Rb T34 T36 T35 T1 M
    + 5
    + 10
    + 5
    + 3
    + 10
    + 5
    + 5  # T33 T37 T30 T3 T38 T28 T32
    + 5
    + 5
    + 5  # Rs T13 T20
)
# The Matto is in B's pile: 32-33-34-35-36-37-38 = 5 * 4 + 10 * 3 = 50, + 5; 1-13-28 = 15, + 5.
B_COMBINATIONS = (50 + 5) + (15 + 5)
B_EXTRA = 44 - 42
B_END = B_CARD_POINTS + B_COMBINATIONS + B_EXTRA + 10  # and the last trick

DURING = {A: 3 + 5 + 35 + (10 + 3 + 5), B: 10 + 5 + 5 + 20 + 40 + (10 + 10 + 10 + 5)}


def apply(state: Any, seat: int, action: str) -> tuple[Any, list[dict[str, Any]]]:
    assert RULES.turn(state) == seat, (seat, action)
    return RULES.apply(state, seat, action)


def scoring(events: list[dict[str, Any]]) -> list[tuple[str, int, int, list[int]]]:
    return [
        (e["type"], e["seat"], e["points"], e["totals"])
        for e in events
        if "totals" in e and e["type"] != "end_score"
    ]


def test_hand_computed_totals_are_consistent() -> None:
    assert A_CARD_POINTS + B_CARD_POINTS == 142  # the fola ends with no counting card
    assert A_CARD_POINTS == 46 and B_CARD_POINTS == 96
    assert A_END == 46 and B_END == 96 + 75 + 2 + 10 == 183
    assert DURING[A] == 61 and DURING[B] == 115


def test_the_scripted_deal() -> None:
    deck = arranged_deck(0, DEALT, FOLA, ROBBED)
    state = RULES.new_game(seats=4, seed=123, dealer=0, deck=deck, cut=CUT)

    # The cut, the deal and the dealer's robbing.
    opening = state.opening
    assert [(e["card"], e["points"]) for e in opening if e["type"] == "rob"] == [
        ("T38", 10),
        ("T22", 0),
        ("T35", 5),
        ("T24", 0),
    ]
    assert [(e["seat"], e["card"]) for e in opening if e["type"] == "shown"] == [
        (1, "Rb"),
        (2, "T17"),
        (3, "T13"),
        (0, "T2"),
    ]
    assert [e for e in opening if e["type"] in ("put_back", "take")] == [
        {"type": "put_back", "seat": 0, "card": "3d"},
        {"type": "take", "seat": 0, "cards": ["T29", "Rc"]},
    ]
    scored = [e for e in opening if e.get("points")]
    assert [(e["seat"], e["points"], e["totals"]) for e in scored] == [
        (seat, points, totals) for _, seat, points, totals in SETUP_SCORES
    ]
    assert [(e["kind"], e["seat"], e["points"]) for e in state.log] == [
        (kind, seat, points) for kind, seat, points, _ in SETUP_SCORES
    ]
    assert state.resti == [0, 0] and state.diff == 8 - 20

    view = RULES.view(state, 0)
    assert view["fola"] == ["3d", "6d", "7d", "8d", "9d", "4c", "5c"]  # the dealer looked
    assert RULES.view(state, 1)["fola"] is None
    assert RULES.view(state, 3)["cut_seen"] == "5c"
    assert view["to_discard"] == [4, 0, 0, 2]

    # Discards: the cutter's two, then the dealer's four.
    for seat in (3, 0):
        for card in DISCARDS[seat]:
            state, events = apply(state, seat, "discard:" + card)
            assert scoring(events) == []
    assert state.phase == "declare"
    assert [len(h) for h in state.hands] == [21] * 4

    # Declarations, from the first leader.
    assert RULES.legal_actions(state, 2) == []
    for seat, answer, points, totals in DECLARATIONS:
        if seat == 2:
            assert RULES.legal_actions(state, 2) == ["declare", "nodeclare"]
        state, events = apply(state, seat, answer)
        if points:
            assert scoring(events) == [(answer, seat, points, totals)]
        else:
            assert scoring(events) == []
        resti = [e for e in events if e["type"] == "resti"]
        if seat == RESTO_AFTER_DECLARATION[0]:
            assert resti == [{"type": "resti", "when": "running", **RESTO_AFTER_DECLARATION[1]}]
        else:
            assert resti == []
    assert state.points == [43, 80] and state.resti == [0, 1] and state.diff == 43 - 80 + 60
    fola_event = events[-2]
    assert fola_event["type"] == "fola"
    assert fola_event["discards"] == [DISCARDS[0], [], [], DISCARDS[3]]

    # The tricks.
    totals = [43, 80]
    diff = 23
    for number, (leader, cards, winner, bonus) in enumerate(TRICKS, start=1):
        assert state.leader == leader
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            if number == 2 and seat == 1:
                assert RULES.legal_actions(state, 1) == ["play:Rb"]
            state, events = apply(state, seat, "play:" + card)
        trick = next(e for e in events if e["type"] == "trick")
        assert (trick["number"], trick["winner"], trick["points"]) == (number, winner, bonus)
        if bonus:
            totals[winner % 2] += bonus
            diff += bonus if winner % 2 == A else -bonus
            assert trick["totals"] == totals
        assert [e for e in events if e["type"] == "resti" and e["when"] == "running"] == []
        assert abs(diff) < 60
        if number < len(TRICKS):
            assert state.diff == diff
    assert totals == [DURING[A], DURING[B]]

    # The end: the Matto payment, the piles' scores, the final resti.
    assert [e["type"] for e in events[-5:]] == [
        "trick",
        "matto_payment",
        "end_score",
        "resti",
        "game_over",
    ]
    assert events[-4] == {"type": "matto_payment", "from_side": B, "to_side": A, "card": "7b"}
    ends = events[-3]["sides"]
    assert [
        (s["card_points"], s["combinations"], s["extra_cards"], s["last_trick"], s["total"])
        for s in ends
    ] == [
        (A_CARD_POINTS, A_COMBINATIONS, A_EXTRA, 0, A_END),
        (B_CARD_POINTS, B_COMBINATIONS, B_EXTRA, 10, B_END),
    ]
    assert [(c["cards"], c["value"]) for c in ends[B]["combination_list"]] == [
        ([f"T{n}" for n in range(32, 39)], 55),
        (["T1", "T13", "T28"], 20),
    ]
    final_lead = diff + A_END - B_END  # 6 + 46 - 183 = -131: rounded up, 3 resti to B
    assert final_lead == -131
    assert events[-2] == {
        "type": "resti",
        "side": B,
        "count": 3,
        "when": "end",
        "resti": [0, 1 + 3],
        "diff": -131,
    }

    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome["ranking"] == [[1, 3], [0, 2]] and outcome["winner"] == B
    assert outcome["points"] == [61 + 46, 115 + 183] * 2
    assert outcome["resti"] == [-4, 4, -4, 4]
    a, b = outcome["sides"]
    assert a["during_play"] == {
        "cutter_rob": 0,
        "shown": 3,
        "dealer_rob": 5,
        "declaration": 35,
        "capture": 10 + 3 + 5,
        "total": DURING[A],
    }
    assert b["during_play"] == {
        "cutter_rob": 10,
        "shown": 5 + 5,
        "dealer_rob": 0,
        "declaration": 20 + 40,
        "capture": 10 + 10 + 10 + 5,
        "total": DURING[B],
    }
    assert (a["resti_running"], a["resti_end"], a["net_resti"]) == (0, 0, -4)
    assert (b["resti_running"], b["resti_end"], b["net_resti"]) == (1, 3, 4)
    assert [len(p) for p in state.piles] == [40, 44]
