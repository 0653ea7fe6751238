"""The engine contract every game implements (see DESIGN.md, "The engine contract").

A game is a stateless ``Rules`` object; all game data lives in an opaque state object
that ``apply`` never mutates. A game is fully determined by
(game, seats, seed, options, dealer, deck, action tokens).
"""

from __future__ import annotations

import random
from collections.abc import Container
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from bot.games.errors import GameError

Json = dict[str, Any]
Event = dict[str, Any]
"""A JSON-safe event. Each game types its own (``bot/games/<game>/events.py``), as it types its
views and outcome (``views.py``): its spec's ``types``."""

S = TypeVar("S")


class Options(BaseModel):
    """Base of every game's house rules: frozen, and unknown keys are an error."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Rules(Protocol[S]):
    """What the table manager, the AI, the simulator and the tests rely on."""

    @property
    def name(self) -> str: ...

    @property
    def min_seats(self) -> int: ...

    @property
    def max_seats(self) -> int: ...

    @property
    def formalities(self) -> frozenset[str]:
        """Action tokens that decide nothing (Minchiate's ``nodeclare`` with nothing to declare):
        when such a token is a seat's only legal action and nobody else may act, the table
        submits it for the seat at once, without asking. Other forced moves stay the player's
        to make."""
        ...

    @property
    def options_model(self) -> type[Options]: ...

    def new_game(
        self,
        seats: int,
        seed: int,
        options: dict[str, Any] | None = None,
        dealer: int | None = None,
        deck: list[str] | None = None,
    ) -> S: ...

    def to_act(self, state: S) -> list[int]: ...

    def turn(self, state: S) -> int | None: ...

    def legal_actions(self, state: S, seat: int) -> list[str]: ...

    def apply(self, state: S, seat: int, action: str) -> tuple[S, list[Event]]: ...

    def view(self, state: S, seat: int | None) -> Json: ...

    def outcome(self, state: S) -> Json | None: ...

    def dump(self, state: S) -> Json: ...

    def load(self, data: Json) -> S: ...


OptionsT = TypeVar("OptionsT", bound=Options)


def parse_options(model: type[OptionsT], options: dict[str, Any] | None) -> OptionsT:
    """Validate a host's house rules, naming the first bad option in the error."""
    try:
        return model.model_validate(options or {})
    except ValidationError as exc:
        err = exc.errors()[0]
        name = ".".join(str(p) for p in err["loc"]) or "options"
        if err["type"] == "extra_forbidden":
            raise GameError("Unknown option “{name}”.", name=name) from None
        raise GameError(
            "Option “{name}”: {value!r} is not allowed ({reason}).",
            name=name,
            value=err.get("input"),
            reason=err["msg"],  # pydantic's words, in English
        ) from None


def check_seats(rules_name: str, seats: int, low: int, high: int) -> None:
    if not isinstance(seats, int) or not low <= seats <= high:
        if low == high:
            raise GameError(
                "{game} is played by {low} players, not {seats}.",
                game=rules_name,
                low=low,
                seats=seats,
            )
        raise GameError(
            "{game} is played by {low} to {high} players, not {seats}.",
            game=rules_name,
            low=low,
            high=high,
            seats=seats,
        )


def shuffled(cards: list[str], seed: int, *salt: object) -> list[str]:
    """A deterministic shuffle drawn from the game's secret seed and a salt naming the moment."""
    rng = random.Random(":".join(str(s) for s in (seed, *salt)))
    out = list(cards)
    rng.shuffle(out)
    return out


def check_deck(given: list[str], expected: list[str]) -> list[str]:
    """An explicit deck must be exactly the game's pack, in any order."""
    if sorted(given) != sorted(expected):
        raise GameError("The explicit deck is not a complete pack for this game.")
    return list(given)


def pick_dealer(seats: int, seed: int, dealer: int | None) -> int:
    if dealer is None:
        return random.Random(f"{seed}:dealer").randrange(seats)
    if not isinstance(dealer, int) or not 0 <= dealer < seats:
        raise GameError("Dealer must be a seat from 0 to {last}.", last=seats - 1)
    return dealer


def split_token(action: object) -> list[str]:
    """Split an action token, refusing anything that is not a short ASCII string."""
    if not isinstance(action, str) or not action or len(action) > 40 or not action.isascii():
        raise GameError("That is not a move.")
    return action.split(":")


def not_held(card: str, pack: Container[str], hand: Container[str]) -> GameError | None:
    """Why a seat may not play ``card`` from ``hand``: it is no card of ``pack``, or the seat
    does not hold it; None when it holds it."""
    if card not in pack:
        return GameError("That is not a card.")
    if card not in hand:
        return GameError("You do not hold that card.")
    return None
