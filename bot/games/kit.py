"""The engine kit: the shell of the engine contract (DESIGN.md), written once.

A game's engine subclasses ``Engine[State, Options, Event]`` (its state, a dataclass; its
house rules; its events) and writes its rules only:

- its facts, once: ``name``, ``title`` (its English name in errors), ``seating`` (how many
  play and who plays with whom), and its ``pack`` of card codes; the kit reads its
  ``state_type`` and ``options_model`` from the types it is an ``Engine`` of;
- ``start``: the first deal, laid out from a checked ``Setup`` (the seats, the seed, the parsed
  house rules, the dealer and the deck, top first: the explicit one, or shuffled from the seed;
  ``Setup.state`` makes the state of those);
- ``legal_actions``, ``move`` (a legal move, carried out on a copy of the state), ``view``,
  ``outcome``, and ``check`` (what a loaded state must satisfy: the pack, once each).

The kit writes the rest: ``new_game`` (seats and house rules checked, the dealer drawn, the deck
shuffled or checked), ``apply`` (the token's shape, refusals, the copy ``move`` works on),
``turn``/``to_act`` for a game where one seat acts at a time, and ``dump``/``load``: a state is
a dataclass, saved field by field, loaded back exactly, damaged data refused as one
``GameError``. ``clone`` copies a state by its fields' types, so a new field is copied without a
line of code. A field every seat sees as it is is marked ``Shown`` once: ``public`` puts it in
the views, ``restore`` takes it back into the state an AI imagines from a view (``imagined``).

Events are the game's ``TypedDict`` s (``bot/games/<game>/events.py``), built as such so that
mypy checks every key; ``apply`` hands them out as the contract's JSON-safe dicts, and the
conformance tests check every event of random games against them. Each type is ``final``, so
that mypy narrows the union on a key (``"seat" in event``). An events module has no ``from
__future__ import annotations``: Python 3.11 tells a TypedDict's NotRequired keys only from
annotations evaluated when the class is made (the tests read them).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, ClassVar, Generic, Protocol, TypedDict, TypeVar, cast

from pydantic import BaseModel

from bot.games.base import (
    Event,
    Json,
    Options,
    check_deck,
    check_seats,
    parse_options,
    pick_dealer,
    shuffled,
    split_token,
)
from bot.games.errors import GameError
from bot.games.seating import Seating


class State(Protocol):
    """What the kit reads of every game's state (a dataclass): its seats, the seat on turn
    (None: the game is over), the hands and the house rules."""

    current: int | None
    hands: list[list[str]]

    @property
    def seats(self) -> int: ...

    @property
    def options(self) -> BaseModel: ...


class SeatView(TypedDict):
    """The keys every game's view of a seat has, all written by the kit (``Engine.view``):
    the game adds its own (``Engine.seat_view``, typed in ``bot/games/<game>/views.py``)."""

    game: str
    seats: int
    seat: int | None  # None: the public view
    hand: list[str] | None  # the seat's own cards; None in the public view
    hand_sizes: list[int]
    options: dict[str, Any]
    over: bool


class TrickTableView(SeatView):
    """The keys a trick game played by sides in numbered deals adds to every view."""

    sides: list[list[int]]  # each side's seats (partners opposite at four)
    dealer: int
    deal: int  # the deal's number in the match
    current: int | None  # None once the match is over
    leader: int  # who leads (or led) the trick on the table
    trick: list[str]  # the cards on the table, from the leader's


S = TypeVar("S", bound=State)  # the game's state
OptionsT = TypeVar("OptionsT", bound=Options)  # its house rules
E = TypeVar("E")  # its events: a union of TypedDicts
T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
OptionsC = TypeVar("OptionsC", bound=Options, contravariant=True)


class NewState(Protocol[T_co, OptionsC]):
    """A state type, as ``Setup.state`` makes one: its first fields a new game's."""

    def __call__(self, *, seats: int, seed: int, options: OptionsC, dealer: int) -> T_co: ...


