"""RULES.md §6.6, every acceptance example, from explicit decks through the contract (example
8's earlier deals through a saved match: ``third_deal`` says why)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.errors import GameError
from bot.games.tressette.cards import PACK, STRENGTH, winning_index
from bot.games.tressette.engine import TressetteState
from tests.games.support import seat_on_turn

from .deals import (
    LAST_ALONE,
    NAPOLETANA_AND_FIVE,
    RULES,
    SPLIT,
    act,
    fill,
    hands_for,
    play_tricks,
    start,
)


def _events(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def test_the_highest_card_of_the_suit_led_takes_the_trick() -> None:
    """1. 7c led; Rc, 2c, then 3s from a seat with no coppe: the 2c wins, side 0 takes the
    trick's 3 thirds, seat 2 leads the next."""
    st = start(fill([["7c"], ["Rc"], ["2c"], ["3s"]], void={1: "", 3: "c"}))
    events: list[dict[str, Any]] = []
    for seat, card in enumerate(["7c", "Rc", "2c", "3s"]):
        st, made = act(st, seat, f"play:{card}")
        events += made
    (trick,) = _events(events, "trick")
    assert trick["winner"] == 2
    assert trick["thirds"] == 3  # the Re, the 2 and the 3: a third each
    assert st.piles[0] == ["7c", "Rc", "2c", "3s"]
    assert st.leader == st.current == 2


def test_the_order_inside_a_suit_is_three_two_asso_re_down_to_four() -> None:
    """2. 3b > 2b > Ab > Rb > Cb > Fb > 7b > 6b > 5b > 4b."""
    order = ["3b", "2b", "Ab", "Rb", "Cb", "Fb", "7b", "6b", "5b", "4b"]
    assert sorted(order, key=lambda c: -STRENGTH[c]) == order
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert winning_index([low, high]) == 1
            assert winning_index([high, low]) == 0


def test_no_card_of_another_suit_wins_the_trick() -> None:
    """2. 4c led, then the 3s of the other suits: the 4c wins."""
    assert winning_index(["4c", "3d", "3s", "3b"]) == 0
    st = start(fill([["4c"], ["3d"], ["3s"], ["3b"]], void={1: "c", 2: "c", 3: "c"}))
    for seat, card in enumerate(["4c", "3d", "3s", "3b"]):
        st, events = act(st, seat, f"play:{card}")
    assert _events(events, "trick")[0]["winner"] == 0


def test_a_player_holding_the_suit_led_must_follow_it() -> None:
    """3. Coppe led; seat 1's only coppe is the 4c: it is its only legal token; a seat with
    no coppe may play any card."""
    follower = ["4c", "Ad", "3d", "Rs", "5d", "6d", "Cs", "Fs", "7b", "6b"]
    void = ["Rd", "Cd", "Fd", "As", "4s", "5s", "6s", "Ab", "4b", "5b"]  # and no accuso
    st = start(fill([["Rc"], follower, void, []]))
    st, _ = act(st, 0, "play:Rc")
    assert RULES.legal_actions(st, 1) == ["play:4c"]
    with pytest.raises(GameError, match="Follow suit"):
        act(st, 1, "play:Ad")
    st, _ = act(st, 1, "play:4c")
    assert sorted(RULES.legal_actions(st, 2)) == sorted("play:" + c for c in st.hands[2])
    assert len(RULES.legal_actions(st, 2)) == 10


@pytest.mark.parametrize("options", [{"accusi": False}, {}])
def test_thirds_are_counted_and_the_leftover_dropped(options: dict[str, bool]) -> None:
    """4. Side 0: 3 Assi, 11 cards of a third and the last trick, 23 thirds, 7 points (two
    thirds dropped); side 1: 1 Asso and the 9 others, 12 thirds, 4 points; 11 in all."""
    _, events = play_tricks(start(hands_for(SPLIT), options=options), SPLIT)
    tricks = _events(events, "trick")
    won = [c for trick in tricks if trick["winner"] % 2 == 0 for c in trick["cards"]]
    assert sum(c[0] == "A" for c in won) == 3
    assert sum(c[0] in "32RCF" for c in won) == 11
    assert tricks[-1]["last"] and tricks[-1]["winner"] % 2 == 0
    (over,) = _events(events, "deal_over")
    assert over["thirds"] == [23, 12]
    assert over["points"] == [7, 4]
    assert over["scores"] == [7, 4]


def test_the_last_trick_is_worth_a_point_without_card_points() -> None:
    """5. The last trick 4c 5c 6c 7c: its winner's side (the 7c's) scores a point for it."""
    _, events = play_tricks(start(hands_for(LAST_ALONE)), LAST_ALONE)
    tricks = _events(events, "trick")
    assert all(trick["winner"] % 2 == 1 for trick in tricks[:-1])  # side 0 took nothing else
    assert tricks[-1]["cards"] == ["4c", "5c", "6c", "7c"]
    assert tricks[-1]["winner"] == 0 and tricks[-1]["thirds"] == 0 and tricks[-1]["last"]
    (over,) = _events(events, "deal_over")
    assert over["thirds"] == [3, 32]
    assert over["points"] == [1, 10]


