"""What the record commands share: a record file read, its problems told."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.records.errors import RecordError
from bot.records.files import MOST_BYTES, load
from bot.records.schema import DealRecord
from bot.records.text import problem

UNREADABLE = 2  # the exit code of a file that is no record


def read(path: Path) -> DealRecord | None:
    """The record in ``path``, or None once what is wrong is said (on standard error)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MOST_BYTES + 1)  # a huge file is never read whole
        return load(data)
    except OSError as exc:
        print(f"tavolo: {path}: {exc.strerror or exc}", file=sys.stderr)
    except RecordError as exc:
        print(f"tavolo: {path}: {problem(exc)}", file=sys.stderr)
    return None
