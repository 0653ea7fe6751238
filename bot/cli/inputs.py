"""How each kind of input (``bot.games.moves.Input``) is typed in the terminal: its
``Console``, registered here once by its type, so the terminal's turn never names a kind.

A kind adds keys to the prompt (a mark's ``p``, a target's ``c N``), understands what is typed
with them, labels a card it completes, and asks for what completes it (a number, a take).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from bot.games.moves import Completion, Input, Mark, Move, Number, Offer, Shortcut, Target
from bot.games.spec import GameSpec
from bot.i18n import t

K = TypeVar("K", bound=Input)

Ask = Callable[[str], str]
Say = Callable[[str], None]


class Quit(Exception):
    """The person typed ``q``."""


@dataclass
class Turn:
    """What the terminal's turn gives a kind: the game, the person's seat's legal moves, how
    to ask and tell, and the marks said so far this turn."""

    spec: GameSpec[Any, Any, Any]
    legal: list[str]
    ask: Ask
    say: Say
    pick: Callable[[list[str]], int]
    """The index of one of the options listed, asked until one is typed."""
    said: list[str] = field(default_factory=list)


class Console(Generic[K]):
    """A kind of input in the terminal; the defaults add nothing."""

    def keys(self, declared: K) -> list[str]:
        """What the prompt lists for it."""
        return []

    def typed(self, declared: K, answer: str, turn: Turn) -> str | bool:
        """What ``answer`` means to it: a move's token, True when it was understood (a mark
        noted), False when it is not its own."""
        return False

    def label(self, declared: K, card: str) -> str:
        """The entry of a card it completes."""
        raise NotImplementedError

    def complete(self, declared: K, offer: Offer, turn: Turn) -> str | None:
        """The move completing ``offer``, or None to show the moves again."""
        raise NotImplementedError


class MarkConsole(Console[Mark]):
    def keys(self, declared: Mark) -> list[str]:
        return [declared.terminal_key]

    def typed(self, declared: Mark, answer: str, turn: Turn) -> str | bool:
        if answer != declared.terminal_key:
            return False
        turn.said.append(declared.name)
        turn.say(t(declared.terminal_noted))
        return True


class TargetConsole(Console[Target]):
    def keys(self, declared: Target) -> list[str]:
        return [f"{declared.terminal_key} N"]

    def typed(self, declared: Target, answer: str, turn: Turn) -> str | bool:
        if not answer.startswith(declared.terminal_key):
            return False
        seat = answer[len(declared.terminal_key) :].strip()
        if not seat.isdigit():
            return answer  # not a move: the engine says why
        return turn.spec.moves.write(Move(declared.kind, target=int(seat)))


class NumberConsole(Console[Number]):
    def label(self, declared: Number, card: str) -> str:
        return t(declared.terminal_offer, card=card)

    def complete(self, declared: Number, offer: Offer, turn: Turn) -> str | None:
        typed = turn.ask(t(declared.terminal_prompt))
        value = declared.parse(typed)
        if value is None:
            turn.say(t(declared.refused, typed=typed))
            return None
        return turn.spec.moves.write(replace(offer.move, value=value))


class CompletionConsole(Console[Completion]):
    def label(self, declared: Completion, card: str) -> str:
        return t(declared.offer, card=card)

    def complete(self, declared: Completion, offer: Offer, turn: Turn) -> str | None:
        takes = [turn.spec.text.action_label(done) for done, _ in offer.completions]
        return offer.completions[turn.pick(takes)][0]


CONSOLES: dict[type[Input], Console[Any]] = {
    Mark: MarkConsole(),
    Target: TargetConsole(),
    Number: NumberConsole(),
    Completion: CompletionConsole(),
    Shortcut: Console[Shortcut](),  # a slash command: the terminal lists its moves anyway
}


def of(declared: Input) -> Console[Any]:
    return CONSOLES[type(declared)]


def keys(declared: Sequence[Input]) -> list[str]:
    return [key for one in declared for key in of(one).keys(one)]
