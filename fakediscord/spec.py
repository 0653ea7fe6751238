"""Discord's OpenAPI description of its REST API (``openapi/openapi.json``) as a check on
every request: the route exists for its method, and its path parameters, query parameters
and body (JSON, or a multipart body's ``payload_json``) are what the description allows.

The description is read once per process and each route's validators are made the first
time the route is used. Its conventions, and where the fake departs from them:

- ``$ref`` is resolved inside the description; ``anyOf`` means at least one member matches
  and ``oneOf`` exactly one (the spec's ``oneOf`` members are told apart by a constant
  ``type``; its ``anyOf`` unions, marked ``x-discord-union: oneOf``, overlap, and Discord takes
  the one member the request is meant as);
- a snowflake (``SnowflakeType``) is a string of digits in the description; an integer is
  accepted too, as Discord does (discord.py sends some ids as integers); a permissions bitset
  is an integer there, and its string of digits (what Discord documents) is accepted too;
- query strings are typed as Discord reads them: ``true``/``True``/``1`` and
  ``false``/``False``/``0`` for booleans, digits for integers; a parameter the route does not
  describe is refused (Discord would ignore it, so the bot's intent would be lost);
- the description is looser than Discord's documentation in places (4,000 characters of
  content, 2,000 documented): the fake's documented rules (``validation.py``) apply as well.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, cast

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match

SPEC_FILE = Path(__file__).with_name("openapi") / "openapi.json"
_BOOLEANS = {"true": True, "True": True, "1": True, "false": False, "False": False, "0": False}
_INTEGER = re.compile(r"-?[0-9]+")
_NO_BODY = object()
"""``check``'s ``body`` when the request had none."""


@dataclass(frozen=True)
class SpecViolation:
    """One way a request breaks the description: where, and which of its rules."""

    endpoint: str
    """The route as the description names it, ``POST /channels/{channel_id}/messages``."""
    location: str
    """``route``, ``path``, ``query`` or ``body``."""
    pointer: str
    """A JSON pointer into the location: ``/embeds/0/title``, ``/limit``; ``""``: all of it."""
    rule: str
    """The rule broken, named by its keyword: ``maxLength: 256``, ``type: "integer"``,
    ``anyOf: matches none of its 7 members``, ``paths: Discord's API has no such route``."""
    detail: str = ""

    @property
    def keys(self) -> list[str]:
        """The pointer's keys: ``/embeds/0/title`` is embeds, 0, title."""
        return [k.replace("~1", "/").replace("~0", "~") for k in self.pointer.split("/")[1:]]

    @property
    def keyword(self) -> str:
        return self.rule.split(":", 1)[0]

    def __str__(self) -> str:
        where = f"{self.location} {self.pointer or '(all of it)'}"
        detail = f" ({self.detail})" if self.detail else ""
        return f"{self.endpoint}: {where}: {self.rule}{detail}"


