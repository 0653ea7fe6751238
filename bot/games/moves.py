"""Moves as the layers above the games see them, and what a person supplies besides a move.

An action token is the engine's word (DESIGN.md); only its game reads or writes one. Each
game's spec holds a ``MoveReader``: ``read`` turns a legal token into a typed ``Move`` and
``write`` turns a ``Move`` back into its token, so the hand, ``/play``, the terminal, the
pictures and the table manager work with moves and never split a token.

What a person does besides picking a listed move is declared by the game (``Inputs``), and
the Discord views and the terminal are built from those declarations:

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


@dataclass(frozen=True)
class Mark:
    """Something a person says for their next move (marked with ``N_``, translated where
    shown)."""

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
class Target:
    """A move that names a seat, open to anyone at times (a call-out)."""

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
class Number:
    """A number typed for a card (One Hundred's Aces: the new total)."""

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


@dataclass(frozen=True)
class Completion:
    """A card whose moves differ in what they take: offered once, then its takes."""

    offer: str
    """The hand's entry for the card ("{card}: choose what it takes")."""
    ask: str
    """Above the takes ("What does {card} take?")."""


@dataclass(frozen=True)
class Shortcut:
    """A slash command making the seat's move of one kind (``/draw``)."""

    command: str
    description: str
    kind: str


@dataclass(frozen=True)
class Inputs:
    """What a person supplies besides picking one of the moves listed."""

    marks: tuple[Mark, ...] = ()
    target: Target | None = None
    number: Number | None = None
    completion: Completion | None = None
    shortcuts: tuple[Shortcut, ...] = ()

    def mark(self, name: str | None = None) -> Mark | None:
        """The mark called ``name`` (the game's first when None)."""
        return next((m for m in self.marks if name is None or m.name == name), None)


@dataclass(frozen=True)
class Offer:
    """One entry of a hand: a move, or a card still to be completed by a number or by
    picking one of its takes. ``token`` is the move's token, or for a card to complete the
    token of the card's move without the number or the takes (never itself legal)."""

    token: str
    move: Move
    needs: str | None = None
    """None: the move is made as it is; ``"number"`` or ``"completion"``."""
    completions: tuple[tuple[str, Move], ...] = field(default=())


def offers(reader: MoveReader, inputs: Inputs, legal: Iterable[str]) -> list[Offer]:
    """A seat's listed moves, once each, in the engine's order: moves that differ only in
    their number (with a ``Number`` declared) or only in their takes (with a ``Completion``,
    when a card has two or more) are one entry for the card."""
    groups: dict[str, list[tuple[str, Move]]] = {}
    needs: dict[str, str | None] = {}
    for token, move in reader.read_all(legal):
        if not move.listed:
            continue
        if inputs.number is not None and move.value is not None:
            key, need = reader.write(replace(move, value=None)), "number"
        elif inputs.completion is not None and move.takes:
            key, need = reader.write(replace(move, takes=())), "completion"
        else:
            key, need = token, None
        groups.setdefault(key, []).append((token, move))
        needs.setdefault(key, need)
    out = []
    for key, members in groups.items():
        need = needs[key]
        if need == "completion" and len(members) == 1:
            token, move = members[0]  # one take only: the move as it is
            out.append(Offer(token, move))
        elif need is None:
            out.append(Offer(key, members[0][1]))
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
