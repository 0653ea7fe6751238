"""Scopa's AI players: easy's rules of thumb and its slips, and hard beating easy."""

from __future__ import annotations

import random

from bot.games import make_player
from bot.games.scopa.ai import EasyPlayer, sample, unseen
from bot.games.scopa.cards import PACK

from .positions import RULES, position


def _careful() -> EasyPlayer:
    player = EasyPlayer()
    player.mistake = 0.0
    return player


def test_easy_takes_the_settebello_when_it_can() -> None:
    st = position([["7b", "3s", "Rs"], ["4c", "5c", "6c"]], ["7d", "4s", "3c"])
    view, legal = RULES.view(st, 0), RULES.legal_actions(st, 0)
    assert "play:7b:7d" in legal and "play:3s:3c" in legal
    assert _careful().choose(view, legal, random.Random(1)) == "play:7b:7d"


def test_easy_prefers_a_scopa_and_otherwise_does_not_leave_one() -> None:
    st = position([["5b", "2s", "Rs"], ["4c", "Ac", "6c"]], ["2c", "3s"])
    view, legal = RULES.view(st, 0), RULES.legal_actions(st, 0)
    assert _careful().choose(view, legal, random.Random(1)) == "play:5b:2c+3s"  # a scopa
    # Nothing to take: laying the 2 leaves 3 + 1 + 2 = 6 for a 6 to sweep; the Re leaves 14.
    st = position([["2s", "Rs"], ["4c", "6c"]], ["3s", "Ab"])
    view, legal = RULES.view(st, 0), RULES.legal_actions(st, 0)
    assert legal == ["play:2s", "play:Rs"]
    assert _careful().choose(view, legal, random.Random(1)) == "play:Rs"


def test_easy_keeps_its_sevens_when_laying_down() -> None:
    st = position([["7s", "Fb"], ["4c", "6c"]], ["Rc", "Cc"])
    view, legal = RULES.view(st, 0), RULES.legal_actions(st, 0)
    assert _careful().choose(view, legal, random.Random(1)) == "play:Fb"


def test_easy_slips_now_and_then_like_a_person() -> None:
    st = position([["7b", "3s", "Rs"], ["4c", "5c", "6c"]], ["7d", "4s", "3c"])
    view, legal = RULES.view(st, 0), RULES.legal_actions(st, 0)
    picks = [EasyPlayer().choose(view, legal, random.Random(seed)) for seed in range(400)]
    best = picks.count("play:7b:7d") / len(picks)
    assert 0.85 < best < 0.99


def test_the_unseen_cards_are_what_public_play_leaves() -> None:
    st = RULES.new_game(seats=3, seed=4)
    rng = random.Random(4)
    for _ in range(14):
        seat = st.current
        assert seat is not None
        st, _ = RULES.apply(st, seat, rng.choice(RULES.legal_actions(st, seat)))
    seat = st.current
    assert seat is not None
    view = RULES.view(st, seat)
    hidden = [c for s, h in enumerate(st.hands) if s != seat for c in h] + st.stock
    assert unseen(view) == [c for c in PACK if c in hidden]
    sampled = sample(view, random.Random(1))
    assert RULES.view(sampled, seat) == view  # a sample fits everything the seat knows
    assert sorted(sampled.piles[0]) == sorted(st.piles[0])


def test_hard_beats_easy_over_fixed_seeds() -> None:
    won = 0
    for seed in range(6):
        hard_seat = seed % 2
        players = [make_player("scopa", "easy"), make_player("scopa", "easy")]
        players[hard_seat] = make_player("scopa", "hard", budget=40)
        rng = random.Random(seed)
        st = RULES.new_game(seats=2, seed=seed)
        while (outcome := RULES.outcome(st)) is None:
            seat = st.current
            assert seat is not None
            legal = RULES.legal_actions(st, seat)
            action = players[seat].choose(RULES.view(st, seat), legal, rng)
            assert action in legal
            st, _ = RULES.apply(st, seat, action)
        won += outcome["ranking"][0] == [hard_seat]
    assert won >= 4


def test_hard_plays_the_round_s_last_card_even_when_it_ends_the_game() -> None:
    # The very last card: both takes give seat 0 the whole table (the last take sweeps it), and
    # the round's points end the game. Seat 0 took every other card in one (made-up) take.
    hand, table = ["7d"], ["3c", "4c", "2s", "5s"]
    taken = [c for c in PACK if c not in hand + table]
    take = {"seat": 0, "card": taken[0], "took": taken[1:]}
    st = position([hand, []], table, stock=[], piles=[taken, []], takes=[take], scores=[10, 9])
    legal = RULES.legal_actions(st, 0)
    assert legal == ["play:7d:3c+4c", "play:7d:2s+5s"]
    action = make_player("scopa", "hard").choose(RULES.view(st, 0), legal, random.Random(1))
    assert action == legal[0]
    _, events = RULES.apply(st, 0, action)
    assert events[-1]["type"] == "game_over"
