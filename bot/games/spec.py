"""What the bot knows of a game, in one place: its ``GameSpec``.

Each game's package registers one frozen ``GameSpec`` (``bot/games/<game>/spec.py``) and
``bot.games.SPECS`` holds them all, by name. The layers above read a game's knowledge from its
spec instead of naming games:

- ``rules``: ``GAMES``, so the table manager, the terminal, the simulator and the tests;
- ``seats`` (stated by the engine, ``rules.seating``): the lobby (how many, who sits where
  at the start), the terminal's default, the teams of ratings and league points, the
  simulator's partners, ``/table kick``'s seat numbers;
- ``players``: ``make_player`` (the AI worker, the terminal, the simulator);
- ``text``: boards, hands, announcements and the lobby on Discord, the terminal, refusals,
  the league's statistics page; ``title``: the slash commands' choices and every heading;
- ``moves``: its action tokens read into typed moves and written back (``bot.games.moves``):
  nothing outside the game's folder splits or builds a token;
- ``inputs``: what a person supplies besides a listed move (marks, targets, numbers, a card's
  takes, shortcut commands): the hand's moves and buttons, the slash commands, the terminal;
- ``league``: the scores and figures the table manager stores, the league's statistics;
- ``pack``: the pictures (``bot.gallery``); ``types``: the typed words, league adapter and board
  painters, and the conformance tests.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypedDict, TypeVar

from bot.games.ai.base import Player, RandomPlayer, check_level
from bot.games.kit import Engine
from bot.games.moves import Inputs, MoveReader
from bot.games.seating import Seating

ViewT = TypeVar("ViewT")  # the game's view of a seat
EventT = TypeVar("EventT")  # the game's events
OutcomeT = TypeVar("OutcomeT")  # the game's outcome
# The same, as the game's modules take them (a module satisfies a Protocol below).
ViewC = TypeVar("ViewC", contravariant=True)
EventC = TypeVar("EventC", contravariant=True)
OutcomeC = TypeVar("OutcomeC", contravariant=True)


class HardFactory(Protocol):
    def __call__(self, budget: int = ...) -> Player: ...


class PlayersModule(Protocol):
    """A game's ``ai`` module, as ``Players.of`` reads it."""

    @property
    def EasyPlayer(self) -> Callable[[], Player]: ...  # the module's class
    @property
    def HardPlayer(self) -> HardFactory: ...


@dataclass(frozen=True)
class Players:
    """The game's AI players by level (``random`` is every game's: ``RandomPlayer``)."""

    easy: Callable[[], Player]
    hard: HardFactory
    """Takes ``budget``, the playouts of its search (each game has its own default)."""

    @classmethod
    def of(cls, ai: PlayersModule) -> Players:
        """The players of a game's ``ai`` module: its ``EasyPlayer`` and ``HardPlayer``."""
        return cls(easy=ai.EasyPlayer, hard=ai.HardPlayer)


Counts = dict[int, dict[str, int]]
"""Counters by seat: what a move adds to each seat's league figures."""


def count(counts: Counts, seat: int, kind: str, n: int = 1) -> None:
    """Add ``n`` to ``seat``'s counter ``kind``."""
    seat_counts = counts.setdefault(seat, {})
    seat_counts[kind] = seat_counts.get(kind, 0) + n


class Scored(NamedTuple):
    """A score a move made, as the table stores it: a 105 penalty, a chip lost, a resto."""

    seat: int
    kind: Literal["penalty", "chip", "resti"]
    points: int
    total: int


def no_scores(events: Sequence[object]) -> list[Scored]:
    """The ``scores`` of a game that keeps no score of those kinds move by move: its points
    are in the seats' figures."""
    return []


class DealsOutcome(TypedDict):
    """The outcome of a match won by sides over deals, as its figures read it (the game's
    outcome has these keys among its own)."""

    deals: int  # deals played
    deals_won: list[int]  # by seat: its side's
    points: list[int]  # by seat: its side's


def deals_won(outcome: DealsOutcome, seat: int) -> dict[str, int]:
    """The ``figures`` of such a match: the seat's side's deals won and points, and the deals
    played."""
    return {
        "deals_won": outcome["deals_won"][seat],
        "deals": outcome["deals"],
        "points": outcome["points"][seat],
    }


def summing(stats: Sequence[str]) -> Callable[[Mapping[str, int]], dict[str, int]]:
    """The ``totals`` of a game whose statistics are these figures, each summed as stored."""

    def totals(stored: Mapping[str, int]) -> dict[str, int]:
        return {key: int(stored.get(key, 0)) for key in stats}

    return totals


class LeagueModule(Protocol[EventC, OutcomeC]):
    """A game's ``league`` module, as ``LeagueAdapter.of`` reads it (``LeagueAdapter``'s
    fields, as functions)."""

    def scores(self, events: Sequence[EventC], /) -> list[Scored]: ...
    def counts(self, events: Sequence[EventC], /) -> Counts: ...
    def figures(self, outcome: OutcomeC, seat: int, /) -> dict[str, int]: ...
    def totals(self, stats: Mapping[str, int], /) -> dict[str, int]: ...


