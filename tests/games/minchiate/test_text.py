"""Minchiate in words: names, labels, narration, boards and results."""

from __future__ import annotations

import random
import re
from typing import Any, cast

import pytest

from bot.games.minchiate import text
from bot.games.minchiate.cards import PACK
from bot.games.minchiate.engine import MinchiateState
from bot.games.minchiate.events import MinchiateEvent, Resti, Trick
from bot.games.minchiate.views import MinchiateOutcome, MinchiateView
from tests.games.support import seat_on_turn
from tests.games.typed import checked

from .deals import RULES, visible

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def played_deal(seed: int) -> list[tuple[MinchiateState, list[MinchiateEvent]]]:
    """Every state of a random deal with the events that led to it (the opening first)."""
    rng = random.Random(seed)
    state = RULES.new_game(seats=4, seed=seed)
    # The engine hands out its events as plain dicts; the spec's types say what they are (and
    # tests/games/test_specs.py checks that they are).
    states = [(state, cast(list[MinchiateEvent], RULES.view(state, None)["opening"]))]
    while state.current is not None:
        state, events = RULES.apply(
            state, state.current, rng.choice(RULES.legal_actions(state, state.current))
        )
        states.append((state, cast(list[MinchiateEvent], events)))
    return states


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("Rc", "Re di Coppe"),
        ("Qd", "Regina di Denari"),
        ("Cs", "Cavallo di Spade"),
        ("Fb", "Fante di Bastoni"),
        ("Fd", "Fantina di Denari"),
        ("Fc", "Fantina di Coppe"),
        ("1c", "Asso di Coppe"),
        ("7s", "7 di Spade"),
        ("10d", "10 di Denari"),
        ("T40", "40 Trombe"),
        ("T1", "1 Papa uno"),
        ("T29", "29 Sagittario"),
        ("M", "Matto"),
    ],
)
def test_card_names(code: str, name: str) -> None:
    assert text.card_name(code) == name


def test_every_card_has_its_own_name() -> None:
    assert len({text.card_name(c) for c in PACK}) == 97


def test_action_labels_are_short_and_plain() -> None:
    assert text.action_label("play:T40") == "Play 40 Trombe"
    assert text.action_label("discard:7s") == "Discard 7 di Spade"
    assert text.action_label("declare") == "Declare"
    assert text.action_label("nodeclare") == "Do not declare"
    tokens = [f"{k}:{c}" for k in ("play", "discard") for c in PACK]
    assert max(len(text.action_label(a)) for a in tokens) <= 80


def test_narration_of_scoring_events() -> None:
    assert (
        text.narrate({"type": "rob", "seat": 1, "card": "Rd", "by": "cutter", "points": 5}, NAMES)
        == "Bruno robbed the Re di Denari: +5"
    )
    trick: Trick = {
        "type": "trick",
        "number": 7,
        "leader": 1,
        "cards": ["7c", "T40", "8c", "9c"],
        "winner": 2,
        "points": 10,
        "last": False,
    }
    assert (
        text.narrate(trick, NAMES) == "Trick 7 won by Carla with the 40 Trombe, capture bonus +10."
    )
    assert text.narrate({**trick, "points": 0}, NAMES) == "Trick 7 won by Carla with the 40 Trombe."
    resto: Resti = {
        "type": "resti",
        "side": 1,
        "count": 1,
        "when": "running",
        "resti": [0, 1],
        "diff": -15,
    }
    assert text.narrate(resto, NAMES) == "Bruno & Dario take a resto (lead carried: 15)."
    assert text.narrate({"type": "turn", "seat": 0, "phase": "play"}, NAMES) is None


def test_every_event_of_whole_deals_narrates_to_one_line_or_none() -> None:
    kinds_told = set()
    for seed in range(6):
        for _, events in played_deal(seed):
            for event in events:
                line = text.narrate(event, NAMES)
                if line is not None:
                    kinds_told.add(event["type"])
                    assert "\n" not in line and "{" not in line and line.strip() == line
    assert {"cut", "deal", "shown", "play", "trick", "end_score", "game_over"} <= kinds_told


