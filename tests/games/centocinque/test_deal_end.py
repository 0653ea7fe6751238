"""What ended a hand of Centocinque is seen: the card its winner goes out with is announced
beside the hand's result, and once the match is over the public view keeps it for the result
board."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from bot.games.centocinque import text
from bot.games.centocinque.engine import Centocinque
from bot.games.centocinque.events import CentocinqueEvent
from bot.games.centocinque.views import CentocinqueView
from tests.games.support import seat_on_turn
from tests.games.typed import checked

RULES = Centocinque()
NAMES = ["Ada", "Bo", "Cy"]


@pytest.mark.parametrize("seed", range(4))
def test_the_card_that_ends_each_hand_is_announced_and_the_last_one_kept(seed: int) -> None:
    rng = random.Random(seed)
    st = RULES.new_game(seats=3, seed=seed)
    events: list[CentocinqueEvent] = []
    while RULES.outcome(st) is None:
        assert RULES.view(st, None)["ending"] == []
        seat = seat_on_turn(RULES, st)
        legal = RULES.legal_actions(st, seat)
        st, made = RULES.apply(st, seat, rng.choice([a for a in legal if a != "pass"] or legal))
        events = [cast(CentocinqueEvent, e) for e in made]
        for event in events:
            if event["type"] == "hand_over" and not event["blocked"]:
                out = next(e for e in events if e["type"] == "play")
                assert out["type"] == "play" and out["seat"] == event["winner"]
                assert out["left"] == 0 and text.announced(out)
    view = checked(CentocinqueView, RULES.view(st, None))
    over = next(e for e in events if e["type"] == "hand_over")
    assert over["type"] == "hand_over"
    if over["blocked"]:
        assert view["ending"] == []
        return
    (ending,) = view["ending"]
    last: dict[str, Any] = next(dict(e) for e in events if e["type"] == "play")
    assert ending == {k: last[k] for k in ("type", "seat", "card", "left")}
    assert text.narrate(ending, NAMES) == (
        f"{NAMES[ending['seat']]} played the {text.card_name(ending['card'])}."
    )


def test_a_play_that_does_not_empty_the_hand_is_not_announced() -> None:
    st = RULES.new_game(seats=3, seed=1)
    seat = seat_on_turn(RULES, st)
    action = next(a for a in RULES.legal_actions(st, seat) if a.startswith("play:"))
    _, made = RULES.apply(st, seat, action)
    play = next(cast(CentocinqueEvent, e) for e in made if e["type"] == "play")
    assert not text.announced(play)
