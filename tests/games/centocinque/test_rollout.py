"""The in-place fast path for Centocinque playouts makes exactly the engine's moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.centocinque import rollout
from bot.games.centocinque.engine import Centocinque
from bot.games.kit import clone
from tests.games.centocinque.test_fine_points import loop

RULES = Centocinque()

EVERY_HOUSE_RULE: dict[str, Any] = {
    "redeal_ace_starter": True,
    "ace_on_ace": True,
    "voluntary_draw": True,
    "cavallo_declares_suit": True,
    "late_penultima": True,
    "penultima_penalty": 3,
    "false_callout_penalty": 2,
    "last_two_draws": False,
}


@pytest.mark.parametrize("options", [None, EVERY_HOUSE_RULE], ids=["default", "house_rules"])
@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_fast_path_matches_the_engine_move_by_move(
    options: dict[str, Any] | None, seats: int
) -> None:
    """Whole matches played both ways with the same random choices: after every move the
    legal actions and the full state are the engine's."""
    moves = 0
    for seed in range(5):
        engine = RULES.new_game(seats=seats, seed=seed, options=options)
        fast = clone(engine)
        rng = random.Random(seed)
        while engine.current is not None:
            legal = RULES.legal_actions(engine, engine.current)
            assert rollout.legal(fast) == legal
            action = rng.choice(legal)
            engine, _ = RULES.apply(engine, engine.current, action)
            rollout.play(fast, action)
            assert fast == engine, f"seed {seed}, move {moves}: {action}"
            moves += 1
        assert rollout.legal(fast) == []
    assert moves > 300  # whole matches, with hands ended and dealt again


def test_fast_path_takes_the_engines_side_actions_too() -> None:
    """A missed penúltima: the seat on turn may call it out (or, late, say it) both ways."""
    options = {"late_penultima": True}
    for seed in range(40):
        engine = RULES.new_game(seats=3, seed=seed, options=options)
        rng = random.Random(seed)
        for _ in range(200):
            if engine.current is None or engine.missed is not None:
                break
            legal = RULES.legal_actions(engine, engine.current)
            plain = [a for a in legal if not a.endswith(":penultima")]
            engine, _ = RULES.apply(engine, engine.current, rng.choice(plain))
        if engine.current is None or engine.missed is None:
            continue
        legal = RULES.legal_actions(engine, engine.current)
        assert rollout.legal(engine) == legal
        side = [a for a in legal if a.startswith(("callout", "penultima"))]
        assert side
        for action in side:
            fast = clone(engine)
            rollout.play(fast, action)
            assert fast == RULES.apply(engine, engine.current, action)[0]
        return
    pytest.fail("no missed penúltima in 40 random matches")


def test_fast_path_blocks_a_hand_that_goes_round_in_circles_as_the_engine_does() -> None:
    """The forced loop of RULES.md §1.4 (an exhausted stock, Rc and Rs passed back and forth)
    is blocked both ways after the same moves, with the same scores and the same next deal."""
    engine = loop(["As", "2s", "3b", "6d", "7b"])
    fast = clone(engine)
    for _ in range(40):
        assert engine.current is not None
        legal = RULES.legal_actions(engine, engine.current)
        assert rollout.legal(fast) == legal
        engine, _ = RULES.apply(engine, engine.current, legal[0])
        rollout.play(fast, legal[0])
        assert fast == engine
        if engine.hand_no != 1:
            return
    pytest.fail("the hand was not blocked")
