"""Who meets whom: a knockout's seeded bracket, a Swiss round's pairings, a duplicate round's
tables. Pure functions of entrant numbers (``int``), so they are tested on their own.

A pairing is ``(home, away)``; ``away`` None is a bye (``home`` goes through, or scores a
win, without playing).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx

Pairing = tuple[int, int | None]


# -- knockout -------------------------------------------------------------------------------


def seeding(ratings: Mapping[int, float | None], rng: random.Random) -> list[int]:
    """The entrants best seed first: by league rating, highest first (equal ratings in entry
    order); the unrated after them, in an order drawn by ``rng``."""
    rated = sorted((e for e, r in ratings.items() if r is not None), key=lambda e: -ratings[e])  # type: ignore[operator]
    unrated = sorted(e for e, r in ratings.items() if r is None)
    rng.shuffle(unrated)
    return rated + unrated


def bracket_size(entrants: int) -> int:
    """The knockout's first round as places: the power of two the field fills."""
    size = 1
    while size < entrants:
        size *= 2
    return size


def bracket_positions(size: int) -> list[int]:
    """The seeds (0 best) in bracket order for a power-of-two ``size``: seed 0 meets seed
    size-1, and the two best can only meet in the final, the four best in the semi-finals."""
    order = [0]
    while len(order) < size:
        total = 2 * len(order) - 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def knockout_first_round(seeded: Sequence[int]) -> list[Pairing]:
    """The first round's matches, in bracket order: the places past the field are byes, and
    they fall to the best seeds (a seed's bye partner is the seed the bracket would have given
    it, past the field)."""
    size = bracket_size(len(seeded))
    places = bracket_positions(size)
    matches: list[Pairing] = []
    for i in range(0, size, 2):
        a, b = places[i], places[i + 1]
        home, away = (a, b) if a < b else (b, a)
        matches.append((seeded[home], seeded[away] if away < len(seeded) else None))
    return matches


def knockout_next_round(winners: Sequence[int]) -> list[Pairing]:
    """The next round: the previous round's winners in bracket order, two by two."""
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]


def knockout_rounds(entrants: int) -> int:
    """How many rounds a knockout of ``entrants`` takes."""
    return max(1, (bracket_size(entrants) - 1).bit_length())


# -- Swiss ----------------------------------------------------------------------------------

_BYE = -1  # the bye, as a node of the matching: whoever it is matched with sits out


def swiss_pairings(
    entrants: Sequence[int],
    scores: Mapping[int, int],
    met: Collection[frozenset[int]],
    byes: Mapping[int, int],
) -> list[Pairing]:
    """A Swiss round: ``entrants`` (still playing, in entry order), their ``scores`` so far,
    the pairs that have ``met``, and how many ``byes`` each has had.

    A maximum-weight matching (networkx) over every pair, in three tiers, each worth more than
    any number of the tiers below: first, no rematch and, for an odd field, the bye to one
    of those who have had the fewest (both are absolute unless the field makes them
    impossible); then pairs as close in score as can be; then the bye to the lowest score."""
    field = list(entrants)
    if len(field) < 2:
        return [(e, None) for e in field]
    top = max(scores.get(e, 0) for e in field) + 1
    span = top * top  # more than any closeness below
    edges = len(field) // 2 + 1  # the most edges a matching holds
    closeness = span * edges + 1  # one tier up: more than every edge's closeness together
    fair = closeness * edges  # the top tier
    fewest = min(byes.get(e, 0) for e in field)
    import networkx as nx  # here: an eighth of the bot's start-up, for Swiss rounds only

    graph: nx.Graph[int] = nx.Graph()
    for i, a in enumerate(field):
        for b in field[i + 1 :]:
            apart = scores.get(a, 0) - scores.get(b, 0)
            new = frozenset((a, b)) not in met
            graph.add_edge(a, b, weight=fair * new + closeness + span - apart * apart)
    if len(field) % 2:
        for a in field:
            low = scores.get(a, 0)
            graph.add_edge(
                a, _BYE, weight=fair * (byes.get(a, 0) == fewest) + closeness + span - low * low
            )
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    order = {e: i for i, e in enumerate(field)}
    pairs: list[Pairing] = []
    for a, b in matched:
        if _BYE in (a, b):
            pairs.append((b if a == _BYE else a, None))
        else:
            pairs.append((a, b) if order[a] < order[b] else (b, a))
    # The best-placed pairs first: the tables' order, as people read the round.
    return sorted(pairs, key=lambda p: (p[1] is None, -scores.get(p[0], 0), order[p[0]]))


def swiss_rounds_for(entrants: int) -> int:
    """The most rounds a Swiss of ``entrants`` can have with no rematch."""
    return max(1, entrants - 1 if entrants % 2 == 0 else entrants)


# -- duplicate ------------------------------------------------------------------------------


def duplicate_tables(field: Sequence[int], sides: int, round_no: int) -> list[list[int]]:
    """A duplicate round's tables: each a list of entrants, the one at index ``s`` holding
    side ``s``'s cards. Every table plays the same deals; ``field`` (a multiple of ``sides``)
    is cut into ``sides`` groups, and from round to round each group moves on one side (so
    over ``sides`` rounds every entrant holds each side's cards once) and meets another
    table's members of the other groups."""
    count = len(field) // sides
    assert count * sides == len(field), "a duplicate field fills its tables"
    groups = [list(field[g * count : (g + 1) * count]) for g in range(sides)]
    tables = []
    for i in range(count):
        seated: list[int] = [0] * sides
        for g, group in enumerate(groups):
            seated[(g + round_no) % sides] = group[(i + g * round_no) % count]
        tables.append(seated)
    return tables


def duplicate_scores(margins: Mapping[int, Mapping[int, float]]) -> dict[int, float]:
    """Each entrant's score in a duplicate round: for every side, its margin (``margins[side]
    [entrant]``: its points less its opponents') less the mean margin of the others who held
    the same side's cards. A side held at one table alone scores 0."""
    scored: dict[int, float] = {}
    for held in margins.values():
        for entrant, margin in held.items():
            others = [m for e, m in held.items() if e != entrant]
            scored[entrant] = margin - sum(others) / len(others) if others else 0.0
    return scored


def entrants_of(pairings: Iterable[Pairing]) -> list[int]:
    """Everyone a round's pairings name, byes included."""
    return [e for pair in pairings for e in pair if e is not None]
