"""A tournament's rounds from its stored matches: the next round's pairings, a played
match's points, who goes through, and the final order. Pure: the service stores and opens
what these return."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.seating import Seating
from bot.records.fair import derived_seed, seed_parts
from bot.storage.tournaments import EntrantRecord, MatchRecord, Tournament, TournamentRecord
from bot.tournaments.pairing import (
    duplicate_scores,
    duplicate_tables,
    knockout_first_round,
    knockout_next_round,
    knockout_rounds,
    swiss_pairings,
    swiss_rounds_for,
)
from bot.tournaments.standings import DRAW, LOSS, WIN, Played, byes, met, scores, standings

SIDES = 2  # every tournament match is between two sides: two people, or two teams


def match_seats(seating: Seating, options: object | None = None) -> list[int]:
    """The numbers of seats a tournament's match may be played at under the house rules (None:
    any): two sides, each one person or one team. A game of none (One Hundred seats three or
    more, each alone) has no tournament."""
    return [
        n
        for n in seating.seat_range(options)
        if n == SIDES or (seating.partnered(n) and seating.side_count(n) == SIDES)
    ]


def team_size(record: TournamentRecord) -> int:
    """The people on each side of the tournament's matches."""
    return record.seats // SIDES


def active(t: Tournament) -> list[int]:
    return [e.n for e in t.entrants if not e.dropped]


def played(matches: Sequence[MatchRecord]) -> list[Played]:
    """The matches with a result, as the standings count them."""
    found = []
    for m in matches:
        if m.status != "done" or m.points is None:
            continue
        if m.bye:
            found.append(Played(m.sides[0], None, m.points[0], 0))
        else:
            found.append(Played(m.sides[0], m.sides[1], m.points[0], m.points[1]))
    return found


def winner(m: MatchRecord) -> int | None:
    """Who goes through a knockout match: the side with more points; at a draw (or a double
    walkover) the better seed, the lower entrant number. None while it is not over."""
    if m.status != "done" or m.points is None:
        return None
    if m.bye:
        return m.sides[0]
    home, away = m.sides
    if m.points[0] != m.points[1]:
        return home if m.points[0] > m.points[1] else away
    return min(home, away)


def next_round(t: Tournament) -> list[MatchRecord]:
    """The matches of the round after ``t.record.round`` (byes already done)."""
    record = t.record
    number = record.round + 1
    if record.format == "knockout":
        if number == 1:
            pairs = knockout_first_round(sorted(active(t)))
        else:
            last = [m for m in t.matches if m.round == record.round]
            ahead = [w for m in sorted(last, key=lambda m: m.n) if (w := winner(m)) is not None]
            pairs = knockout_next_round(ahead)
        sides = [[a] if b is None else [a, b] for a, b in pairs]
    elif record.format == "swiss":
        done = played(t.matches)
        field = active(t)
        pairs = swiss_pairings(field, scores(field, done), met(done), byes(done))
        sides = [[a] if b is None else [a, b] for a, b in pairs]
    else:
        sides = duplicate_sides(t, number)
    matches = []
    for n, entrants in enumerate(sides, 1):
        if len(entrants) == 1:
            matches.append(
                MatchRecord(
                    round=number, n=n, sides=entrants, status="done", result="bye", points=[WIN]
                )
            )
            continue
        gone = [entrant(t, e).dropped for e in entrants]
        if record.format == "knockout" and any(gone):
            # A dropped winner keeps its place in the bracket, and loses there by walkover:
            # the others meet whom the bracket gives them.
            matches.append(
                MatchRecord(
                    round=number,
                    n=n,
                    sides=entrants,
                    status="done",
                    result="walkover",
                    points=[LOSS if out else WIN for out in gone],
                    margins=[0.0, 0.0],
                )
            )
            continue
        # A duplicate deals every table of a round alike, and the same deals again for as many
        # rounds as there are sides (each entrant holds each side's cards once).
        parts = seed_parts(record.format == "duplicate", number, n)
        seed = derived_seed(record.seed, *parts)
        matches.append(MatchRecord(round=number, n=n, sides=entrants, seed=seed))
    return matches


