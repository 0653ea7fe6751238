"""A record read from a file's bytes: too big, truncated, not JSON, nested or numbered past
what a record holds, of another schema version, or not as the schema says, each refused with a
RecordError naming what is wrong."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from bot.records import text
from bot.records.errors import RecordError
from bot.records.schema import SCHEMA, SCHEMAS, DealRecord

MOST_BYTES = 2_000_000  # a long match's last deal weighs some tens of kB
MOST_DEPTH = 32  # a record nests some six deep; deeper would overflow the checks' recursion


def load(data: bytes | str) -> DealRecord:
    """A record read from a file's bytes; RecordError names what is wrong."""
    raw = data.encode(errors="surrogatepass") if isinstance(data, str) else data
    if len(raw) > MOST_BYTES:
        raise RecordError("", text.TOO_BIG, most=MOST_BYTES)
    doc = _parsed(raw)
    if not isinstance(doc, dict):
        raise RecordError("", text.NOT_A_RECORD)
    found = doc.get("schema")
    if type(found) is not int or found not in SCHEMAS:  # true is no 1
        raise RecordError("schema", text.OTHER_SCHEMA, found=json.dumps(found), schema=SCHEMA)
    return validated(doc)


def validated(doc: dict[str, Any]) -> DealRecord:
    """A record from its parsed document; RecordError names the first field the schema
    refuses."""
    try:
        return DealRecord.model_validate(doc)
    except ValidationError as exc:
        first = exc.errors(include_input=False, include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise RecordError(where, text.INVALID, reason=first["msg"]) from None


def _parsed(raw: bytes) -> Any:
    """The JSON document in ``raw``, every string in it Unicode (an escaped lone surrogate is
    not) and nested at most ``MOST_DEPTH`` deep."""
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError("", text.NOT_TEXT) from None
    except json.JSONDecodeError as exc:
        raise RecordError("", text.NOT_JSON, line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise RecordError("", text.TOO_DEEP, most=MOST_DEPTH) from None
    except ValueError:  # an integer of more digits than Python converts
        raise RecordError("", text.NUMBER_TOO_LONG) from None
    if _depth(doc) > MOST_DEPTH:
        raise RecordError("", text.TOO_DEEP, most=MOST_DEPTH)
    try:
        json.dumps(doc, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError("", text.NOT_UNICODE) from None
    return doc


def _depth(doc: Any) -> int:
    """How deep lists and objects nest in ``doc`` (counted without recursion)."""
    deepest = 0
    pending = [(doc, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            pending += [(child, depth + 1) for child in item]
    return deepest