class OpenApi:
    """Discord's description, with each operation's validators made on first use."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self._templates: dict[int, list[tuple[str, list[str]]]] = {}
        for template in document["paths"]:
            segments = template.split("/")
            self._templates.setdefault(len(segments), []).append((template, segments))
        self._operations: dict[tuple[str, str], _Operation] = {}
        self._unions: dict[int, dict[Any, list[int]] | None] = {}
        self._enums: dict[int, frozenset[Any]] = {}
        self._refs: dict[str, Any] = {}
        unions = {keyword: self._union(keyword) for keyword in ("anyOf", "oneOf")}
        # types-jsonschema leaves ``extend`` unannotated; it returns a validator class.
        self._validator_class: type[Draft202012Validator] = validators.extend(  # type: ignore[no-untyped-call]
            Draft202012Validator, {"$ref": self._ref, **unions}
        )

    def check(
        self, method: str, path: str, query: Mapping[str, str], body: Any = _NO_BODY
    ) -> list[SpecViolation]:
        """Everything wrong with a request (``path`` below ``/api/v10``); [] when it fits.

        ``body`` is the parsed JSON or ``payload_json``: ``("application/json", payload)``
        or ``("multipart/form-data", payload)``; left out when the request had no body."""
        found = self._match(path)
        method = method.lower()
        if found is None or method not in self.document["paths"][found[0]]:
            endpoint = f"{method.upper()} {found[0] if found else path}"
            return [SpecViolation(endpoint, "route", "", "paths: Discord's API has no such route")]
        template, parameters = found
        operation = self._operations.get((method, template))
        if operation is None:
            operation = self._operations[(method, template)] = _Operation(self, method, template)
        return operation.check(parameters, query, body)

    def validator(self, *pointer: str) -> Draft202012Validator:
        """A validator for the schema at ``pointer`` (its keys) in the description."""
        validator: Draft202012Validator = self._validator_class(_at(self.document, pointer))
        return validator

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        """``schema`` with its top-level ``$ref`` followed."""
        while "$ref" in schema:
            schema = self._target(schema["$ref"])
        return schema

    def _target(self, ref: str) -> Any:
        """What a ``$ref`` names: every one in the description points into it (``#/...``)."""
        target = self._refs.get(ref)
        if target is None:
            assert ref.startswith("#/"), ref
            keys = [key.replace("~1", "/").replace("~0", "~") for key in ref[2:].split("/")]
            target = self._refs[ref] = _at(self.document, tuple(keys))
        return target

    def _ref(
        self, validator: Any, ref: str, instance: Any, schema: Any
    ) -> Iterator[ValidationError]:
        """``$ref``, each target looked up once (the general resolver costs more than the
        rest of a request's check)."""
        yield from validator.descend(instance, self._target(ref))

    def _union(self, keyword: str) -> Callable[..., Iterator[ValidationError]]:
        """``anyOf``/``oneOf`` with the same verdict, faster: a value of an enum (a union of
        distinct constants) passes at once, and when the members are objects told apart by
        their ``type`` (components, callbacks) only the member of the instance's type is
        checked, so the errors are those of the member the request is meant as."""
        standard = Draft202012Validator.VALIDATORS[keyword]

        def union(
            validator: Any, members: list[Any], instance: Any, schema: Any
        ) -> Iterator[ValidationError]:
            scalar = isinstance(instance, int | str) and not isinstance(instance, bool)
            if scalar and instance in self._constants(members):  # an enum's value: valid
                return
            table = self._members_by_type(members)
            kind = instance.get("type") if isinstance(instance, dict) else None
            chosen = table.get(kind, []) if table and isinstance(kind, int | str) else []
            if len(chosen) == 1:
                yield from validator.descend(instance, members[chosen[0]], schema_path=chosen[0])
            else:
                yield from standard(validator, members, instance, schema)

        return union

    def _constants(self, members: list[Any]) -> frozenset[Any]:
        """The values of a union of ``const`` members (the spec's enums), else nothing."""
        key = id(members)  # the lists live as long as the document
        if key not in self._enums:
            values = [m["const"] for m in members if "const" in m]
            exact = len(values) == len(members) and all(
                isinstance(v, int | str) and not isinstance(v, bool) for v in values
            )
            self._enums[key] = frozenset(values) if exact else frozenset()
        return self._enums[key]

    def _members_by_type(self, members: list[Any]) -> dict[Any, list[int]] | None:
        """Which members each ``type`` value may be; None unless every member names its own."""
        key = id(members)  # the lists live as long as the document
        if key not in self._unions:
            table: dict[Any, list[int]] | None = {}
            for i, member in enumerate(members):
                kinds = self.resolve(member).get("properties", {}).get("type", {}).get("enum")
                if table is None or kinds is None:
                    table = None
                    continue
                for kind in kinds:
                    table.setdefault(kind, []).append(i)
            self._unions[key] = table
        return self._unions[key]

    def _match(self, path: str) -> tuple[str, dict[str, str]] | None:
        """The template ``path`` fits, literal segments winning over parameters
        (``/users/@me`` over ``/users/{user_id}``), with the parameters' values."""
        segments = path.split("/")
        best: tuple[list[bool], str, dict[str, str]] | None = None
        for template, pattern in self._templates.get(len(segments), []):
            literal = [not p.startswith("{") for p in pattern]
            pairs = list(zip(segments, pattern, literal, strict=True))
            if all(s == p for s, p, lit in pairs if lit) and (best is None or literal > best[0]):
                values = {p[1:-1]: s for s, p, lit in pairs if not lit}
                best = (literal, template, values)
        return None if best is None else (best[1], best[2])


class _Operation:
    """One method of one route: validators for its path, query and each body type."""

    def __init__(self, spec: OpenApi, method: str, template: str) -> None:
        self.spec = spec
        self.endpoint = f"{method.upper()} {template}"
        item = spec.document["paths"][template]
        self.operation: dict[str, Any] = item[method]
        # Path-level parameters first; an operation's own replace them by name.
        where: dict[str, tuple[str, ...]] = {}
        for level, parameters in (
            ((template,), item.get("parameters", [])),
            ((template, method), self.operation.get("parameters", [])),
        ):
            for i, parameter in enumerate(parameters):
                where[parameter["name"]] = ("paths", *level, "parameters", str(i))
        self.parameters: dict[str, tuple[str, Draft202012Validator, set[str]]] = {}
        for name, pointer in where.items():
            parameter = spec.resolve(_at(spec.document, pointer))
            types = spec.resolve(parameter["schema"]).get("type", [])
            self.parameters[name] = (
                parameter["in"],
                spec.validator(*pointer, "schema"),
                {types} if isinstance(types, str) else set(types),
            )
        self._bodies: dict[str, Draft202012Validator] = {}

    def check(
        self, path: dict[str, str], query: Mapping[str, str], body: Any
    ) -> list[SpecViolation]:
        violations = []
        for location, values in (("path", path), ("query", query)):
            for name, raw in values.items():
                described = self.parameters.get(name)
                if described is None or described[0] != location:
                    violations.append(
                        self._violation(
                            location, f"/{name}", f"parameters: no {location} parameter {name!r}"
                        )
                    )
                    continue
                _, validator, types = described
                value = _typed(raw, types)
                violations += self._errors(validator, value, location, f"/{name}")
        for name, (location, _, _) in self.parameters.items():
            if location == "query" and name not in query and self._required(name):
                violations.append(self._violation("query", f"/{name}", "parameters: required"))
        return violations + self._check_body(body)

    def _required(self, name: str) -> bool:
        return any(
            p["name"] == name and p.get("required", False)
            for p in self.operation.get("parameters", [])
        )

    def _check_body(self, body: Any) -> list[SpecViolation]:
        described = self.operation.get("requestBody")
        if body is _NO_BODY:
            required = described is not None and described.get("required", False)
            return [self._violation("body", "", "requestBody: required")] if required else []
        if described is None:
            return [self._violation("body", "", "requestBody: none")]
        content_type, payload = body
        if content_type not in described["content"]:
            allowed = ", ".join(described["content"])
            return [self._violation("body", "", f"content: {content_type} (only {allowed})")]
        validator = self._bodies.get(content_type)
        if validator is None:
            pointer = self._pointer(content_type)
            validator = self._bodies[content_type] = self.spec.validator(*pointer)
        return self._errors(validator, payload, "body", "")

    def _pointer(self, content_type: str) -> tuple[str, ...]:
        method, template = self.endpoint.split(" ", 1)
        return ("paths", template, method.lower(), "requestBody", "content", content_type, "schema")

    def _errors(
        self, validator: Draft202012Validator, value: Any, location: str, base: str
    ) -> list[SpecViolation]:
        return [
            self._violation(location, base + _pointer(error), *_rule(error))
            for error in validator.iter_errors(value)
        ]

    def _violation(self, location: str, pointer: str, rule: str, detail: str = "") -> SpecViolation:
        return SpecViolation(self.endpoint, location, pointer, rule, detail)


def _at(document: Any, pointer: tuple[str, ...]) -> Any:
    for key in pointer:
        document = document[int(key)] if isinstance(document, list) else document[key]
    return document


def _typed(raw: str, types: set[str]) -> Any:
    """A query or path value as Discord reads it for a parameter of these JSON types."""
    if "boolean" in types and raw in _BOOLEANS:
        return _BOOLEANS[raw]
    if types & {"integer", "number"} and "string" not in types and _INTEGER.fullmatch(raw):
        return int(raw)
    return raw


def _pointer(error: ValidationError) -> str:
    return "".join("/" + str(key).replace("~", "~0").replace("/", "~1") for key in error.path)


def _rule(error: ValidationError) -> tuple[str, str]:
    """The rule an error broke, as the description writes it, and what jsonschema says."""
    keyword = str(error.validator)
    if keyword in ("anyOf", "oneOf"):
        # The stubs allow "unset"; an error from validating has the schema's list of members.
        schemas = cast(list[dict[str, Any]], error.validator_value)
        members = len(schemas)
        if all("const" in member for member in schemas):  # an enum
            values = [member["const"] for member in schemas]
            return f"{keyword}: one of {_short(json.dumps(values))}", _short(repr(error.instance))
        if not error.context:  # oneOf: more than one member matched
            return f"{keyword}: matches more than one of its {members} members", ""
        closest = _closest(error.context)
        where = _pointer(closest) or "(all of it)"
        return f"{keyword}: matches none of its {members} members", f"closest: {where}: " + (
            _short(closest.message)
        )
    return f"{keyword}: {_short(json.dumps(error.validator_value))}", _short(error.message)


def _closest(errors: list[ValidationError]) -> ValidationError:
    """The most telling error of the member that got furthest (its errors deepest)."""
    by_member: dict[Any, list[ValidationError]] = {}
    for error in errors:
        by_member.setdefault(error.relative_schema_path[0], []).append(error)
    furthest = max(by_member.values(), key=lambda es: min(len(e.relative_path) for e in es))
    closest: ValidationError | None = best_match(furthest)  # the stubs leave it unannotated
    assert closest is not None
    return closest


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@cache
def discord_api() -> OpenApi:
    """The vendored description, read once per process, with its integers as Discord reads
    them (``_as_discord_reads``)."""
    document = json.loads(SPEC_FILE.read_text(encoding="utf-8"))
    _as_discord_reads(document)
    return OpenApi(document)


def _as_discord_reads(node: Any, key: str = "") -> None:
    """A snowflake may be an integer as well as its string; a bitset field wider than a JSON
    number holds exactly (permissions: up to 2**54) may be its string of digits, as Discord
    documents it and discord.py sends it."""
    if isinstance(node, list):
        for item in node:
            _as_discord_reads(item)
        return
    if not isinstance(node, dict):
        return
    if node.get("format") == "snowflake":
        node["type"], node["minimum"] = ["string", "integer"], 0
    for name, child in node.items():
        if key == "properties" and isinstance(child, dict) and _wide_integer(child):
            types = child["type"] if isinstance(child["type"], list) else [child["type"]]
            child["type"], child["pattern"] = [*types, "string"], "^[0-9]+$"
        _as_discord_reads(child, name)


def _wide_integer(schema: dict[str, Any]) -> bool:
    types = schema.get("type")
    integer = types == "integer" or (isinstance(types, list) and "integer" in types)
    return integer and schema.get("maximum", 0) > 2**53
