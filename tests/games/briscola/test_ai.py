"""The Briscola AI: easy's rules of thumb, the fast deal of the search against the engine,
the exact endgame, the sampler, hard reading only its view, and hard beating easy."""

from __future__ import annotations

import random

from bot.games.ai import Player
from bot.games.briscola.ai import EasyPlayer, HardPlayer, Sampler
from bot.games.briscola.cards import PACK
from bot.games.briscola.engine import BriscolaState
from bot.games.briscola.lookahead import values
from bot.games.briscola.playout import Deal
from bot.games.briscola.policy import choose_card
from bot.games.kit import clone

from .deals import RULES, act, last_trick, start

EASY = EasyPlayer()


def choice(player: Player, st: BriscolaState, seed: int = 1) -> str:
    seat = st.current
    assert seat is not None
    pick = player.choose(RULES.view(st, seat), RULES.legal_actions(st, seat), random.Random(seed))
    assert isinstance(pick, str)
    return pick


def test_easy_throws_a_liscio_rather_than_a_carico_when_it_cannot_win() -> None:
    st = start([["Ad", "5s", "6b"], ["3c", "4s", "Ab"]], "4d")  # trumps denari
    st, _ = act(st, 0, "play:Ad")
    assert choice(EASY, st) == "play:4s"


def test_easy_takes_a_carico_with_a_trump_and_strozza_the_three_with_the_asso() -> None:
    st = start([["3c", "5s", "6b"], ["2d", "4s", "Fb"]], "4d")
    st, _ = act(st, 0, "play:3c")
    assert choice(EASY, st) == "play:2d"
    st = start([["3c", "5s", "6b"], ["2d", "Ac", "Fb"]], "4d")
    st, _ = act(st, 0, "play:3c")
    assert choice(EASY, st) == "play:Ac"  # no trump spent: the strozzo


def test_easy_leads_a_liscio_and_keeps_its_trumps_and_carichi() -> None:
    assert choose_card(["Ad", "3c", "4s"], [], 2, "d") == "4s"
    assert choose_card(["Ad", "3c", "Rs"], [], 2, "d") == "Rs"


def test_easy_swaps_the_seven_only_for_a_briscola_worth_points() -> None:
    options = {"swap_seven": True}
    st = start([["7d", "5s", "6b"], ["Ac", "7b", "Fb"]], "Ad", options=options)
    assert choice(EASY, st) == "swap"
    st = start([["7d", "5s", "6b"], ["Ac", "7b", "Fb"]], "2d", options=options)
    assert choice(EASY, st) != "swap"


def test_at_four_easy_loads_a_trick_its_partner_holds_for_sure() -> None:
    # Seat 2 plays; its partner, seat 0, holds the trick. Trumps denari.
    assert choose_card(["3s", "4b", "Rb"], ["Ac", "5c"], 4, "d") == "4b"  # seat 3 may trump
    assert choose_card(["3s", "4b", "Rb"], ["Ad", "5c"], 4, "d") == "3s"  # nothing beats it
    assert choose_card(["3s", "4b", "Rb"], ["5c", "Ac", "6c"], 4, "d") == "3s"  # the last card


def test_the_playout_deal_plays_as_the_engine_does() -> None:
    for seed in range(30):
        seats = (2, 3, 4)[seed % 3]
        st = RULES.new_game(seats=seats, seed=seed, options={"deals_to_win": 5})
        deal = Deal.of(st)
        rng = random.Random(seed)
        while st.deal_no == 1:
            seat = st.current
            assert seat is not None and deal.current == seat
            assert sorted(deal.hands[seat]) == sorted(st.hands[seat])
            card = rng.choice(st.hands[seat])
            deal.play(card)
            st, _ = act(st, seat, f"play:{card}")
        assert deal.points == st.results[0]


