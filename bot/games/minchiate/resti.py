"""Resti: turning the running difference between the sides into units of 60 (RULES.md §3.6).

``diff`` is always side 0's lead (negative when side 1 leads). A settlement returns a signed count
of resti: positive for side 0, negative for side 1.
"""

from __future__ import annotations

RESTO = 60


def settle_running(diff: int) -> tuple[int, int]:
    """After a scoring event during play: while a side leads by 60 or more it takes a resto and
    its lead shrinks by 60. Returns (signed resti, the difference left, always within ±59)."""
    count = abs(diff) // RESTO
    signed = count if diff > 0 else -count
    return signed, diff - RESTO * signed


def settle_final(diff: int) -> int:
    """At the end: the lead left is rounded up in units of 60 (1..60 is one resto, 0 none)."""
    count = -(-abs(diff) // RESTO)
    return count if diff > 0 else -count
