"""Every game's house rules, read from its options model: the values each field takes, drawn
from its own type and constraints, so that a new game's options are tested without a table of
them here."""

from __future__ import annotations

import random
import typing
from typing import Any

from annotated_types import Ge, Le
from pydantic import BaseModel
from pydantic.fields import FieldInfo


def field_values(name: str, info: FieldInfo) -> list[Any]:
    """Every value a house rule may take (a bool, a Literal, an int between its bounds)."""
    hint = info.annotation
    if hint is bool:
        return [False, True]
    if typing.get_origin(hint) is typing.Literal:
        return list(typing.get_args(hint))
    if hint is int:
        low: Any = next((m.ge for m in info.metadata if isinstance(m, Ge)), None)
        high: Any = next((m.le for m in info.metadata if isinstance(m, Le)), None)
        assert low is not None and high is not None, f"option {name!r}: an int needs ge= and le="
        return list(range(int(low), int(high) + 1))
    raise AssertionError(f"option {name!r}: no values drawn for a {hint!r}; teach field_values")


def option_values(model: type[BaseModel]) -> dict[str, list[Any]]:
    """Each house rule's values, by name."""
    return {name: field_values(name, info) for name, info in model.model_fields.items()}


def random_options(model: type[BaseModel], rng: random.Random) -> dict[str, Any]:
    """Some house rules, each left out or given a value its field allows."""
    return {
        name: rng.choice(values)
        for name, values in option_values(model).items()
        if rng.random() < 0.5
    }
