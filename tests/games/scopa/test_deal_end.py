"""What ended a round of Scopa is seen: its last play and the last taker's sweep are announced
beside the round's summary, and once the game is over the public view keeps them for the
result board, its words and its picture."""

from __future__ import annotations

from typing import cast

from bot.games.scopa import text
from bot.games.scopa.board import PAINTER
from bot.games.scopa.events import ScopaEvent
from bot.games.scopa.views import ScopaView
from tests.games.typed import checked

from .positions import RULES, act, position

NAMES = ["Ada", "Bo"]
SWEEP = (
    "Ada made the last take and takes what is left: the 3 di Coppe, the Cavallo di Denari"
    " and the 5 di Bastoni."
)


def _last_round(scores: list[int]) -> tuple[list[ScopaEvent], ScopaView]:
    """Bo lays down the round's last card; Ada, who took last, sweeps the table."""
    st = position([["2b"], ["5b"]], ["2s", "3c", "Cd"], stock=[], scores=scores)
    st, _ = act(st, 0, "play:2b:2s")
    st, events = act(st, 1, "play:5b")
    return [cast(ScopaEvent, e) for e in events], checked(ScopaView, RULES.view(st, None))


def test_the_last_play_and_the_sweep_are_announced_before_the_summary() -> None:
    events, view = _last_round([0, 0])
    told = [text.narrate(e, NAMES) for e in events if text.announced(e)]
    assert told[:2] == ["Bo lays down the 5 di Bastoni.", SWEEP]
    assert [line and line.split(".")[0] for line in told[2:]] == ["Round 1 is over"]
    assert not view["over"] and view["ending"] == []  # the game goes on: nothing to show yet
    assert view["last_round"] is not None and "ending" not in view["last_round"]


def test_once_the_game_is_over_the_view_keeps_what_ended_it() -> None:
    events, view = _last_round([10, 0])
    assert view["over"]
    assert [e["type"] for e in view["ending"]] == ["play", "sweep"]
    assert view["ending"] == [e for e in events if e["type"] in ("play", "sweep")]
    assert [text.narrate(e, NAMES) for e in view["ending"]] == [
        "Bo lays down the 5 di Bastoni.",
        SWEEP,
    ]


def test_a_last_card_that_takes_is_the_ending_without_a_sweep() -> None:
    st = position([["2b"], ["5b"]], ["2s", "5s"], stock=[], scores=[10, 0])
    st, _ = act(st, 0, "play:2b:2s")
    st, _ = act(st, 1, "play:5b:5s")
    view = checked(ScopaView, RULES.view(st, None))
    assert view["ending"] == [
        {
            "type": "play",
            "seat": 1,
            "card": "5b",
            "took": ["5s"],
            "scopa": False,
            "left": 0,
            "last": True,
        }
    ]
    assert text.narrate(view["ending"][0], NAMES) == (
        "Bo plays the 5 di Bastoni and takes the 5 di Spade, the last card: no scopa."
    )


def test_a_game_stored_before_rounds_kept_their_ending_shows_none() -> None:
    st = position([["2b"], ["5b"]], ["2s", "3c", "Cd"], stock=[], scores=[10, 0])
    st, _ = act(st, 0, "play:2b:2s")
    st, _ = act(st, 1, "play:5b")
    data = RULES.dump(st)
    data["last_round"] = {k: v for k, v in data["last_round"].items() if k != "ending"}
    assert RULES.view(RULES.load(data), None)["ending"] == []


def test_the_result_picture_shows_the_last_play_and_the_sweep() -> None:
    _, view = _last_round([10, 0])
    shown = PAINTER.paint(view, NAMES)
    assert shown.tobytes() != PAINTER.paint({**view, "ending": []}, NAMES).tobytes()
