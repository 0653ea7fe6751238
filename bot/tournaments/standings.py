"""Scores and the order of a Swiss (or any round-by-round) field, from the played matches.

Points are counted in halves, so they stay integers: a win is 2, a draw 1, a loss 0, a bye
2 (a win without playing). Ties are broken by the stated rule: Buchholz (the sum of the
opponents' scores; a bye adds nothing), then head to head (the points the tied entrants
scored in their matches against each other), then the entry order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WIN, DRAW, LOSS = 2, 1, 0


@dataclass(frozen=True)
class Played:
    """One match's result: ``away`` None is a bye; the points each side scored."""

    home: int
    away: int | None
    home_points: int
    away_points: int


@dataclass(frozen=True)
class Line:
    """One entrant's place in the standings."""

    entrant: int
    score: int  # in halves
    buchholz: int  # in halves
    head_to_head: int  # in halves, against those tied with it on score and Buchholz


def scores(field: Iterable[int], played: Iterable[Played]) -> dict[int, int]:
    total = dict.fromkeys(field, 0)
    for match in played:
        total[match.home] = total.get(match.home, 0) + match.home_points
        if match.away is not None:
            total[match.away] = total.get(match.away, 0) + match.away_points
    return total


def met(played: Iterable[Played]) -> set[frozenset[int]]:
    return {frozenset((m.home, m.away)) for m in played if m.away is not None}


def byes(played: Iterable[Played]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for match in played:
        if match.away is None:
            counts[match.home] = counts.get(match.home, 0) + 1
    return counts


def standings(field: Sequence[int], played: Sequence[Played]) -> list[Line]:
    """The field best first (``field`` in entry order)."""
    score = scores(field, played)
    opponents: dict[int, list[int]] = {e: [] for e in field}
    for match in played:
        if match.away is not None:
            opponents.setdefault(match.home, []).append(match.away)
            opponents.setdefault(match.away, []).append(match.home)
    buchholz = {e: sum(score.get(o, 0) for o in opponents.get(e, [])) for e in field}
    tied: dict[tuple[int, int], set[int]] = {}
    for e in field:
        tied.setdefault((score[e], buchholz[e]), set()).add(e)
    head: dict[int, int] = dict.fromkeys(field, 0)
    for match in played:
        if match.away is None:
            continue
        group = tied.get((score.get(match.home, 0), buchholz.get(match.home, 0)), set())
        if match.home in group and match.away in group:
            head[match.home] += match.home_points
            head[match.away] += match.away_points
    entry = {e: i for i, e in enumerate(field)}
    lines = [Line(e, score[e], buchholz[e], head[e]) for e in field]
    return sorted(
        lines, key=lambda ln: (-ln.score, -ln.buchholz, -ln.head_to_head, entry[ln.entrant])
    )


def halves(points: int) -> str:
    """Points counted in halves as people read them: 3, 2½, ½."""
    whole, half = divmod(points, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"
