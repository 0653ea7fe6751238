"""The table layer's user-facing errors."""

from __future__ import annotations


class TableError(Exception):
    """Something a person asked of a table that cannot be done; the message says why."""


class OutOfDate(TableError):
    """A button or command for a move that has already happened (a stale or double click)."""

    def __init__(self) -> None:
        super().__init__("This is out of date: the game has moved on. Open your hand again.")