BY_NAME = {text.card_name(c): c for c in PACK}
# Longest names first, so that a name inside another ("14 Diavolo") never hides the longer one.
NAMED = re.compile(
    r"(?<!\w)("
    + "|".join(re.escape(n) for n in sorted(BY_NAME, key=len, reverse=True))
    + r")(?!\w)"
)


def card_names_in(lines: list[str]) -> set[str]:
    return {BY_NAME[m] for line in lines for m in NAMED.findall(line)}


def test_boards_name_no_card_the_seat_cannot_see() -> None:
    for seed in range(4):
        for step, (state, _) in enumerate(played_deal(seed)):
            if step % 3:
                continue
            for seat in (0, 1, 2, 3, None):
                lines = text.board_lines(checked(MinchiateView, RULES.view(state, seat)), NAMES)
                assert all(isinstance(line, str) and "{" not in line for line in lines)
                named = card_names_in(lines)
                assert named <= visible(state, seat)
                if seat is not None:
                    assert set(state.hands[seat]) <= named


def test_a_board_shows_the_hand_the_trick_and_whose_turn() -> None:
    state, _ = played_deal(2)[30]
    assert state.phase == "play"
    seat = seat_on_turn(RULES, state)
    lines = text.board_lines(checked(MinchiateView, RULES.view(state, seat)), NAMES)
    assert any(line.startswith("Your hand:") for line in lines)
    assert f"▶ {NAMES[seat]} to play." in lines
    assert any(line.startswith(f"Trick {len(state.tricks) + 1}:") for line in lines)


def test_outcome_lines_explain_every_point() -> None:
    state, _ = played_deal(3)[-1]
    outcome = checked(MinchiateOutcome, RULES.outcome(state))
    lines = text.outcome_lines(outcome, NAMES)
    joined = "\n".join(lines)
    for side, part in enumerate(outcome["sides"]):
        team = f"{NAMES[side]} & {NAMES[side + 2]}"
        assert f"{team}: {part['points']} points" in joined
        end = part["end"]
        assert (
            f"at the end {end['total']}: card points {end['card_points']}, combinations "
            f"{end['combinations']}, cards beyond 42 {end['extra_cards']}, last trick "
            f"{end['last_trick']}"
        ) in joined
        assert f"during play {part['during_play']['total']}" in joined
        assert f"= {part['resti']}" in joined
    if outcome["winner"] is None:
        assert lines[-1] == "Draw: equal net resti."
    else:
        assert lines[-1].endswith(
            f"win by {outcome['sides'][outcome['winner']]['net_resti']} net resti."
        )


def test_every_word_goes_through_the_translation_function(monkeypatch: pytest.MonkeyPatch) -> None:
    def marked(template: str, locale: str = "en", /, **values: Any) -> str:
        return "⟦" + (template.format(**values) if values else template) + "⟧"

    def counted(singular: str, plural: str, n: int, locale: str = "en", /, **values: Any) -> str:
        return "⟦" + (singular if n == 1 else plural).format(n=n, **values) + "⟧"

    monkeypatch.setattr(text, "t", marked)
    monkeypatch.setattr(text, "tn", counted)
    deal = played_deal(1)
    state, _ = deal[-1]
    lines = [text.card_name(c) for c in PACK]
    lines += [text.action_label(a) for a in ("play:T3", "discard:Qc", "declare", "nodeclare")]
    lines += [line for _, events in deal for e in events if (line := text.narrate(e, NAMES))]
    for st, _ in deal[::10]:
        lines += text.board_lines(checked(MinchiateView, RULES.view(st, st.current)), NAMES)
    lines += text.outcome_lines(checked(MinchiateOutcome, RULES.outcome(state)), NAMES)
    for line in lines:
        assert line.startswith("⟦") and line.endswith("⟧"), line
