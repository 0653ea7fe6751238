"""What ended a match of One Hundred is seen on its result board: the play that would have
passed 100 and the seat it sent out, kept in the public view once the match is over."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from bot.games.cento import text
from bot.games.cento.engine import Cento
from bot.games.cento.events import CentoEvent
from bot.games.cento.views import CentoView
from tests.games.support import seat_on_turn
from tests.games.typed import checked

RULES = Cento()
NAMES = ["Ada", "Bo", "Cy", "Di"]


def _played_out(seed: int, seats: int) -> tuple[list[CentoEvent], CentoView]:
    """A random match to its end: the last move's events and the public view then; the view
    shows no ending while the match goes on."""
    rng = random.Random(seed)
    st = RULES.new_game(seats=seats, seed=seed)
    events: list[Any] = []
    while RULES.outcome(st) is None:
        assert RULES.view(st, None)["ending"] == []
        seat = seat_on_turn(RULES, st)
        st, events = RULES.apply(st, seat, rng.choice(RULES.legal_actions(st, seat)))
    return [cast(CentoEvent, e) for e in events], checked(CentoView, RULES.view(st, None))


@pytest.mark.parametrize("seed", range(6))
def test_the_result_keeps_the_play_that_passed_100_and_who_left(seed: int) -> None:
    events, view = _played_out(seed, 3 + seed % 2)
    play, out = view["ending"]
    assert play in events and out in events  # the last move's play, told as it was made
    assert play["type"] == "play" and play.get("bust") and out["type"] == "eliminated"
    assert play["seat"] == out["seat"]
    assert text.announced(play) and text.announced(out)
    names = NAMES[: view["seats"]]
    who = names[play["seat"]]
    assert text.narrate(play, names) == (
        f"{who} played {text.card_name(play['card'])}, which would pass 100: a chip lost,"
        f" the total stays {play['total']}."
    )
    assert text.narrate(out, names) == f"{who} lost the last chip and leaves the match."
