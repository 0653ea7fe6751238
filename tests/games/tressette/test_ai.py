"""Tressette's AI (``tests/games/test_ai.py`` checks at two and four seats that it plays legal
moves, deterministically, and never peeks): a whole match, its samples keeping every public
fact, and the easy level's accusi, natural signals and rules of thumb for following: low when
it cannot take, with the 3 or the 2 when that takes the trick and pays."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import make_player
from bot.games.ai.search import best_by_halving
from bot.games.tressette.engine import TressetteState
from bot.games.tressette.policy import distinct, natural_signal
from bot.games.tressette.sample import Sampler, voids
from tests.games.support import seat_on_turn

from .deals import RULES, act, fill, start


def random_position(seats: int, seed: int) -> TressetteState:
    """A position some random moves into a match (not over)."""
    rng = random.Random(seed)
    state = RULES.new_game(seats=seats, seed=seed)
    for _ in range(rng.randrange(1, 70)):
        seat = seat_on_turn(RULES, state)
        nxt, _ = act(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        if RULES.outcome(nxt) is not None:
            break
        state = nxt
    return state


@pytest.mark.parametrize("seats", [2, 4])
def test_a_whole_match_of_hard_against_easy_ends(seats: int) -> None:
    players = [make_player("tressette", lv, budget=16) for lv in ("hard", "easy")]
    state = RULES.new_game(seats=seats, seed=5, options={"target": 11})
    rng = random.Random(5)
    while RULES.outcome(state) is None:
        seat = seat_on_turn(RULES, state)
        legal = RULES.legal_actions(state, seat)
        move = players[seat % 2].choose(RULES.view(state, seat), legal, rng)
        assert move in legal
        state, _ = act(state, seat, move)


def _samples(state: TressetteState, seat: int, n: int = 40) -> list[TressetteState]:
    sampler = Sampler(RULES.view(state, seat))
    rng = random.Random(1)
    return [sampler.draw(rng) for _ in range(n)]


@pytest.mark.parametrize("seats", [2, 4])
def test_every_sample_keeps_the_public_facts(seats: int) -> None:
    """Known cards where they are, each hand its size, no card of a suit a seat showed it
    lacks among the cards it was dealt, the stock its size; the same trick and tricks."""
    for seed in range(12):
        state = random_position(seats, seed)
        seat = seat_on_turn(RULES, state)
        view = RULES.view(state, seat)
        lacks = voids(view)
        for sample in _samples(state, seat):
            assert RULES.view(sample, seat) == view
            for other, hand in enumerate(sample.hands):
                hidden = [c for c in hand if c not in view["known"]]
                if other != seat:
                    assert not any(c[-1] in lacks[other] for c in hidden), (seed, other)
                for card, at in view["known"].items():
                    assert (card in hand) == (at == other)


def test_a_volo_and_a_card_off_suit_say_a_suit_is_gone() -> None:
    """Seat 0 leads its only bastoni saying volo; seat 1 has no bastoni and plays another
    suit: no sample gives either of them a bastoni."""
    st = start(fill([["Rb"], [], [], []], void={0: "b", 1: "b"}))
    st, _ = act(st, 0, "play:Rb:volo")
    st, _ = act(st, 1, f"play:{st.hands[1][0]}")
    view = RULES.view(st, 2)
    assert voids(view)[0] == {"b"} and voids(view)[1] == {"b"}
    for sample in _samples(st, 2):
        assert not any(c[-1] == "b" for c in sample.hands[0] + sample.hands[1])


def test_easy_declares_what_it_holds_and_leads_with_the_natural_signal() -> None:
    """It declares its napoletana, then leads the 3 di Coppe, which nobody can beat, saying
    striscio: it holds more coppe."""
    easy = make_player("tressette", "easy")
    st = start(fill([["Ac", "2c", "3c", "Rb"], [], [], []], void={0: "b"}))
    for expected in ("accuse:napoletana:c", "play:3c:striscio"):
        move = easy.choose(RULES.view(st, 0), RULES.legal_actions(st, 0), random.Random(0))
        assert move == expected
        st, _ = act(st, 0, move)


LOW = ["5d", "6d", "7d", "4s", "5s", "6s", "7s"]
"""Seven cards worth nothing, to make a hand of ten with three coppe."""


def _easy_plays(held: list[str], played: list[str], seats: int = 4) -> str | None:
    """The card ``easy`` plays holding ``held`` (ten cards, or three coppe and ``LOW``), on turn
    after ``played`` (the trick so far, from seat 0's lead); the other cards dealt in the pack's
    order, and no accusi."""
    held = held if len(held) == 10 else [*held, *LOW]
    given = [[c] for c in played] + [held] + [[] for _ in range(seats - len(played) - 1)]
    st = start(fill(given), options={"accusi": False})
    for seat, card in enumerate(played):
        st, _ = act(st, seat, f"play:{card}")
    seat = len(played)
    move = make_player("tressette", "easy").choose(
        RULES.view(st, seat), RULES.legal_actions(st, seat), random.Random(0)
    )
    assert move is not None and move.startswith("play:")
    return move.removeprefix("play:")


@pytest.mark.parametrize(
    ("held", "played", "low"),
    [
        (["Ac", "Rc", "4c"], ["3c"], "4c"),  # the 3 takes: the 4, not the Asso nor the Re
        (["Ac", "2c", "4c"], ["Rc", "3c"], "4c"),  # nor does the 2 take the 3
        (["2c", "5c", "6c"], ["Fc"], "5c"),  # the 2 would take, but not surely: the 3 is out
        (["Ad", "2d", "Rd", "4d", "5s", "Fs", "3b", "2b", "Cb", "7b"], ["3c"], "4d"),  # no coppe
    ],
)
def test_easy_follows_low_when_it_cannot_take(held: list[str], played: list[str], low: str) -> None:
    assert _easy_plays(held, played) == low


@pytest.mark.parametrize(
    ("held", "played", "seats", "card"),
    [
        (["3c", "5c", "6c"], ["Rc"], 4, "3c"),  # a Re to take: the 3 takes it surely
        (["3c", "2c", "6c"], ["Fc"], 4, "2c"),  # the 2 as surely, with the 3 in hand: the 2
        (["3c", "5c", "6c"], ["4c"], 4, "3c"),  # nothing to take, but the partner will load it
        (["3c", "5c", "Ac"], ["4c", "Fc"], 4, "3c"),  # third to play: the Fante is worth it
        (["3c", "5c", "Ac"], ["4c"], 2, "Ac"),  # last to play: the card worth most
    ],
)
def test_easy_takes_with_the_3_or_the_2_when_that_takes_the_trick_and_pays(
    held: list[str], played: list[str], seats: int, card: str
) -> None:
    assert _easy_plays(held, played, seats) == card


def test_easy_keeps_its_3_when_the_trick_is_worth_nothing_and_an_opponent_plays_after() -> None:
    """Third to play at four, the 6 di Coppe of its opponent on top of its partner's 4: the 3
    would take nothing, and takes a trick whenever it is played; it follows low."""
    assert _easy_plays(["3c", "5c", "Ac"], ["4c", "6c"]) == "5c"


def test_easy_loads_with_the_asso_the_trick_its_partner_holds_as_last_to_play() -> None:
    assert _easy_plays(["Ac", "7c", "6c"], ["4c", "3c", "5c"]) == "Ac"


@pytest.mark.parametrize(
    ("hand", "card", "gone", "word"),
    [
        (["Rb", "Ac"], "Rb", set(), "volo"),  # the last bastoni
        (["4c", "5c", "Ac"], "4c", set(), "busso"),  # the Asso, and the 3 and 2 are out
        (["4c", "5c", "Ac"], "4c", {"3c", "2c"}, "striscio"),  # the Asso is now the best
        (["4c", "5c"], "4c", set(), None),  # one more coppe: nothing worth saying
    ],
)
def test_the_natural_signals(hand: list[str], card: str, gone: set[str], word: str | None) -> None:
    assert natural_signal(hand, card, gone) == word


def test_the_search_keeps_one_of_the_cards_that_are_alike() -> None:
    """The 7 and the 5 di Coppe are alike while the 6 is in this hand or gone; not while it
    is still out. The Re and the Cavallo are worth a third each, the 4 nothing."""
    assert distinct(["7c", "6c", "5c", "Rc"], out=["Cc", "3c"]) == ["5c", "Rc"]
    assert distinct(["7c", "5c"], out=["6c"]) == ["7c", "5c"]
    assert distinct(["Rc", "Cc", "4c"], out=[]) == ["Cc", "4c"]
    assert distinct(["Rc", "Cc", "Rd"], out=["Cd"]) == ["Cc", "Rd"]


def test_halving_spends_its_budget_on_the_close_candidates() -> None:
    """Eight candidates worth 0 to 7 (give or take 3 a playout): halving keeps the best,
    within its budget, and plays the last two more often than the first to go."""
    played: dict[str, int] = {}

    class Rules:
        def apply(self, state: object, seat: int, action: str) -> tuple[str, list[object]]:
            return action, []

    def playout(action: Any, rng: random.Random) -> float:
        played[action] = played.get(action, 0) + 1
        return int(action) + rng.uniform(-3, 3)

    candidates = [str(i) for i in range(8)]
    rules: Any = Rules()
    best = best_by_halving(rules, 0, candidates, lambda r: None, playout, random.Random(1), 240)
    assert best == "7"
    assert sum(played.values()) <= 240
    assert played["7"] > 2 * played["0"]