NAPOLETANA = ["Ac", "2c", "3c", "4c", "5c", "7d", "Fd", "Cs", "6b", "4b"]


def test_a_napoletana_is_declared_before_the_lead_and_then_never() -> None:
    """6. Seat 0 leads holding Ac 2c 3c 4c 5c: its ten cards, each with busso and striscio or
    volo, and accuse:napoletana:c; declared, it is still on turn, and leads; then nothing
    more may be declared this deal; the napoletana is worth 3 to side 0."""
    st = start(fill([NAPOLETANA, [], [], []]))
    suit_count = {s: sum(c[-1] == s for c in NAPOLETANA) for s in "cdsb"}
    cards = [t.removeprefix("play:") for t in RULES.legal_actions(st, 0) if t.count(":") == 1]
    assert sorted(cards) == sorted(NAPOLETANA)
    expected = ["accuse:napoletana:c"]
    for card in cards:
        word = "striscio" if suit_count[card[-1]] > 1 else "volo"
        expected += [f"play:{card}", f"play:{card}:busso", f"play:{card}:{word}"]
    assert RULES.legal_actions(st, 0) == expected
    st, events = act(st, 0, "accuse:napoletana:c")
    assert events == [
        {
            "type": "accuse",
            "seat": 0,
            "combination": "napoletana:c",
            "cards": ["Ac", "2c", "3c"],
            "points": 3,
        }
    ]
    assert st.current == 0
    assert not any(a.startswith("accuse") for a in RULES.legal_actions(st, 0))
    with pytest.raises(GameError, match="already"):
        act(st, 0, "accuse:napoletana:c")
    st, _ = act(st, 0, "play:4c")
    rng = random.Random(6)
    while st.tricks == [] or st.current != 0:
        seat = seat_on_turn(RULES, st)
        st, _ = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))
    assert not any(a.startswith("accuse") for a in RULES.legal_actions(st, 0))
    with pytest.raises(GameError, match="first trick"):
        act(st, 0, "accuse:napoletana:c")
    over = _deal_over(st)
    assert over["accusi"] == [3, 0]
    assert over["scores"] == [over["points"][0] + 3, over["points"][1]]


BUONGIOCO = ["2c", "2d", "2s", "2b", "3c", "3d", "3b", "5s", "6s", "7s"]


def test_a_buongioco_of_four_and_one_of_three_are_declared_on_the_first_turn() -> None:
    """7. Seat 1 holds the four 2s and three 3s (no 3 di Spade): buongioco:2 and
    buongioco:3:s, 7 points for side 1; buongioco:2:c and buongioco:3 are refused."""
    st = start(fill([["4c"], BUONGIOCO, [], []]))
    st, _ = act(st, 0, "play:4c")
    legal = RULES.legal_actions(st, 1)
    assert [a for a in legal if a.startswith("accuse")] == [
        "accuse:buongioco:3:s",
        "accuse:buongioco:2",
    ]
    for refused in ("accuse:buongioco:2:c", "accuse:buongioco:3"):
        with pytest.raises(GameError, match="do not hold"):
            act(st, 1, refused)
    st, _ = act(st, 1, "accuse:buongioco:2")
    st, _ = act(st, 1, "accuse:buongioco:3:s")
    assert st.current == 1
    assert RULES.legal_actions(st, 1) == ["play:3c", "play:2c"]  # coppe led, high first
    assert _deal_over(st)["accusi"] == [0, 7]


def _deal_over(st: TressetteState) -> dict[str, Any]:
    """Play the deal out at random: its deal_over event."""
    rng = random.Random(7)
    while True:
        seat = seat_on_turn(RULES, st)
        st, events = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))
        for event in _events(events, "deal_over"):
            return event


def third_deal(state: TressetteState, results: list[list[int]]) -> TressetteState:
    """``state``, a deal dealt from an explicit deck, as the third deal of a match whose first
    two scored ``results``. Example 8's totals before the deal cannot be a first deal's (a
    deal gives 11 points and its accusi: 21 at most, as 18 in one hand and 3 in another, so
    no deal ends 17–15, 19–16 or 16–15), and a match's later deals are shuffled from its seed:
    so the earlier deals come as a saved match gives them, their scores only, and the deal is
    played through the contract."""
    totals = [sum(points) for points in zip(*results, strict=True)]
    data = {**RULES.dump(state), "deal_no": 3, "results": results, "totals": totals}
    return RULES.load(data)