@dataclass(frozen=True, slots=True)
class Setup(Generic[OptionsT]):
    """A new game, checked: what ``Engine.start`` lays out."""

    seats: int
    seed: int
    options: OptionsT
    dealer: int
    deck: list[str]
    """The first deal's cards, top first: the explicit deck, or the pack shuffled from the seed."""

    def state(self, new: NewState[T, OptionsT]) -> T:
        """A state of type ``new`` for this game: its seats, seed, house rules and dealer, the
        other fields at their defaults until ``start`` deals."""
        return new(seats=self.seats, seed=self.seed, options=self.options, dealer=self.dealer)


def fresh(data: Any) -> Any:
    """A copy of JSON data sharing nothing with the original (faster than ``copy.deepcopy``)."""
    if type(data) is dict:
        return {k: fresh(v) if type(v) in _NESTED else v for k, v in data.items()}
    if type(data) is list:
        return [fresh(v) if type(v) in _NESTED else v for v in data]
    return data


_NESTED = (dict, list)


class _Shown:
    """The mark of a ``Shown`` field."""


Shown = Annotated[T, _Shown()]
"""A state's field that every seat sees as it is (``current: Shown[int | None] = None``):
``public`` puts it in each view under its own name, and ``restore`` takes it back from one."""


def shown_fields(cls: type) -> tuple[str, ...]:
    """The ``Shown`` fields of the dataclass ``cls``, in order."""
    return _shown_fields(cls)


@cache
def _shown_fields(cls: type) -> tuple[str, ...]:
    hints = typing.get_type_hints(cls, include_extras=True)
    return tuple(
        f.name
        for f in dataclasses.fields(cls)
        if any(isinstance(m, _Shown) for m in getattr(hints[f.name], "__metadata__", ()))
    )


def public(state: State) -> Json:
    """The ``Shown`` fields of ``state``, as a view's keys (copied)."""
    return {name: fresh(getattr(state, name)) for name in shown_fields(type(state))}


def restore(state: S, view: Mapping[str, Any]) -> S:
    """``state`` (one an AI imagines from ``view``) with its ``Shown`` fields as the view
    shows them, copied (the inverse of ``public``)."""
    for name in shown_fields(type(state)):
        setattr(state, name, fresh(view[name]))
    return state


def dump_fields(state: Any) -> Json:
    """A dataclass state as JSON-safe data, field by field (house rules as a plain dict)."""
    fields: Json = {
        f.name: (value.model_dump() if isinstance(value, BaseModel) else fresh(value))
        for f in dataclasses.fields(state)
        for value in (getattr(state, f.name),)
    }
    return fields


def _copy(hint: Any, field: str) -> str:
    """How ``clone`` copies a field of type ``hint`` (Python for the field ``s.<field>``): a
    list (of lists, row by row) or a dict is copied, anything else is shared: numbers,
    strings, house rules, and values a move replaces instead of changing (``X | None``)."""
    value = f"s.{field}"
    origin = typing.get_origin(hint)
    if origin is list:
        (item,) = typing.get_args(hint)
        return (
            f"[list(r) for r in {value}]" if typing.get_origin(item) is list else f"list({value})"
        )
    if origin is dict:
        return f"dict({value})"
    return value


@cache
def _cloner(cls: type) -> Callable[[Any], Any]:
    """``clone`` for the dataclass ``cls``, written once as one call, as a copy written by hand
    would be (the way ``dataclasses`` writes ``__init__``): a move copies its state, and a
    field-by-field loop made that a third of a move's time."""
    hints = typing.get_type_hints(cls)
    fields = ", ".join(_copy(hints[f.name], f.name) for f in dataclasses.fields(cls))
    namespace: dict[str, Any] = {"cls": cls}
    exec(f"def clone(s):\n    return cls({fields})\n", namespace)  # noqa: S102 (field names)
    copier: Callable[[Any], Any] = namespace["clone"]
    return copier


