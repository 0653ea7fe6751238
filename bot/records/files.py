"""A record read from a file's bytes: too big, truncated, not JSON, of another schema version,
or not as the schema says, each refused with a RecordError naming what is wrong."""

from __future__ import annotations

import json

from pydantic import ValidationError

from bot.records import text
from bot.records.errors import RecordError
from bot.records.schema import SCHEMA, DealRecord

MOST_BYTES = 2_000_000  # a long match's last deal weighs some tens of kB


def load(data: bytes | str) -> DealRecord:
    """A record read from a file's bytes; RecordError names what is wrong."""
    raw = data.encode() if isinstance(data, str) else data
    if len(raw) > MOST_BYTES:
        raise RecordError("", text.TOO_BIG, most=MOST_BYTES)
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError("", text.NOT_TEXT) from None
    except json.JSONDecodeError as exc:
        raise RecordError("", text.NOT_JSON, line=exc.lineno, column=exc.colno) from None
    if not isinstance(doc, dict):
        raise RecordError("", text.NOT_A_RECORD)
    if doc.get("schema") != SCHEMA:
        raise RecordError(
            "schema", text.OTHER_SCHEMA, found=json.dumps(doc.get("schema")), schema=SCHEMA
        )
    try:
        return DealRecord.model_validate(doc)
    except ValidationError as exc:
        first = exc.errors(include_input=False, include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise RecordError(where, text.INVALID, reason=first["msg"]) from None
