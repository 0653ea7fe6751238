"""Moves as the layers above the games see them, and what a person supplies besides a move.

An action token is the engine's word (DESIGN.md); only its game reads or writes one. Each
game's spec holds a ``MoveReader``: ``read`` turns a legal token into a typed ``Move`` and
``write`` turns a ``Move`` back into its token, so the hand, ``/play``, the terminal, the
pictures and the table manager work with moves and never split a token.

What a person does besides picking a listed move is an input of some kind, declared by the
game (``Inputs``). A kind is one type, a subclass of ``Input``; the Discord views and the
terminal draw each kind through the surface registered for its type (``bot.views.inputs``,
``bot.cli.inputs``), so a new kind is a new type and its surfaces, never a branch in the
hand, ``/play`` or the terminal. The kinds so far:

- a ``Mark`` rides on a later move (Centocinque's penúltima: the hand's button and
  ``/penultima``); the seat keeps it until a move it rides on is made;
- a ``Target`` names a seat (a call-out: the board's button and ``/penultima player:``);
- a ``Number`` is typed for a card whose moves differ only in a value (One Hundred's Aces);
- a ``Completion`` is picked for a card whose moves differ only in the cards they take
  (Scopa): the card is offered once, then its takes;
- a ``Shortcut`` is a slash command making the seat's move of one kind (``/draw``).

Moves holding a mark or a target are never listed among a hand's moves, so the interface
never gives away whether a call-out is possible or a mark matters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import ClassVar, TypeVar


@dataclass(frozen=True)
class Move:
    """A move, typed: what it does (``kind``, the game's own word) and with what."""

    kind: str
    card: str | None = None
    """The card it plays or discards (the hand's picture raises it; ``/play`` finds it by
    its code)."""
    value: int | None = None
    """A number the person chose (One Hundred's Aces: the new total)."""
    takes: tuple[str, ...] = ()
    """The cards it takes (Scopa)."""
    target: int | None = None
    """The seat it names (a call-out)."""
    named: str | None = None
    """Anything else the move names, listed as a move of its own (a Cavallo's suit)."""
    marks: frozenset[str] = frozenset()
    """The marks said with it (``Mark.name``: penúltima)."""

    @property
    def listed(self) -> bool:
        """Whether a hand offers it: moves with a mark or a target are made by their own
        buttons and commands."""
        return not self.marks and self.target is None

    def marked(self, mark: str) -> Move:
        return replace(self, marks=self.marks | {mark})

    def unmarked(self) -> Move:
        return replace(self, marks=frozenset())


@dataclass(frozen=True)
class MoveReader:
    """A game's tokens, read and written by the game alone."""

    read: Callable[[str], Move]
    """A token as a move; a token that is not one of the game's is read as a ``Move`` whose
    ``write`` gives the token back, so the engine can refuse it with its reason."""
    write: Callable[[Move], str]
    card_move: Callable[[str], Move]
    """The move a person most likely means by typing a card's code (``/play card:7d``)."""

    def read_all(self, tokens: Iterable[str]) -> list[tuple[str, Move]]:
        return [(token, self.read(token)) for token in tokens]

    def cards(self, tokens: Iterable[str]) -> set[str]:
        """The cards that moves play (a hand's picture raises them)."""
        return {move.card for _, move in self.read_all(tokens) if move.card is not None}


class Input:
    """A kind of input a game may declare. A kind that completes a listed card (a number, a
    take) says which moves it completes; the others stand beside the listed moves."""

    key: ClassVar[str]
    """The kind's name (an ``Offer``'s ``needs``)."""

    def completes(self, move: Move) -> Move | None:
        """The move without what this kind supplies, when ``move`` is one it completes: the
        hand offers that incomplete move once for all the moves that complete it."""
        return None

    def alone(self, completions: int) -> bool:
        """Whether a card with only ``completions`` ways is offered as its one move instead."""
        return False


InputT = TypeVar("InputT", bound=Input)


@dataclass(frozen=True)
class Mark(Input):
    """Something a person says for their next move (marked with ``N_``, translated where
    shown)."""

    key: ClassVar[str] = "mark"

    name: str
    """Its key: in the seat's stored marks, in a move's ``marks``, in custom ids."""
    button: str
    """The hand's button ("Penúltima!")."""
    noted: str
    """The answer when it is noted ("Noted: your next play says …")."""
    pending: str
    """The hand's line while it waits for its move."""
    rides_on: frozenset[str]
    """The kinds of move it is said with; the next such move spends it."""
    command: str | None = None
    """The slash command that says it (with a ``Target`` of the same command: its form
    without a player)."""
    command_description: str = ""
    elsewhere: str = ""
    """The refusal at a table of another game."""
    terminal_key: str = "p"
    """What a person types in the terminal to say it."""
    terminal_noted: str = ""


@dataclass(frozen=True)
class Target(Input):
    """A move that names a seat, open to anyone at times (a call-out)."""

    key: ClassVar[str] = "target"

    kind: str
    """The kind of its moves; also the board button's name in its custom id."""
    button: str
    """The board's button ("Call out")."""
    one: str
    """A button naming one seat ("Call out {name}")."""
    ask: str
    """When several seats can be named ("Whom do you call out?")."""
    nobody: str
    """When none can be named now."""
    done: str
    """The answer once made ("You called out {name}.")."""
    command: str | None = None
    command_description: str = ""
    option: str = "player"
    """The slash command's option naming the person."""
    option_description: str = ""
    elsewhere: str = ""
    terminal_key: str = "c"


@dataclass(frozen=True)
class Number(Input):
    """A number typed for a card (One Hundred's Aces: the new total)."""

    key: ClassVar[str] = "number"

    low: int
    high: int
    offer: str
    """The hand's entry for the card ("{card}: choose the total")."""
    title: str
    """The modal's title ("{card}: the new total")."""
    prompt: str
    """The modal's field ("New total (0 to 100)")."""
    refused: str
    """A number out of range or not a number ("… not “{typed}”.")."""
    none_here: str
    """``/play value:`` given with a move that takes none."""
    option_description: str
    """``/play``'s ``value`` option."""
    terminal_offer: str = ""
    terminal_prompt: str = ""

    def parse(self, typed: str) -> int | None:
        """The number typed, if it is a whole number in range."""
        try:
            value = int(typed.strip())
        except ValueError:
            return None
        return value if self.low <= value <= self.high else None

    def completes(self, move: Move) -> Move | None:
        return replace(move, value=None) if move.value is not None else None


@dataclass(frozen=True)
class Completion(Input):
    """A card whose moves differ in what they take: offered once, then its takes."""

    key: ClassVar[str] = "completion"

    offer: str
    """The hand's entry for the card ("{card}: choose what it takes")."""
    ask: str
    """Above the takes ("What does {card} take?")."""

    def completes(self, move: Move) -> Move | None:
        return replace(move, takes=()) if move.takes else None

    def alone(self, completions: int) -> bool:
        return completions == 1  # one take only: the move as it is


@dataclass(frozen=True)
class Shortcut(Input):
    """A slash command making the seat's move of one kind (``/draw``)."""

    key: ClassVar[str] = "shortcut"

    command: str
    description: str
    kind: str


@dataclass(frozen=True, init=False)
class Inputs:
    """What a person supplies besides picking one of the moves listed: the inputs the game
    declares, of any kinds."""

    declared: tuple[Input, ...]

    def __init__(self, *declared: Input) -> None:
        object.__setattr__(self, "declared", declared)

    def of(self, kind: type[InputT]) -> list[InputT]:
        """The inputs of ``kind`` the game declares, in order."""
        return [i for i in self.declared if isinstance(i, kind)]

    def first(self, kind: type[InputT]) -> InputT | None:
        return next(iter(self.of(kind)), None)

    @property
    def marks(self) -> tuple[Mark, ...]:
        """The marks a seat may keep for its next move (the table stores them)."""
        return tuple(self.of(Mark))

    def mark(self, name: str | None = None) -> Mark | None:
        """The mark called ``name`` (the game's first when None)."""
        return next((m for m in self.marks if name is None or m.name == name), None)


@dataclass(frozen=True)
class Offer:
    """One entry of a hand: a move, or a card still to be completed by an input (a number,
    one of its takes). ``token`` is the move's token, or for a card to complete the token of
    the card's move without what the input supplies (never itself legal)."""

    token: str
    move: Move
    need: Input | None = None
    """None: the move is made as it is; else the input that completes it."""
    completions: tuple[tuple[str, Move], ...] = field(default=())

    @property
    def needs(self) -> str | None:
        """The kind of input that completes it (``Input.key``: ``"number"``, ...), if any."""
        return self.need.key if self.need is not None else None


def offers(reader: MoveReader, inputs: Inputs, legal: Iterable[str]) -> list[Offer]:
    """A seat's listed moves, once each, in the engine's order: moves that an input declared
    completes (differing only in their number, or only in their takes) are one entry for the
    card, unless the input has the card offered alone (a single take)."""
    groups: dict[str, list[tuple[str, Move]]] = {}
    needs: dict[str, Input | None] = {}
    for token, move in reader.read_all(legal):
        if not move.listed:
            continue
        key, need = token, None
        for declared in inputs.declared:
            incomplete = declared.completes(move)
            if incomplete is not None:
                key, need = reader.write(incomplete), declared
                break
        groups.setdefault(key, []).append((token, move))
        needs.setdefault(key, need)
    out = []
    for key, members in groups.items():
        need = needs[key]
        if need is None:
            out.append(Offer(key, members[0][1]))
        elif need.alone(len(members)):
            out.append(Offer(*members[0]))
        else:
            out.append(Offer(key, reader.read(key), need, tuple(members)))
    return out


def with_marks(reader: MoveReader, legal: list[str], token: str, marks: Iterable[str]) -> str:
    """``token`` with every pending mark that may ride on it, as long as the marked move is
    legal."""
    move = reader.read(token)
    for mark in marks:
        marked = reader.write(move.marked(mark))
        if marked in legal:
            move, token = move.marked(mark), marked
    return token