@pytest.mark.parametrize(
    ("before", "tricks", "first", "declared", "scores", "after", "winner"),
    [
        ([[9, 8], [8, 7]], SPLIT, 1, [], [4, 7], [21, 22], 1),  # the higher total wins
        ([[10, 8], [9, 8]], SPLIT, 1, [], [4, 7], [23, 23], None),  # level: another deal
        ([[8, 8], [8, 7]], NAPOLETANA_AND_FIVE, 0, ["napoletana:c"], [8, 6], [24, 21], 0),
    ],
)
def test_the_match_ends_at_a_deals_end_with_the_higher_total(
    before: list[list[int]],
    tricks: list[list[str]],
    first: int,
    declared: list[str],
    scores: list[int],
    after: list[int],
    winner: int | None,
) -> None:
    """8. Target 21: 17–15 and a deal of 4–7 (example 4's deal, led by seat 1) give 21–22,
    side 1 wins; 19–16 give 23–23, another deal; 16–15 and 5 points plus a napoletana against
    6 give 24–21, side 0 wins."""
    st = third_deal(start(hands_for(tricks, first), first=first), before)
    for combination in declared:
        st, _ = act(st, 0, f"accuse:{combination}")
    st, events = play_tricks(st, tricks)
    (over,) = _events(events, "deal_over")
    assert over["scores"] == scores
    assert over["totals"] == after
    assert st.totals == after
    ended = _events(events, "match_over")
    if winner is None:
        assert ended == [] and st.current is not None and st.deal_no == 4
        assert _events(events, "deal")[0]["deal"] == 4
    else:
        assert ended[0]["winner"] == winner
        outcome = RULES.outcome(st)
        assert outcome is not None
        assert outcome["ranking"] == [[winner, winner + 2], [1 - winner, 3 - winner]]


def test_two_players_draw_the_winner_first_and_every_drawn_card_is_shown() -> None:
    """9. Seat 1 wins a trick with Rs and then 4d on the stock: seat 1 draws Rs, seat 0 the
    4d; both are shown to both players until played. Hands hold 10 until the tenth trick,
    then ten more play them out, and the twentieth takes the last-trick point."""
    hands = fill([["4c"], ["3c"]], keep=("Rs", "4d"))
    st = start(hands, stock=["Rs", "4d"])
    st, _ = act(st, 0, "play:4c")
    st, events = act(st, 1, "play:3c")
    assert [(e["seat"], e["card"]) for e in _events(events, "draw")] == [(1, "Rs"), (0, "4d")]
    for viewer in (0, 1, None):
        view = RULES.view(st, viewer)
        assert view["drawn"] == {"Rs": 1, "4d": 0}
        assert view["known"] == {"Rs": 1, "4d": 0}
        assert view["stock"] == 18
    rng = random.Random(9)
    tricks = 1
    while st.deal_no == 1:
        seat = seat_on_turn(RULES, st)
        st, events = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))
        for trick in _events(events, "trick"):
            tricks += 1
            assert trick["number"] == tricks
            assert trick["last"] == (tricks == 20)
            if tricks <= 10:
                assert [len(h) for h in st.hands] == [10, 10]
                assert len(st.stock) == 20 - 2 * tricks
            if tricks == 20:
                (over,) = _events(events, "deal_over")
                assert sum(over["thirds"]) == 35
    assert tricks == 20


def test_signals_are_held_to_the_truth_and_only_for_the_leader() -> None:
    """10. Seat 0 leads holding Ac 5c Rb and no other bastoni: Ac with busso or striscio, Rb
    with busso or volo; Ac:volo and Rb:striscio are refused; seat 1 has no signals."""
    st = start(fill([["Ac", "5c", "Rb"], [], [], []], void={0: "b"}))
    legal = RULES.legal_actions(st, 0)
    assert [a for a in legal if a.startswith("play:Ac")] == [
        "play:Ac",
        "play:Ac:busso",
        "play:Ac:striscio",
    ]
    assert [a for a in legal if a.startswith("play:Rb")] == [
        "play:Rb",
        "play:Rb:busso",
        "play:Rb:volo",
    ]
    with pytest.raises(GameError, match="Volo"):
        act(st, 0, "play:Ac:volo")
    with pytest.raises(GameError, match="Striscio"):
        act(st, 0, "play:Rb:striscio")
    st, events = act(st, 0, "play:Rb:volo")
    assert events == [{"type": "play", "seat": 0, "card": "Rb", "signal": "volo"}]
    assert RULES.view(st, 2)["signal"] == "volo"
    plays = [a for a in RULES.legal_actions(st, 1) if a.startswith("play:")]
    assert plays and all(a.count(":") == 1 for a in plays)
    card = plays[0].removeprefix("play:")
    with pytest.raises(GameError, match="leading"):
        act(st, 1, f"play:{card}:busso")


@pytest.mark.parametrize("seats", [2, 4])
def test_every_deal_gives_eleven_points_and_the_accusi(seats: int) -> None:
    """11. The pack; every deal 11 points plus the accusi; at two, both hands hold 10 after
    every draw, and the stock is used up after the tenth trick."""
    assert len(PACK) == len(set(PACK)) == 40
    for seed in range(20):
        st = RULES.new_game(seats=seats, seed=seed)
        rng = random.Random(seed)
        while RULES.outcome(st) is None:
            seat = seat_on_turn(RULES, st)
            st, events = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))
            for over in _events(events, "deal_over"):
                assert sum(over["points"]) == 11
                assert over["scores"] == [
                    p + a for p, a in zip(over["points"], over["accusi"], strict=True)
                ]
            if _events(events, "draw"):
                assert [len(h) for h in st.hands] == [10, 10]
            if seats == 2 and len(st.tricks) >= 10:
                assert st.stock == []
