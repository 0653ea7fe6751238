"""The simulated people's pure parts: reading a hand's moves, choosing one."""

from __future__ import annotations

import random

from bench.players import CHOOSERS, careful, move_options
from bot.games import GAMES
from bot.views.render import hand_choices
from tests.e2e.driver import TableRow
from tests.games.support import seat_on_turn


def test_a_hand_offers_its_move_buttons_and_select_options() -> None:
    hand = {
        "components": [
            {
                "type": 1,
                "components": [
                    {"type": 2, "custom_id": "tv:m:7:1:4:play:KS", "label": "K♠"},
                    {"type": 2, "custom_id": "tv:m:7:1:4:play:AS", "label": "A♠"},
                ],
            },
            {
                "type": 1,
                "components": [
                    {
                        "type": 3,
                        "custom_id": "tv:ms:7:1:4:0",
                        "options": [{"label": "3♦", "value": "play:3D"}],
                    }
                ],
            },
            {"type": 1, "components": [{"type": 2, "custom_id": "tv:page:7:1:0", "label": "↻"}]},
        ]
    }
    assert move_options(hand) == {
        "play:KS": ("tv:m:7:1:4:play:KS", None),
        "play:AS": ("tv:m:7:1:4:play:AS", None),
        "play:3D": ("tv:ms:7:1:4:0", "play:3D"),
    }


def row_of(state: object) -> TableRow:
    rules = GAMES["cento"]
    return TableRow(1, "cento", "playing", 1, {}, [], 0, rules.dump(state), 0, 1)


def test_one_hundred_moves_keep_the_total_low_and_avoid_chooser_aces() -> None:
    rules = GAMES["cento"]
    rng = random.Random(1)
    checked = 0
    for seed in range(200):
        state = rules.new_game(seats=4, seed=seed)
        seat = seat_on_turn(rules, state)
        offered = [c.token for c in hand_choices("cento", rules.legal_actions(state, seat))]
        plain = [t for t in offered if t not in CHOOSERS]
        if len(plain) == len(offered):
            continue
        chosen = careful(row_of(state), seat, offered, rng)
        assert chosen in plain
        totals = {t: rules.dump(rules.apply(state, seat, t)[0])["total"] for t in plain}
        assert totals[chosen] == min(totals.values())
        checked += 1
    assert checked >= 3, "no deal put a chooser Ace in the first hand"
