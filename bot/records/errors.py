"""The one error of records."""

from __future__ import annotations


class RecordError(ValueError):
    """A record that cannot be read: ``field`` names where (``""``: the whole file)."""

    def __init__(self, field: str, problem: str, **values: object) -> None:
        super().__init__(f"{field}: {problem}" if field else problem)
        self.field = field
        self.problem = problem  # an English text with {placeholders} (bot.records.text)
        self.values = values
