"""Fault injection: answer chosen requests with 429 or 5xx, or answer them late."""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass


@dataclass
class Fault:
    """What to do to the next ``times`` requests whose route key matches ``route``.

    ``route`` is a pattern over keys such as ``"POST /channels/{channel_id}/messages"``
    (``fnmatch`` style: ``"POST /interactions/*"``).
    """

    route: str
    status: int | None = None
    delay: float = 0.0
    retry_after: float = 0.5
    times: int = 1
    after_processing: bool = False
    """Carry the request out, then answer with the error (Discord acted but the bot hears 5xx)."""
    hits: int = 0


class Faults:
    def __init__(self) -> None:
        self.pending: list[Fault] = []

    def fail(
        self,
        route: str,
        status: int = 500,
        *,
        times: int = 1,
        retry_after: float = 0.5,
        after_processing: bool = False,
    ) -> Fault:
        """Answer matching requests with ``status`` (429 carries ``retry_after``)."""
        fault = Fault(route, status, 0.0, retry_after, times, after_processing)
        self.pending.append(fault)
        return fault

    def delay(self, route: str, seconds: float, *, times: int = 1) -> Fault:
        """Hold matching requests for ``seconds`` before handling them."""
        fault = Fault(route, delay=seconds, times=times)
        self.pending.append(fault)
        return fault

    def take(self, key: str) -> Fault | None:
        for fault in self.pending:
            if fnmatch.fnmatchcase(key, fault.route):
                fault.hits += 1
                if fault.hits >= fault.times:
                    self.pending.remove(fault)
                return fault
        return None
