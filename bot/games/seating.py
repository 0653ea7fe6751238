"""Who sits where, stated once by each game's engine (``Engine.seating``): how many play, who
sits where at the start, and who plays with whom. The engine checks a new game's seats and
counts its sides with it; the lobby, the league's teams, ``/table kick`` and the simulator read
it through the game's spec (``GameSpec.seats``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Seating:
    """Who sits where: the seats of a lobby, and at the start."""

    fewest: int
    """Seats a lobby needs to start (with ``fill``: people, the AI taking the rest)."""
    most: int
    """Seats a lobby holds."""
    default: int
    """Seats of a game in the terminal (``python -m bot play``) when none are asked for."""
    fewest_option: str | None = None
    """The house rule that sets ``fewest`` instead (One Hundred's ``min_players``)."""
    fill: tuple[int, ...] = ()
    """At the start, people take these seats in turn and AI players every other (Minchiate:
    partners opposite each other); empty, people keep the seats they took in the lobby."""
    sides: int | None = None
    """Partnerships: seat ``s`` plays for side ``s % sides``; None, each seat for itself."""
    partners_at: frozenset[int] | None = None
    """The numbers of seats that play in partnerships (Scopa, Briscola: four); None, every
    number (with ``sides``)."""
    step: int = 1
    """The numbers of seats played at go from ``fewest`` to ``most`` by this step (Tressette:
    2 or 4)."""

    def fewest_with(self, options: object) -> int:
        """Seats a lobby needs to start, under the table's house rules (a parsed options model)."""
        return int(getattr(options, self.fewest_option)) if self.fewest_option else self.fewest

    def seat_range(self, options: object | None = None) -> range:
        """The numbers of seats a match is played at under the house rules (a parsed options
        model; None: under any): with ``fill``, exactly its seats (the AI takes those nobody
        took)."""
        if self.fill:
            return range(len(self.fill), len(self.fill) + 1)
        fewest = self.fewest if options is None else self.fewest_with(options)
        return range(fewest, self.most + 1, self.step)

    def partnered(self, seats: int) -> bool:
        """Whether ``seats`` players play in partnerships."""
        return self.sides is not None and (self.partners_at is None or seats in self.partners_at)

    def teams(self, seats: int) -> list[int]:
        """Each seat's side (its team, for ratings and league points)."""
        sides = self.sides if self.sides is not None and self.partnered(seats) else None
        return [seat % sides if sides else seat for seat in range(seats)]

    def side_count(self, seats: int) -> int:
        """How many sides play at ``seats``: the partnerships, or a side per seat."""
        return self.sides if self.sides is not None and self.partnered(seats) else seats

    def side_seats(self, seats: int) -> list[list[int]]:
        """Each side's seats, in order: partners together."""
        sides = self.side_count(seats)
        return [list(range(side, seats, sides)) for side in range(sides)]

    def ranking(self, seats: int, scores: Sequence[int]) -> list[list[int]]:
        """The seats by their side's score (``scores``, by side), highest first: partners
        together, sides level sharing a place."""
        groups: dict[int, list[int]] = {}
        for side, members in enumerate(self.side_seats(seats)):
            groups.setdefault(scores[side], []).extend(members)
        return [sorted(groups[score]) for score in sorted(groups, reverse=True)]
