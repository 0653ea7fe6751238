"""A replay's steps: the deal as dealt, then one a move; the game's own step (a trick, a turn,
a take) ends where the game says, and always at the deal's last move."""

from __future__ import annotations

from dataclasses import replace

from bot.games import SPECS
from bot.games.spec import MOVE
from bot.records.replay import Step, seed_of, step_ends, steps
from tests.records.helpers import records_of


def played(game: str) -> list[Step]:
    record = records_of(game)[0]
    seed = seed_of(record)
    assert seed is not None
    out = steps(record, seed)
    assert len(out) == len(record.moves) + 1 and out[0].move is None
    return out


def test_a_trick_ends_with_the_last_card_of_each_trick() -> None:
    """Briscola heads-up: a trick is two cards, so a step every two moves."""
    out = played("briscola")
    ends = step_ends(SPECS["briscola"], out)
    assert ends == list(range(0, len(out), 2))
    assert all(any(e["type"] == "trick" for e in out[i].events) for i in ends[1:])


def test_a_turn_ends_when_another_seat_moves() -> None:
    out = played("centocinque")
    ends = step_ends(SPECS["centocinque"], out)
    for i in range(1, len(out) - 1):
        after, now = out[i + 1].move, out[i].move
        assert after is not None and now is not None
        assert (i in ends) == (after.seat != now.seat)
    assert ends[-1] == len(out) - 1


def test_a_take_ends_with_each_play_that_takes_cards() -> None:
    out = played("scopa")
    ends = step_ends(SPECS["scopa"], out)
    took = [
        i for i, s in enumerate(out) if any(e["type"] == "play" and e["took"] for e in s.events)
    ]
    assert ends == sorted({0, *took, len(out) - 1})


def test_a_game_that_declares_no_step_steps_by_the_move() -> None:
    undeclared = replace(SPECS["briscola"], step=MOVE)
    out = played("briscola")
    assert step_ends(undeclared, out) == list(range(len(out)))
