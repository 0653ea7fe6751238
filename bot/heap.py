"""Python's garbage collector, set for a bot that keeps its tables in memory.

A full collection walks every object the process holds while the event loop waits: with 1,000
tables open, about 70 ms, in which every click waits too. At Python's default threshold (a
collection of the youngest objects every 700 allocations) what a move allocates is mostly
still alive when collected (a table's state lives until its next move), so it was promoted to
the oldest generation and brought on a full collection every 15-25 s of play. With a larger
youngest generation it dies there by reference count, and full collections become rare; the
objects held from the start (modules, the drawn cards) are moved out of the collector's reach.
BENCHMARKS.md ("The garbage collector") has the measures.
"""

from __future__ import annotations

import gc

YOUNG = 10_000
"""Allocations (less deallocations) between two collections of the youngest generation."""


def settle() -> int:
    """Set the collector for serving: collect, freeze what is left (it is never collected
    again: call this once, after start-up and before the tables are brought back, so that
    only what lives as long as the process is frozen) and raise the youngest generation's
    threshold. The number of objects frozen."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, oldest)
    return gc.get_freeze_count()
