"""A new kind of input is one new type and its surfaces: declared by a game, it shows in the
hand and in the terminal without a change to the hand, ``/play`` or the terminal's turn."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest
from discord.ui import Item

from bot.cli import inputs as terminal
from bot.cli.play import play
from bot.games import SPECS
from bot.games.moves import Input, Inputs
from bot.tables import Table
from bot.views.components import button
from bot.views.hand import hand_view
from bot.views.inputs import SURFACES, Surface
from bot.views.render import hand_choices, hand_embed
from tests.games.support import seat_on_turn

from .tables import make_table


@dataclasses.dataclass(frozen=True)
class Signal(Input):
    """A word said with the card one leads (Tressette's busso, striscio, volo)."""

    key: ClassVar[str] = "signal"
    word: str


class SignalSurface(Surface[Signal]):
    def hand_buttons(self, declared: Sequence[Signal], table: Table, seat: int) -> list[Item[Any]]:
        return [button(f"tv:signal:{table.id}:{seat}:{s.word}", s.word, row=4) for s in declared]

    def hand_lines(self, declared: Sequence[Signal], table: Table, seat: int) -> list[str]:
        return [f"You may say: {', '.join(s.word for s in declared)}"]


class SignalConsole(terminal.Console[Signal]):
    def keys(self, declared: Signal) -> list[str]:
        return [declared.word[0]]

    def typed(self, declared: Signal, answer: str, turn: terminal.Turn) -> str | bool:
        if answer != declared.word[0]:
            return False
        turn.say(f"You will say “{declared.word}” with your lead.")
        return True


@pytest.fixture
def signalling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Briscola declaring signals, their surfaces registered."""
    spec = dataclasses.replace(SPECS["briscola"], inputs=Inputs(Signal("busso"), Signal("volo")))
    monkeypatch.setitem(SPECS, "briscola", spec)
    monkeypatch.setitem(SURFACES, Signal, SignalSurface())
    monkeypatch.setitem(terminal.CONSOLES, Signal, SignalConsole())


@pytest.mark.usefixtures("signalling")
def test_a_new_kind_shows_in_the_hand() -> None:
    table = make_table("briscola", 2)
    seat = seat_on_turn(table.rules, table.state)
    choices = hand_choices("briscola", table.rules.legal_actions(table.state, seat))
    rows = [row["components"] for row in hand_view(table, seat, choices, 0).to_components()]
    assert [c.get("label") for c in rows[-1]][:2] == ["busso", "volo"]
    assert "You may say: busso, volo" in str(hand_embed(table, seat, choices).description)


@pytest.mark.usefixtures("signalling")
def test_a_new_kind_is_typed_in_the_terminal() -> None:
    prompts: list[str] = []
    shown: list[str] = []
    answers = iter(["v", "q"])

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    play("briscola", 2, ["random"], 0, 1, None, ask, shown.append)
    assert prompts[0] == "Your move (number, b, v, q): "
    assert "You will say “volo” with your lead." in shown
