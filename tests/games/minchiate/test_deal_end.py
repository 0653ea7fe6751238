"""What ended a deal of Minchiate is seen: its last trick, card by card and who won it, is
announced beside the deal's result, and once the deal is over the public view keeps it for
the result board."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from bot.games.minchiate import text
from bot.games.minchiate.events import MinchiateEvent
from bot.games.minchiate.views import MinchiateView
from tests.games.support import seat_on_turn
from tests.games.typed import checked

from .deals import RULES

NAMES = ["Ada", "Bo", "Cy", "Di"]


@pytest.mark.parametrize("seed", range(3))
def test_the_last_trick_is_told_card_by_card_announced_and_kept(seed: int) -> None:
    rng = random.Random(seed)
    st = RULES.new_game(seats=4, seed=seed)
    tricks: list[MinchiateEvent] = []
    while RULES.outcome(st) is None:
        assert RULES.view(st, None)["ending"] == []
        seat = seat_on_turn(RULES, st)
        st, made = RULES.apply(st, seat, rng.choice(RULES.legal_actions(st, seat)))
        tricks += [cast(MinchiateEvent, e) for e in made if e["type"] == "trick"]
    assert [text.announced(e) for e in tricks] == [False] * 20 + [True]
    last: dict[str, Any] = dict(tricks[-1])
    view = checked(MinchiateView, RULES.view(st, None))
    (ending,) = view["ending"]
    assert ending == {k: last[k] for k in ending}  # as it was played, bonus included
    cards = ", ".join(
        f"{NAMES[(ending['leader'] + i) % 4]} {text.card_name(c)}"
        for i, c in enumerate(ending["cards"])
    )
    assert text.narrate(ending, NAMES) == (
        f"Last trick (21): {cards}, won by {NAMES[ending['winner']]}"
    )
