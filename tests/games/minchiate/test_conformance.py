"""Random-play conformance of Minchiate over 500 seeds: one playthrough per seed, every promise
checked at every step (RULES.md §3.7 example 6 and DESIGN.md, "The engine contract")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games import GameError
from bot.games.minchiate import MinchiateState
from bot.games.minchiate.cards import PACK, POINTS

from .deals import RULES, every_card, visible

SEEDS = 500
CHUNK = 50
CODES = set(PACK)
MALFORMED = ("", "play", "play:", "play:ZZ", "discard:", "declare:1", "x" * 300, "pláy:T1", "::")


def strings_in(view: dict[str, Any]) -> set[str]:
    """Every string in a view (no view string holds a quote, so splitting the JSON is exact)."""
    return set(json.dumps(view).split('"')[1::2])


def refused(st: MinchiateState, seat: int, token: str) -> str:
    """The message of the GameError that refusing ``token`` raises."""
    try:
        RULES.apply(st, seat, token)
    except GameError as exc:
        return str(exc)
    raise AssertionError(f"{token!r} by seat {seat} was accepted")


def check_step(
    st: MinchiateState, rng: random.Random, step: int
) -> tuple[int, str, dict[str, Any]]:
    """Check ``st`` and try moves it must refuse; return a random legal move and the state's
    saved form (the caller checks that neither the refusals nor that move changed it).

    Every view is checked at each step of the set-up and at every fourth play; in between the
    view of the seat to act (its hand is the only thing that changed privately).
    """
    assert sorted(every_card(st)) == sorted(PACK), "97 cards not accounted for"
    seat = st.current
    assert seat is not None and RULES.to_act(st) == [seat] and RULES.turn(st) == seat
    everyone = st.phase != "play" or step % 4 == 0
    for viewer in [0, 1, 2, 3, None] if everyone else [seat]:
        view = RULES.view(st, viewer)
        strings = strings_in(view)
        leaked = (strings & CODES) - visible(st, viewer)
        assert not leaked, f"seat {viewer} sees {leaked}"
        assert "seed" not in strings
    for other in range(4):
        assert bool(RULES.legal_actions(st, other)) == (other == seat)
    if st.phase == "play" and not st.tricks and not st.trick:
        assert [len(h) for h in st.hands] == [21] * 4
    if not st.options.resti_at_end_only:
        assert st.points[0] - st.points[1] - 60 * (st.resti[0] - st.resti[1]) == st.diff
        assert abs(st.diff) < 60
    saved = RULES.dump(st)
    assert RULES.dump(RULES.load(json.loads(json.dumps(saved)))) == saved
    legal = RULES.legal_actions(st, seat)
    token = rng.choice([*MALFORMED, *(f"{k}:{rng.choice(PACK)}" for k in ("play", "discard"))])
    if token not in legal:
        assert refused(st, seat, token)
    assert "not your turn" in refused(st, (seat + 1) % 4, rng.choice(legal))
    return seat, rng.choice(legal), saved


def check_end(st: MinchiateState, log: list[tuple[int, str]], seed: int, options: Any) -> None:
    assert sorted(every_card(st)) == sorted(PACK)
    assert sum(len(p) for p in st.piles) == 84 and not any(st.hands) and not st.trick
    fola = st.fola + [c for d in st.discards for c in d]
    assert sum(POINTS[c] for p in st.piles for c in p) + sum(POINTS[c] for c in fola) == 142
    outcome = RULES.outcome(st)
    assert outcome is not None and RULES.to_act(st) == [] and RULES.turn(st) is None
    json.dumps(outcome)
    a, b = outcome["sides"]
    for part in (a, b):
        assert part["points"] == part["during_play"]["total"] + part["end"]["total"]
    assert outcome["points"] == [a["points"], b["points"]] * 2
    net = a["resti"] - b["resti"]
    assert outcome["resti"] == [net, -net] * 2
    expected = [[0, 1, 2, 3]] if net == 0 else [[0, 2], [1, 3]] if net > 0 else [[1, 3], [0, 2]]
    assert outcome["ranking"] == expected
    replay = RULES.new_game(seats=4, seed=seed, options=options)
    for seat, action in log:
        replay, _ = RULES.apply(replay, seat, action)
    assert RULES.dump(replay) == RULES.dump(st), "replaying the moves gives another state"


@pytest.mark.parametrize("first", range(0, SEEDS, CHUNK))
def test_random_deals_keep_every_promise(first: int) -> None:
    for seed in range(first, first + CHUNK):
        options = {"resti_at_end_only": True} if seed % 5 == 4 else None
        rng = random.Random(seed)
        state = RULES.new_game(seats=4, seed=seed, options=options)
        log: list[tuple[int, str]] = []
        while RULES.outcome(state) is None:
            seat, action, before = check_step(state, rng, len(log))
            after, events = RULES.apply(state, seat, action)
            assert RULES.dump(state) == before, "a refused move or apply changed the state"
            json.dumps(events)
            state = after
            log.append((seat, action))
            assert len(log) < 200
        check_end(state, log, seed, options)
