"""The AI players: legal, deterministic, forgetful when easy, and never peeking."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import pytest

from bot.games import GAMES, SPECS, GameError, make_player
from bot.games.base import Rules
from bot.games.centocinque.engine import CentocinqueState
from tests.games.support import hidden_cards, redealt, seat_on_turn, table_sizes

LEVELS = ("random", "easy", "hard")


def _sizes() -> list[Any]:
    """Every registered game at each of its table sizes."""
    return [
        pytest.param(name, seats, id=f"{name}-{seats}")
        for name, spec in SPECS.items()
        for seats in table_sizes(spec)
    ]


def random_position(game: str, seats: int, seed: int) -> Any:
    """A position some random moves into a game (not over)."""
    rules = GAMES[game]
    rng = random.Random(seed)
    state = rules.new_game(seats=seats, seed=seed)
    for _ in range(rng.randrange(1, 60)):
        seat = seat_on_turn(rules, state)
        nxt, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        if rules.outcome(nxt) is not None:
            break
        state = nxt
    return state


@pytest.mark.parametrize(("game", "seats"), _sizes())
@pytest.mark.parametrize("level", LEVELS[1:])
def test_the_ai_never_peeks(game: str, seats: int, level: str) -> None:
    rules = GAMES[game]
    player = make_player(game, level, budget=24)
    changed = movable = 0
    for seed in range(25):
        state = random_position(game, seats, seed)
        seat = seat_on_turn(rules, state)
        other = redealt(SPECS[game], state, seat, random.Random(seed))
        changed += rules.dump(other) != rules.dump(state)
        movable += sum(bool(cards) for cards in hidden_cards(SPECS[game], state, seat)) > 1
        assert rules.view(other, seat) == rules.view(state, seat)
        assert rules.legal_actions(other, seat) == rules.legal_actions(state, seat)
        picks = [
            player.choose(rules.view(s, seat), rules.legal_actions(s, seat), random.Random(seed))
            for s in (state, other)
        ]
        assert picks[0] == picks[1]
    # The hidden cards really moved, wherever two places held some (the rules may allow no
    # other deal of a few: one that belies no signal and no card off the suit led).
    assert movable > 15 and changed >= movable - 2


@pytest.mark.parametrize(("game", "seats"), _sizes())
@pytest.mark.parametrize("level", LEVELS)
def test_the_ai_plays_legal_moves_and_is_deterministic(game: str, seats: int, level: str) -> None:
    rules = GAMES[game]
    player = make_player(game, level, budget=24)
    for seed in range(15):
        state = random_position(game, seats, seed)
        seat = seat_on_turn(rules, state)
        view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
        first = player.choose(view, legal, random.Random(seed))
        assert first in legal
        assert player.choose(view, legal, random.Random(seed)) == first


def test_unknown_levels_and_games_are_refused_by_name() -> None:
    with pytest.raises(GameError, match="“expert”"):
        make_player("cento", "expert")
    with pytest.raises(GameError, match="“poker”"):
        make_player("poker", "easy")


def _two_card_turn(seed: int) -> CentocinqueState | None:
    """A fresh deal where the player on turn holds two cards, one of them playable."""
    rules: Rules[CentocinqueState] = GAMES["centocinque"]
    state = rules.new_game(seats=2, seed=seed)
    seat = seat_on_turn(rules, state)
    plays = [a for a in rules.legal_actions(state, seat) if a.startswith("play:")]
    if not plays:
        return None
    data = rules.dump(state)
    hand = data["hands"][data["current"]]
    keep = plays[0].split(":")[1]
    spare = next(c for c in hand if c != keep)
    data["stock"] += [c for c in hand if c not in (keep, spare)]
    data["hands"][data["current"]] = [keep, spare]
    return rules.load(data)


def test_easy_sometimes_forgets_penultima_and_hard_never_does() -> None:
    rules = GAMES["centocinque"]
    easy, hard = make_player("centocinque", "easy"), make_player("centocinque", "hard", budget=8)
    said = {"easy": 0, "hard": 0}
    trials = 0
    for seed in range(300):
        state = _two_card_turn(seed)
        if state is None:
            continue
        seat = seat_on_turn(rules, state)
        legal = rules.legal_actions(state, seat)
        if not any(a.endswith(":penultima") for a in legal):
            continue
        trials += 1
        view = rules.view(state, seat)
        easy_pick = easy.choose(view, legal, random.Random(seed))
        hard_pick = hard.choose(view, legal, random.Random(seed))
        assert easy_pick is not None and hard_pick is not None  # the seat is on turn
        said["easy"] += easy_pick.endswith(":penultima")
        said["hard"] += hard_pick.endswith(":penultima")
    assert trials > 100
    assert said["hard"] == trials
    assert 0.6 * trials < said["easy"] < 0.95 * trials


def test_hard_always_calls_out_a_missed_penultima() -> None:
    hard = make_player("centocinque", "hard", budget=8)
    view = {"seat": 1, "current": 2, "missed": 0}
    assert hard.choose(view, ["callout:0"], random.Random(1)) == "callout:0"
    assert hard.choose(view, [], random.Random(1)) is None
    # Seat 0 said penúltima: a call-out is legal (with the wrong-call penalty) but wrong.
    assert hard.choose({**view, "missed": None}, ["callout:0"], random.Random(1)) is None


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_the_ai_calls_out_only_a_missed_penultima_when_wrong_calls_are_legal(level: str) -> None:
    """With ``false_callout_penalty`` any one-card opponent may be called; the AI calls only
    the one whose miss everyone saw (the public ``missed``), so it never pays for a wrong call."""
    rules = GAMES["centocinque"]
    # An easy player at seat 0 forgets penúltima now and then, so there are misses to call.
    players = [make_player("centocinque", "easy")]
    players += [make_player("centocinque", level, budget=4) for _ in range(2)]
    rng = random.Random(7)
    calls = {"right": 0, "wrong": 0}
    for seed in range(12):
        state = rules.new_game(seats=3, seed=seed, options={"false_callout_penalty": 2})
        for _ in range(3000):
            if rules.outcome(state) is not None:
                break
            turn = seat_on_turn(rules, state)
            off_turn = [s for s in rules.to_act(state) if s != turn]
            for seat in [*off_turn, turn]:
                legal = rules.legal_actions(state, seat)
                action = players[seat].choose(rules.view(state, seat), legal, rng)
                if action is not None:
                    break
            assert action is not None
            state, events = rules.apply(state, seat, action)
            for event in events:
                if event["type"] == "callout":
                    calls["wrong" if event.get("wrong") else "right"] += 1
    assert calls["wrong"] == 0 and calls["right"] > 0, calls


def test_easy_one_hundred_squeezes_and_busts_with_its_biggest_card() -> None:
    from bot.games.cento.ai import easy_action

    assert easy_action(["TS", "9C", "KH"], 80, False) == "play:TS"  # 100: the most squeeze
    assert easy_action(["3S", "6D", "QC"], 98, False) == "play:QC"  # all bust: the biggest goes


def test_easy_one_hundred_is_sometimes_careless() -> None:
    easy = make_player("cento", "easy")
    view = {"seat": 0, "current": 0, "total": 80, "hand": ["TS", "9C", "KH"]}
    view["options"] = {"allow_negative": False}
    legal = ["play:TS", "play:9C", "play:KH"]
    picks = [easy.choose(view, legal, random.Random(seed)) for seed in range(300)]
    assert set(picks) == set(legal)
    assert 0.7 < picks.count("play:TS") / len(picks) < 0.9


def test_hard_one_hundred_keeps_an_escape_when_a_plain_card_is_safe() -> None:
    from bot.games.cento.ai import careful_action

    assert careful_action(["TS", "9C", "KH"], 80, False) == "play:9C"
    assert careful_action(["TS", "AS", "KH"], 100, False) == "play:KH"
    assert careful_action(["AS", "9C"], 95, False) == "play:AS:100"


def test_the_easy_centocinque_player_does_not_depend_on_the_hash_seed() -> None:
    """Python varies the order of a set of strings from run to run (PYTHONHASHSEED); a seeded
    AI must choose the same moves in every run, so ``simulate`` repeats its results."""
    script = (
        "from bot.cli.simulate import simulate\n"
        "report = simulate('centocinque', 2, ['easy', 'random'], 3, 1)\n"
        "print(report['per_seat'])\n"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in (1, 2)
    }
    assert len(runs) == 1


def test_hard_one_hundred_searches_no_escape_while_a_plain_card_is_safe() -> None:
    hard = make_player("cento", "hard", budget=24)
    view = {"seat": 0, "current": 0, "options": {"allow_negative": False}}
    legal = ["play:TS", "play:9C", "play:KH"]
    pick = hard.choose({**view, "hand": ["TS", "9C", "KH"], "total": 80}, legal, random.Random(1))
    assert pick == "play:9C"  # the only plain card that is safe: nothing to search
    legal = ["play:3S", "play:6D", "play:QC"]
    pick = hard.choose({**view, "hand": ["3S", "6D", "QC"], "total": 98}, legal, random.Random(1))
    assert pick == "play:QC"  # no safe card: the biggest goes, as the careful rule throws


def test_the_one_hundred_win_chance_weighs_chips_as_the_match_does() -> None:
    from bot.games.cento.ai import win_chance

    assert win_chance(3, (3, 3, 3)) == pytest.approx(0.25)  # four alike: par
    assert win_chance(0, (1, 2)) == 0.0  # out
    assert win_chance(1, (0, 0, 0)) == 1.0  # the last one in
    assert win_chance(2, (3, 0, 3)) == win_chance(2, (3, 3))  # the knocked out do not count
    for chips in [(3, 2, 1, 3), (1, 1, 2, 0), (2, 3, 3, 1), (1, 1, 1, 1)]:
        chances = [win_chance(c, chips[:s] + chips[s + 1 :]) for s, c in enumerate(chips)]
        assert sum(chances) == pytest.approx(1.0)  # someone wins
    assert win_chance(2, (1,)) == pytest.approx(0.75)  # out only by losing twice running
    assert win_chance(1, (1, 1)) == pytest.approx(1 / 3)
    assert win_chance(1, (2, 2, 2)) < win_chance(2, (2, 2, 2)) < win_chance(3, (2, 2, 2))
    assert win_chance(2, (3, 2, 2)) < win_chance(2, (2, 2, 2)) < win_chance(2, (1, 2, 2))


def test_the_one_hundred_playout_models_a_careless_pick_from_the_legal_cards() -> None:
    from bot.games.cento.ai import safe_cards

    assert safe_cards(["TS", "9C", "KH", "9C"], 95, False) == ["TS", "KH"]
    assert safe_cards(["3S", "6D", "QC"], 98, False) == ["3S", "6D", "QC"]  # none safe: any
    assert safe_cards(["AS", "9C"], 95, False) == ["AS"]  # a chosen Ace is always safe


def test_the_one_hundred_safe_cards_are_the_cards_of_the_legal_actions() -> None:
    from bot.games.cento.ai import safe_cards

    rules = GAMES["cento"]
    for seed in range(40):
        state = random_position("cento", 3, seed)
        seat = seat_on_turn(rules, state)
        cards = dict.fromkeys(a.split(":")[1] for a in rules.legal_actions(state, seat))
        assert safe_cards(state.hands[seat], state.total, False) == list(cards)
