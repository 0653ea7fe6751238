"""What a Minchiate move records: one resti score per partner, however many times it paid."""

from __future__ import annotations

from bot.games.minchiate.events import MinchiateEvent
from bot.games.minchiate.league import scores
from bot.games.spec import Scored


def test_running_and_end_resti_of_one_move_are_one_score_per_partner() -> None:
    # The deal's last trick: side 1 takes 2 running resti, then 3 more at the end.
    events: list[MinchiateEvent] = [
        {"type": "resti", "side": 1, "count": 2, "when": "running", "resti": [4, 5], "diff": 0},
        {"type": "resti", "side": 1, "count": 3, "when": "end", "resti": [4, 8], "diff": 0},
    ]
    assert scores(events) == [
        Scored(seat=1, kind="resti", points=5, total=8),
        Scored(seat=3, kind="resti", points=5, total=8),
    ]
    keys = [(s.seat, s.kind) for s in scores(events)]
    assert len(keys) == len(set(keys))  # stored under (move, seat, kind): one row each


def test_each_side_s_resti_of_one_move_are_kept_apart() -> None:
    events: list[MinchiateEvent] = [
        {"type": "resti", "side": 0, "count": 1, "when": "running", "resti": [1, 0], "diff": 0},
        {"type": "resti", "side": 1, "count": 2, "when": "end", "resti": [1, 2], "diff": 0},
    ]
    assert [(s.seat, s.points, s.total) for s in scores(events)] == [
        (0, 1, 1),
        (2, 1, 1),
        (1, 2, 2),
        (3, 2, 2),
    ]