@dataclass(frozen=True)
class LeagueAdapter(Generic[EventT, OutcomeT]):
    """What a match records for the league, move by move and at its end."""

    scores: Callable[[Sequence[EventT]], list[Scored]]
    """The scores a move's events made."""
    counts: Callable[[Sequence[EventT]], Counts]
    """What a move's events add to the seats' counters (kept in each seat)."""
    figures: Callable[[OutcomeT, int], dict[str, int]]
    """A seat's figures from the outcome, stored with its counters."""
    totals: Callable[[Mapping[str, int]], dict[str, int]]
    """What a seat's stored figures add to its player's statistics. It must add up over
    seats whose figures share their signs (totals(a + b) = totals(a) + totals(b)): the web
    pages call it on the figures' gains and losses summed by the database."""

    @classmethod
    def of(cls, league: LeagueModule[EventT, OutcomeT]) -> LeagueAdapter[EventT, OutcomeT]:
        """The adapter of a game's ``league`` module."""
        return cls(
            scores=league.scores, counts=league.counts, figures=league.figures, totals=league.totals
        )


class TextModule(Protocol[ViewC, EventC, OutcomeC]):
    """A game's ``text`` module, as ``GameText.of`` reads it: ``GameText``'s fields, as its
    functions and constants (``OPTION_LABELS``, ``HELP``, ``KEPT``, ``LOBBY_NOTE``)."""

    def card_name(self, code: str, /) -> str: ...
    def action_label(self, token: str, /) -> str: ...
    def narrate(self, event: EventC, names: list[str], /) -> str | None: ...
    def board_lines(self, view: ViewC, names: list[str], /) -> list[str]: ...
    def outcome_lines(self, outcome: OutcomeC, names: list[str], /) -> list[str]: ...
    def stats_lines(self, totals: Mapping[str, int], played: int, /) -> list[str]: ...
    def announced(self, event: EventC, /) -> bool: ...
    def deal_begun(self, event: EventC, /) -> int | None: ...
    @property
    def deal_news(self) -> Callable[[int, str], str] | None: ...
    @property
    def OPTION_LABELS(self) -> Mapping[str, str]: ...  # the module's constant
    @property
    def KEPT(self) -> Mapping[str, frozenset[str]]: ...
    @property
    def HELP(self) -> str: ...
    @property
    def LOBBY_NOTE(self) -> str | None: ...


@dataclass(frozen=True)
class GameText(Generic[ViewT, EventT, OutcomeT]):
    """The game's words: pure functions of its card codes, action tokens, events, views and
    outcome, in the current language (``bot.i18n``)."""

    card_name: Callable[[str], str]
    action_label: Callable[[str], str]
    narrate: Callable[[EventT, list[str]], str | None]
    """One line telling an event, or None for a step nobody needs to read."""
    board_lines: Callable[[ViewT, list[str]], list[str]]
    outcome_lines: Callable[[OutcomeT, list[str]], list[str]]
    stats_lines: Callable[[Mapping[str, int], int], list[str]]
    """A player's statistics: their ``totals`` (``LeagueAdapter.totals``) over ``played``
    matches."""
    announced: Callable[[EventT], bool]
    """Whether an event is worth a public message of its own (results and their scoring)."""
    option_labels: Mapping[str, str]
    """Each house rule's label (marked with ``N_``, translated where shown)."""
    kept: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Words a language writes as the English text does, by language (``"*"``: every one):
    the game's own words (penúltima, resti), and the cards' Italian names in Italian. The
    catalogue check (``bot i18n check``) does not call them left in English."""
    help: str = ""
    """The game's paragraph of ``/help``: its own commands and buttons (marked with ``N_``)."""
    lobby_note: str | None = None
    """A line for the lobby on how the game seats people (marked with ``N_``)."""
    deal_begun: Callable[[EventT], int | None] = lambda event: None
    """The number of the deal (round, hand) an event begins, counted from 1; None for any
    other event. The publisher names a deal's news shown after the next one has begun."""
    deal_news: Callable[[int, str], str] | None = None
    """Such news (deal ``n``'s line ``news``), naming its deal as the game calls it; None:
    "Deal {n}: {news}"."""

    @classmethod
    def of(cls, words: TextModule[ViewT, EventT, OutcomeT]) -> GameText[ViewT, EventT, OutcomeT]:
        """The words of a game's ``text`` module."""
        return cls(
            card_name=words.card_name,
            action_label=words.action_label,
            narrate=words.narrate,
            board_lines=words.board_lines,
            outcome_lines=words.outcome_lines,
            stats_lines=words.stats_lines,
            announced=words.announced,
            option_labels=words.OPTION_LABELS,
            kept=words.KEPT,
            help=words.HELP,
            lobby_note=words.LOBBY_NOTE,
            deal_begun=words.deal_begun,
            deal_news=words.deal_news,
        )


class SpecText(TextModule[ViewC, EventC, OutcomeC], Protocol):
    """A game's ``text`` module, as ``GameSpec.of`` reads it: its words (``TextModule``), its
    ``TITLE`` and its ``INPUTS`` (what a person supplies besides a listed move)."""

    @property
    def TITLE(self) -> str: ...
    @property
    def INPUTS(self) -> Inputs: ...


