"""Whether a JSON-safe value is what a type says: a TypedDict (its keys, required and not),
a union (a union of TypedDicts: the member its ``type`` names), a list or dict of a type, a
Literal, None, a bool, an int (never a bool), a str; and ``checked``, such a value typed."""

from __future__ import annotations

import functools
import types
from typing import (
    Any,
    Literal,
    TypeVar,
    Union,
    cast,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

T = TypeVar("T")


def mismatches(value: object, hint: Any, where: str = "value") -> list[str]:
    """What in ``value`` does not fit ``hint``, one line each (none: it fits)."""
    if hint is Any:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if is_typeddict(hint):
        return _typeddict(value, hint, where)
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return _union(value, get_args(hint), where)
    if origin is Literal:
        fits = any(value == v and type(value) is type(v) for v in get_args(hint))
        return [] if fits else [f"{where}: {value!r} is not one of {get_args(hint)}"]
    if origin is list:
        if type(value) is not list:
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(hint)
        return [m for i, v in enumerate(value) for m in mismatches(v, item, f"{where}[{i}]")]
    if origin is dict:
        if type(value) is not dict:
            return [f"{where}: {value!r} is not a dict"]
        key, item = get_args(hint)
        found = [m for k in value for m in mismatches(k, key, f"{where} key {k!r}")]
        return found + [m for k, v in value.items() for m in mismatches(v, item, f"{where}[{k!r}]")]
    if hint in (bool, int, str):
        return [] if type(value) is hint else [f"{where}: {value!r} is not a {hint.__name__}"]
    raise TypeError(f"{where}: no check for {hint!r}")


def checked(hint: type[T], value: object) -> T:
    """``value`` as a ``hint`` (a TypedDict: an event, a view, an outcome), once it fits it:
    the engines hand out loosely typed dicts that the words and the pictures read typed."""
    found = mismatches(value, hint)
    assert not found, "\n".join(found)
    return cast(T, value)


def _typeddict(value: object, hint: Any, where: str) -> list[str]:
    if type(value) is not dict:
        return [f"{where}: {value!r} is not a dict"]
    name = hint.__name__
    required, optional = hint.__required_keys__, hint.__optional_keys__
    found = [f"{where}: {name} needs {k!r}" for k in sorted(required - value.keys())]
    found += [f"{where}: {name} has no {k!r}" for k in sorted(value.keys() - required - optional)]
    hints = _hints(hint)
    return found + [
        m
        for k in value.keys() & hints.keys()
        for m in mismatches(value[k], hints[k], f"{where}.{k}")
    ]


@functools.cache
def _hints(typeddict: Any) -> dict[str, Any]:
    """A TypedDict's field types, resolved once (resolving them is most of a check's time)."""
    return get_type_hints(typeddict)


@functools.cache
def _tagged(members: tuple[Any, ...]) -> dict[object, Any]:
    """The TypedDicts of a union by the one ``type`` each allows (an event's)."""
    return {_tag(m): m for m in members if is_typeddict(m) and _tag(m) is not None}


def _union(value: object, members: tuple[Any, ...], where: str) -> list[str]:
    tagged = _tagged(members)
    if isinstance(value, dict) and tagged and "type" in value:
        if value["type"] not in tagged:
            return [f"{where}: no type describes an event of type {value['type']!r}"]
        return mismatches(value, tagged[value["type"]], where)
    tries = [mismatches(value, member, where) for member in members]
    return [] if any(not found for found in tries) else min(tries, key=len)


def _tag(typeddict: Any) -> object:
    """The one ``type`` a TypedDict allows (an event's), or None."""
    tag = _hints(typeddict).get("type")
    return get_args(tag)[0] if get_origin(tag) is Literal and len(get_args(tag)) == 1 else None