def clone(state: S) -> S:
    """A copy of a dataclass state that ``apply`` may change, field by field: its lists (and
    each row of a list of lists) and dicts are new; what they hold is shared, so the rules
    replace an entry of a list of dicts instead of changing it."""
    copied: S = _cloner(type(state))(state)
    return copied


class Engine(Generic[S, OptionsT, E]):
    """The engine contract (``bot.games.base.Rules``), but for the rules of one game."""

    name: ClassVar[str]
    title: ClassVar[str]
    """The game's name in English, in the errors (``is played by``, ``damaged``)."""
    seating: ClassVar[Seating]
    options_model: type[OptionsT]
    """Its house rules: the second type it is an ``Engine`` of."""
    state_type: type[S]
    """Its state: the first type it is an ``Engine`` of."""
    formalities: frozenset[str] = frozenset()
    first_deal: ClassVar[tuple[object, ...]] = ("deal", 1)
    """The salt of the first deal's shuffle (``base.shuffled``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in getattr(cls, "__orig_bases__", ()):
            if typing.get_origin(base) is Engine:
                cls.state_type, cls.options_model, _ = typing.get_args(base)

    # -- the game's facts ---------------------------------------------------------------------

    @property
    def min_seats(self) -> int:
        return self.seating.seat_range().start

    @property
    def max_seats(self) -> int:
        return self.seating.most

    def pack(self, seats: int) -> list[str]:
        """Every card a match at ``seats`` is played with, in the pack's order."""
        raise NotImplementedError

    # -- setting up ---------------------------------------------------------------------------

    def new_game(
        self,
        seats: int,
        seed: int,
        options: dict[str, Any] | None = None,
        dealer: int | None = None,
        deck: list[str] | None = None,
    ) -> S:
        return self.start(self.setup(seats, seed, options, dealer, deck), [])

    def started(self, setup: Setup[OptionsT]) -> tuple[S, list[Event]]:
        """A new game (``setup``), and the events of its first deal (``new_game`` keeps them
        to itself)."""
        events: list[E] = []
        state = self.start(setup, events)
        return state, untyped(events)

    def setup(
        self,
        seats: int,
        seed: int,
        options: Json | None = None,
        dealer: int | None = None,
        deck: list[str] | None = None,
    ) -> Setup[OptionsT]:
        """Check ``new_game``'s arguments: the house rules, the seats, the dealer, the deck."""
        opts = parse_options(self.options_model, options)
        self.check_seats(seats, opts)
        pack = self.pack(seats)
        if deck is None:
            first = shuffled(pack, seed, *self.first_deal)
        elif isinstance(deck, list) and all(isinstance(c, str) for c in deck):
            first = check_deck(deck, pack)
        else:
            raise GameError("The explicit deck must be a list of card codes.")
        return Setup(seats, seed, opts, pick_dealer(seats, seed, dealer), first)

    def check_seats(self, seats: int, options: OptionsT) -> None:
        """Refuse a number of seats the game is not played at, under these house rules."""
        allowed = self.seating.seat_range(options)
        check_seats(self.title, seats, allowed.start, allowed.stop - 1)

    def start(self, setup: Setup[OptionsT], events: list[E]) -> S:
        """The state after the first deal, reporting its steps in ``events``."""
        raise NotImplementedError

    def imagined(self, view: Mapping[str, Any], seed: int) -> S:
        """A state an AI imagines from a seat's ``view``: its seats, dealer and house rules,
        ``seed``, the other fields at their defaults until the AI deals the unseen cards and
        ``restore`` s what the view shows (a state type that ``Setup.state`` can make)."""
        new = cast(NewState[S, OptionsT], self.state_type)
        options = parse_options(self.options_model, view["options"])
        return new(seats=view["seats"], seed=seed, options=options, dealer=view["dealer"])

    # -- who acts -----------------------------------------------------------------------------

    def turn(self, state: S) -> int | None:
        return state.current

    def to_act(self, state: S) -> list[int]:
        seat = self.turn(state)
        return [] if seat is None else [seat]

    def legal_actions(self, state: S, seat: int) -> list[str]:
        raise NotImplementedError

    # -- moves --------------------------------------------------------------------------------

    def apply(self, state: S, seat: int, action: str) -> tuple[S, list[Event]]:
        parts = split_token(action)
        if self.turn(state) is None:
            raise self.finished()
        if not (isinstance(seat, int) and 0 <= seat < state.seats and self.plays(state, seat)):
            raise GameError("You are not playing in this match.")
        self.check_move(state, seat, action, parts)
        st = clone(state)
        events: list[E] = []
        self.move(st, seat, parts, events)
        return st, untyped(events)

    def finished(self) -> GameError:
        """The refusal of any move once the game is over."""
        return GameError("The match is over.")

    def plays(self, state: S, seat: int) -> bool:
        """Whether ``seat`` (one of the table's) still plays: ``apply`` refuses any move of a
        seat that does not, or of one not at the table."""
        return True

    def check_move(self, state: S, seat: int, action: str, parts: list[str]) -> None:
        """Refuse ``action`` unless it is legal for ``seat``, saying why."""
        if action not in self.legal_actions(state, seat):
            raise self.why_illegal(state, seat, parts)

    def why_illegal(self, state: S, seat: int, parts: list[str]) -> GameError:
        """Why a move ``check_move`` refuses is not legal, for the player."""
        raise NotImplementedError

    def move(self, st: S, seat: int, parts: list[str], events: list[E]) -> None:
        """Carry out a legal move on ``st`` (a copy), reporting what happens in ``events``."""
        raise NotImplementedError

    # -- what people see ----------------------------------------------------------------------

    def view(self, state: S, seat: int | None) -> Json:
        own = seat if seat is not None and 0 <= seat < state.seats else None
        return {
            "game": self.name,
            "seats": state.seats,
            "seat": own,
            "hand": self.shown_hand(state, own) if own is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            **public(state),
            **self.seat_view(state, own),
            "options": state.options.model_dump(),
            "over": self.turn(state) is None,
        }

    def shown_hand(self, state: S, seat: int) -> list[str]:
        """``seat``'s own cards as its view lists them: as held, unless the game sorts them."""
        return list(state.hands[seat])

    def seat_view(self, state: S, seat: int | None) -> Json:
        """What else ``seat`` (one of the game's seats; ``None``: the public view) may know:
        the game's own keys, beside those every view has (``SeatView``: the seats, the
        seat's own hand, every hand's size, the ``Shown`` fields, the house rules, ``over``)."""
        raise NotImplementedError

    def outcome(self, state: S) -> Json | None:
        return None if self.turn(state) is not None else self.result(state)

    def result(self, state: S) -> Json:
        """The outcome of a match that is over."""
        raise NotImplementedError

    # -- saving -------------------------------------------------------------------------------

    def dump(self, state: S) -> Json:
        return dump_fields(state)

    def load(self, data: Json) -> S:
        try:
            fields = self.upgrade(fresh(dict(data)))
            fields["options"] = parse_options(self.options_model, fields["options"])
            state = self.state_type(**fields)
            self.check(state)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise GameError(
                "This saved {game} game is damaged and cannot be loaded.", game=self.title
            ) from exc
        return state

    def upgrade(self, fields: Json) -> Json:
        """A saved state's fields as this version of the game keeps them (a field added since
        it was saved gets its value here)."""
        return fields

    def check(self, state: S) -> None:
        """Refuse a loaded state that could not arise (TypeError, ValueError): the right
        shapes, and the pack once each."""
        raise NotImplementedError


def untyped(events: list[E]) -> list[Event]:
    """A game's typed events as the contract hands them out: JSON-safe dicts."""
    return cast(list[Event], events)
