"""What ended a round of Briscola is seen: its last trick, card by card and who took it, is
announced beside the round's result, and once the match is over the public view keeps it for
the result board."""

from __future__ import annotations

from typing import Any, cast

from bot.games.briscola import text
from bot.games.briscola.cards import PACK
from bot.games.briscola.events import BriscolaEvent
from bot.games.briscola.views import BriscolaView
from tests.games.typed import checked

from .deals import RULES, act, last_trick, start

FOUR = ["Ada", "Bo", "Cy", "Di"]
LAST = (
    "The round's last trick: Ada: 2 di Coppe · Bo: 3 di Coppe · Cy: Asso di Coppe · Di: 4 di"
    " Coppe; to Cy, 21 points."
)


def _last_presa(deals_to_win: int) -> tuple[list[BriscolaEvent], BriscolaView]:
    """Four players play the round's last trick, which Cy's Asso takes."""
    hands = [["2c"], ["3c"], ["Ac"], ["4c"]]
    rest = [c for c in PACK if c not in ("2c", "3c", "Ac", "4c")]
    st = last_trick(hands, [rest[:20], rest[20:]], "4d")
    st = RULES.load({**RULES.dump(st), "options": {"deals_to_win": deals_to_win}})
    events: list[Any] = []
    for seat, card in enumerate(["2c", "3c", "Ac", "4c"]):
        st, events = act(st, seat, f"play:{card}")
    return [cast(BriscolaEvent, e) for e in events], checked(BriscolaView, RULES.view(st, None))


def test_the_last_presa_is_told_card_by_card_and_announced_before_the_result() -> None:
    events, view = _last_presa(2)
    told = [text.narrate(e, FOUR) for e in events if text.announced(e)]
    assert told[0] == LAST
    assert [line and line.split(":")[0] for line in told[1:]] == ["End of round 1"]
    assert not view["over"] and view["ending"] == []  # the match goes on: a new round is dealt


def test_a_presa_before_the_last_is_neither_marked_last_nor_announced() -> None:
    st = start([["3c", "5s", "6b"], ["Ac", "7b", "Fb"]], "4d")
    st, _ = act(st, 0, "play:3c")
    _, events = act(st, 1, "play:Ac")
    trick = next(cast(BriscolaEvent, e) for e in events if e["type"] == "trick")
    assert trick["type"] == "trick" and not trick["last"]
    assert not text.announced(trick)
    assert (
        text.narrate(trick, FOUR[:2])
        == "Strozzo! Bo takes trick 1 with the Asso di Coppe: 21 points."
    )


def test_once_the_match_is_over_the_view_keeps_its_last_presa() -> None:
    events, view = _last_presa(1)
    assert view["over"]
    trick = next(e for e in events if e["type"] == "trick")
    assert view["ending"] == [trick]
    assert [text.narrate(e, FOUR) for e in view["ending"]] == [LAST]