def test_hard_finds_the_winning_line_of_an_endgame_with_the_stock_empty() -> None:
    """Trumps spade; seat 0 has 55 points and leads. The liscio easy leads loses every trick;
    the Fante of denari, which seat 1 can neither follow nor trump, takes the 3 seat 1 must
    throw on it: 67 points (the 38 left in the hands: 12 of them, 26 lost)."""
    hands = [["Rb", "Fd", "2c"], ["3c", "Ac", "Ab"]]
    held = {c for h in hands for c in h}
    rest = [c for c in PACK if c not in held]
    mine = ["Ad", "As", "3d", "3s", "Rd", "Rs", "Rc", "Cs", "5d", "4d"]  # 55 points
    st = last_trick(hands, [mine, [c for c in rest if c not in mine]], "5s")
    view = RULES.view(st, 0)
    assert Sampler(view).certain
    assert values(Deal.of(st), 0) == {"Rb": -38, "Fd": -14, "2c": -38}
    assert choice(EASY, st) == "play:2c"
    assert choice(HardPlayer(budget=8), st) == "play:Fd"


def test_the_sampler_keeps_what_the_seat_knows_and_hides_the_rest() -> None:
    st = start([["7d", "5s", "6b"], ["Ac", "7b", "Fb"]], "Ad", options={"swap_seven": True})
    st, _ = act(st, 0, "swap")
    st, _ = act(st, 0, "play:5s")
    sampler = Sampler(RULES.view(st, 1))
    assert not sampler.certain
    deals = [sampler.draw(random.Random(seed)) for seed in range(20)]
    for sample in deals:
        assert "Ad" in sample.hands[0] and sample.face_up == "7d" and sample.trick == ["5s"]
        assert sorted(sample.hands[1]) == ["7b", "Ac", "Fb"]
        assert len(sample.hands[0]) == 2 and len(sample.stock) == len(st.stock)
        RULES.load(RULES.dump(sample))  # a whole pack, each card once
    assert len({tuple(sorted(s.hands[0])) for s in deals}) > 5


def test_hard_chooses_alike_in_two_deals_its_seat_sees_alike() -> None:
    """The same view, other hidden cards (the other hand and the stock dealt again): the same
    choice, from the first trick to the exact search near the end."""
    hard = HardPlayer(budget=6)
    moved = 0
    for seed in range(24):
        rng = random.Random(seed)
        st = RULES.new_game(seats=2, seed=seed)
        for _ in range(rng.randrange(0, 34)):
            seat = st.current
            assert seat is not None
            st, _ = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))
        seat = st.current
        assert seat is not None and st.deal_no == 1
        other = clone(st)
        hidden = other.hands[1 - seat] + other.stock
        rng.shuffle(hidden)
        size = len(other.hands[1 - seat])
        other.hands[1 - seat], other.stock = hidden[:size], hidden[size:]
        moved += other.hands[1 - seat] != st.hands[1 - seat]
        assert RULES.view(other, seat) == RULES.view(st, seat)
        assert choice(hard, other, seed) == choice(hard, st, seed)
    assert moved >= 16


def test_hard_beats_easy_over_a_fixed_set_of_seeds() -> None:
    """Sixteen deals, each played twice with the seats swapped: hard wins more of them (it plays
    to win the deal, over 60, rather than for the most points)."""
    hard = HardPlayer(budget=12)
    points = {"hard": 0, "easy": 0}
    won = {"hard": 0, "easy": 0}
    for seed in range(32):
        hard_seat = seed % 2
        players: dict[int, Player] = {hard_seat: hard, 1 - hard_seat: EASY}
        st = RULES.new_game(seats=2, seed=seed // 2, options={"deals_to_win": 5})
        rng = random.Random(seed)
        while not st.results:
            seat = st.current
            assert seat is not None
            view, legal = RULES.view(st, seat), RULES.legal_actions(st, seat)
            pick = players[seat].choose(view, legal, rng)
            assert pick is not None
            st, _ = act(st, seat, pick)
        result = st.results[0]
        points["hard"] += result[hard_seat]
        points["easy"] += result[1 - hard_seat]
        if result[0] != result[1]:
            won["hard" if result[hard_seat] > 60 else "easy"] += 1
    assert won["hard"] >= won["easy"] + 3, (points, won)