class MovesModule(Protocol):
    """A game's ``moves`` module, as ``GameSpec.of`` reads it: its ``READER``."""

    @property
    def READER(self) -> MoveReader: ...


@dataclass(frozen=True)
class Step:
    """A game's own step, for a replay's buttons beside the move: a move ends one when
    ``ends(seat, events, next_seat)`` says so (the seat that made it, its events, the seat of
    the deal's next move; None after its last)."""

    name: Literal["move", "turn", "trick", "take"]
    """The word the replay shows (``bot.text.steps``)."""
    ends: Callable[[int, Sequence[Any], int | None], bool] = lambda seat, events, after: True

    @staticmethod
    def on_event(name: Literal["trick", "take"], kind: str, key: str | None = None) -> Step:
        """A step ended by a move with an event of type ``kind`` (whose ``key`` is not empty,
        when given): a trick won, a take."""

        def ends(seat: int, events: Sequence[Any], after: int | None) -> bool:
            return any(e["type"] == kind and (key is None or e[key]) for e in events)

        return Step(name, ends)


MOVE = Step("move")
"""The default: each move is a step."""
TURN = Step("turn", lambda seat, events, after: after != seat)
"""A seat's turn: its moves until another seat moves (a draw, then a play)."""


@dataclass(frozen=True)
class Types:
    """The types that describe the engine's JSON-safe dicts (``TypedDict`` s): a seat's view,
    its events (a union, one member for each ``type``) and its outcome. The words, the league
    and the pictures read them so typed; the conformance tests check random games against
    them (``tests/games/test_specs.py``)."""

    view: object
    event: object
    outcome: object


@dataclass(frozen=True)
class GameSpec(Generic[ViewT, EventT, OutcomeT]):
    """One game, as the bot knows it."""

    name: str
    """The game's key: ``GAMES``, stored tables and matches, slash-command choices."""
    title: str
    """Its name in English, marked with ``N_`` and translated where shown."""
    rules: Engine[Any, Any, Any]
    """Its engine, on the kit; it states the game's seating, house rules and pack."""
    players: Players
    text: GameText[ViewT, EventT, OutcomeT]
    moves: MoveReader
    inputs: Inputs
    league: LeagueAdapter[EventT, OutcomeT]
    pack: str
    """The pack its cards are drawn from, by name (``bot.pictures.PACKS``: italian, french,
    florentine, or a pack its painter brings)."""
    board: str
    """The module of its board painter (its ``PAINTER``, a ``bot.pictures.boards.Board``):
    ``bot/games/<game>/board.py``, named and not imported, so that the games never import the
    pictures; ``bot.gallery`` loads it when a picture is first wanted (and importing a spec,
    as the AI workers and the terminal do, imports no Pillow)."""
    types: Types
    step: Step = MOVE
    """A replay's step beside the move: a trick, a turn, a take."""
    independent_deals: bool = False
    """Whether a finished deal may be replayed while its match goes on: only a game whose
    deals share nothing a later deal keeps hidden may say so (docs/records.md)."""

    @classmethod
    def of(
        cls,
        rules: Engine[Any, Any, Any],
        ai: PlayersModule,
        text: SpecText[ViewT, EventT, OutcomeT],
        league: LeagueModule[EventT, OutcomeT],
        moves: MovesModule,
        *,
        pack: str,
        step: Step = MOVE,
        independent_deals: bool = False,
    ) -> GameSpec[ViewT, EventT, OutcomeT]:
        """The spec of a game laid out as ``docs/adding-a-game.md`` says, from its engine (its
        ``name``), its modules and its pack: its board painter is the ``board`` module beside
        its engine, and its ``types`` are those its words are written for (the view of
        ``board_lines``, the event of ``narrate``, the outcome of ``outcome_lines``)."""
        package = type(rules).__module__.rpartition(".")[0]
        return cls(
            name=rules.name,
            title=text.TITLE,
            rules=rules,
            players=Players.of(ai),
            text=GameText.of(text),
            moves=moves.READER,
            inputs=text.INPUTS,
            league=LeagueAdapter.of(league),
            pack=pack,
            board=f"{package}.board",
            types=Types(
                view=_first_type(text.board_lines),
                event=_first_type(text.narrate),
                outcome=_first_type(text.outcome_lines),
            ),
            step=step,
            independent_deals=independent_deals,
        )

    @property
    def seats(self) -> Seating:
        """Who sits where, as its engine states it."""
        return self.rules.seating

    def player(self, level: str, *, budget: int | None = None) -> Player:
        """An AI for this game at ``level``; ``budget`` overrides the hard level's playouts."""
        check_level(level)
        if level == "random":
            return RandomPlayer()
        if level == "easy":
            return self.players.easy()
        return self.players.hard() if budget is None else self.players.hard(budget=budget)


def _first_type(function: Callable[..., object]) -> object:
    """The type of a function's first parameter, as annotated."""
    hints = typing.get_type_hints(function)
    return hints[next(iter(hints))]