def duplicate_sides(t: Tournament, number: int) -> list[list[int]]:
    """A duplicate round's tables, cut from the whole field as drawn at the start, so that
    the rotation still holds once some have dropped. A dropped entrant's seats are played by
    the AI where the AI may fill a seat (its opponent's margin still compares with the
    others who held the same cards); else its opponent sits the round out (a bye, which a
    duplicate scores 0, the round's average). Two dropped entrants' table is not played."""
    found = []
    for table in duplicate_tables([e.n for e in t.entrants], SIDES, number - 1):
        here = [n for n in table if not entrant(t, n).dropped]
        if len(here) == SIDES or (here and t.record.ai_fill):
            found.append(table)
        elif here:
            found.append(here)
    return found


def rounds_of(t: Tournament) -> int:
    """How many rounds the tournament plays: a knockout's as its field asks, a Swiss's those
    asked for but no more than its field can play without a rematch."""
    if t.record.format == "knockout":
        return knockout_rounds(len(active(t)))
    if t.record.format == "swiss":
        return min(t.record.rounds or 1, swiss_rounds_for(len(active(t))))
    return t.record.rounds or SIDES


def points_of(
    outcome: dict[str, Any], seating: Seating, seats: int
) -> tuple[list[int], list[float]]:
    """A played match's points per side (in halves: win 2, draw 1) and margins: the side's
    points in the game less the other's where the outcome counts points (``points``, one per
    seat), else one for a win."""
    side = {s: team % SIDES for s, team in enumerate(seating.teams(seats))}
    first = {side[s] for s in outcome["ranking"][0]}
    if len(first) == SIDES:
        result = [DRAW, DRAW]
    else:
        result = [WIN if s in first else LOSS for s in range(SIDES)]
    counted = outcome.get("points")
    if isinstance(counted, list) and len(counted) == seats:
        by_side = [float(counted[seating.side_seats(seats)[s][0]]) for s in range(SIDES)]
    else:
        by_side = [float(p) / WIN for p in result]
    return result, [by_side[0] - by_side[1], by_side[1] - by_side[0]]


def duplicate_totals(t: Tournament) -> dict[int, float]:
    """Each entrant's duplicate score over the rounds: per round, its margin over the others
    who held the same side's cards, dealt from the same seed (a match played again is dealt
    afresh: nobody else held its cards, and it scores 0)."""
    total = dict.fromkeys(active(t), 0.0)
    dealt: dict[tuple[int, int | None], dict[int, dict[int, float]]] = {}
    for m in t.matches:
        if m.margins is not None and not m.bye:
            margins = dealt.setdefault((m.round, m.seed), {s: {} for s in range(SIDES)})
            for s, entrant in enumerate(m.sides):
                margins[s][entrant] = m.margins[s]
    for margins in dealt.values():
        for entrant, score in duplicate_scores(margins).items():
            total[entrant] = total.get(entrant, 0.0) + score
    return total


def final_order(t: Tournament) -> list[int]:
    """The entrants best first, as the tournament stands."""
    record = t.record
    if record.format == "swiss":
        return [line.entrant for line in standings(active(t), played(t.matches))]
    if record.format == "duplicate":
        totals = duplicate_totals(t)
        return sorted(active(t), key=lambda e: (-totals[e], e))
    # A knockout: the later an entrant went out, the better; the champion first.
    lasted: dict[int, int] = {}
    for m in t.matches:
        for e in m.sides:
            lasted[e] = max(lasted.get(e, 0), m.round * 2 + (winner(m) == e))
    return sorted(lasted, key=lambda e: (-lasted[e], e))


def champion(t: Tournament) -> int | None:
    order = final_order(t)
    return order[0] if order else None


def round_over(t: Tournament) -> bool:
    return all(m.status in ("done", "void") for m in t.matches if m.round == t.record.round)


def entrant(t: Tournament, n: int) -> EntrantRecord:
    return next(e for e in t.entrants if e.n == n)
