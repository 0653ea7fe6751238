"""Heads-up AI strength, contest by contest, the seats swapped: what ``bench.briscola``,
``bench.scopa`` and ``bench.tressette`` share (heads-up, or two sides of partners: a level holds
every seat of its side, and the seats swap sides).

A contest is what a game's bench counts: a Briscola deal, a Scopa round or a whole Scopa game
(a ``Contest``: how to start one from a seed, and each seat's points once it is over). Each
match-up plays ``pairs`` contests twice: the same deck and dealer (seed ``S + i``), once with the
first level at seat 0 and once at seat 1, so neither level keeps the luck of a deal. For the
first level it reports the contests won, drawn and lost, its share of contests won (a draw
counting as the contest says) with a 95% Wilson interval, and its points per contest over the
other level with a 95% interval over the pairs (which are independent). Each decision's CPU time
is kept for every level (p50/p95/max), which a busy machine inflates less than wall time.

A goal is met when its whole interval is at or above it; when only the estimate is, or the
interval reaches above a missed goal, the line says so.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.stats import percentile
from bot.cli.simulate import wilson
from bot.games import GAMES, make_player
from bot.games.ai import Player
from bot.games.base import Event

Scores = tuple[float, float]
"""Each seat's points in one contest (seat 0's first), or in a pair: the first level's and the
other level's."""


class Oracle:
    """A level that is told more than its seat's view from the state itself: a ceiling to
    measure an AI against (what seeing the hands would pay), never an AI."""

    def told(self, view: Any, state: Any) -> Any:
        """``view``, with what this level is told of ``state``."""
        raise NotImplementedError


@dataclass(frozen=True)
class Goal:
    """What the first level of a match-up aims at; None: no goal for that measure."""

    share: float | None = None  # of contests won
    points: float | None = None  # per contest over the other level


@dataclass(frozen=True)
class Contest:
    """One heads-up contest of a game, as the harness plays and counts it."""

    game: str  # the engine's name (``GAMES``, ``make_player``)
    noun: str  # what one contest is called: "deal", "round", "game"
    points: str  # what the margin counts: "card points", "round points"
    scores: Callable[[list[Event]], Scores | None]  # from a move's events: None, or it is over
    draw: float = 0.0  # what a drawn contest counts in the share of contests won
    digits: int = 1  # decimals of the points per contest
    pairs: int = 150  # the pairs a match-up plays unless told
    seats: int = 2  # at four, two sides of partners: seat s plays for side s % 2
    goals: Mapping[tuple[str, str], Goal] = field(default_factory=dict)

    def start(self, seed: int) -> Any:
        """A game at its first deal: the deck from ``seed``, the dealer turning with it (so the
        two contests of a pair have the same deck and the same dealer)."""
        return GAMES[self.game].new_game(seats=self.seats, seed=seed, dealer=seed % self.seats)


def ends_with(kind: str, read: Callable[[Event], Scores]) -> Callable[[list[Event]], Scores | None]:
    """``Contest.scores`` of a contest that ends with an event of ``kind``: each side's points
    from it (``read``)."""

    def scores(events: list[Event]) -> Scores | None:
        for event in events:
            if event["type"] == kind:
                return read(event)
        return None

    return scores


def play(
    contest: Contest, players: tuple[Player, Player], seed: int, seconds: Sequence[list[float]]
) -> Scores:
    """One contest from ``seed``, side 0 (seat 0, and 2 at four) against side 1; each side's
    points. Each decision's CPU time goes to its side's list."""
    rules = GAMES[contest.game]
    state = contest.start(seed)
    rng = random.Random(seed)
    while True:
        seat = rules.turn(state)
        assert seat is not None
        view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
        player = players[seat % 2]
        if isinstance(player, Oracle):
            view = player.told(view, state)
        begun = time.thread_time()
        action = player.choose(view, legal, rng)
        seconds[seat % 2].append(time.thread_time() - begun)
        assert action is not None
        state, events = rules.apply(state, seat, action)
        scores = contest.scores(events)
        if scores is not None:
            return scores


@dataclass
class Tally:
    """One match-up's contests, from the first level's side."""

    contest: Contest
    first: str
    second: str
    goal: Goal = field(default_factory=Goal)
    won: int = 0
    drawn: int = 0
    lost: int = 0
    margins: list[float] = field(default_factory=list)  # per pair: its two margins, summed
    seconds: dict[str, list[float]] = field(default_factory=dict)  # per decision, by level
    clock: str = "CPU"  # what ``seconds`` measured

    def add_pair(self, pair: tuple[Scores, Scores]) -> None:
        """The two contests of a pair, each as (the first level's points, the other's)."""
        for mine, theirs in pair:
            self.won += mine > theirs
            self.drawn += mine == theirs
            self.lost += mine < theirs
        self.margins.append(sum(mine - theirs for mine, theirs in pair))

    @property
    def contests(self) -> int:
        return self.won + self.drawn + self.lost

    def share(self) -> tuple[float, float, float]:
        """The share of contests won, a draw counting ``contest.draw``, and its interval."""
        wins = self.won + self.contest.draw * self.drawn
        low, high = wilson(wins, self.contests)
        return wins / self.contests, low, high

    def points(self) -> tuple[float, float, float]:
        """Points per contest over the other level, and its 95% interval over the pairs."""
        per_contest = [m / 2 for m in self.margins]
        mean = statistics.fmean(per_contest)
        if len(per_contest) < 2:
            return mean, -math.inf, math.inf
        spread = 1.96 * statistics.stdev(per_contest) / math.sqrt(len(per_contest))
        return mean, mean - spread, mean + spread

    def mean_ms(self, level: str) -> float:
        return 1000 * statistics.fmean(self.seconds[level])

    def lines(self) -> list[str]:
        noun, digits = self.contest.noun, self.contest.digits
        share, low, high = self.share()
        head = (
            f"  {self.first} vs {self.second}: {self.contests} {noun}s ({len(self.margins)} pairs)"
        )
        won = (
            f"    {noun}s won {self.won}, drawn {self.drawn}, lost {self.lost}: "
            f"{100 * share:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        )
        if self.contest.draw and self.drawn:
            won += (
                " (draws half)" if self.contest.draw == 0.5 else f" (a draw {self.contest.draw:g})"
            )
        if (goal := self.goal.share) is not None:
            won += f" (goal >= {100 * goal:.0f}%: {verdict(goal, share, low, high)})"
        mean, low, high = self.points()
        points = (
            f"    {self.contest.points} per {noun} over {self.second}: {mean:+.{digits}f} "
            f"[{low:+.{digits}f}, {high:+.{digits}f}]"
        )
        if self.goal.points is not None:
            points += (
                f" (goal >= {self.goal.points:+g}: {verdict(self.goal.points, mean, low, high)})"
            )
        lines = [head, won, points]
        for level, seconds in self.seconds.items():
            ms = [1000 * s for s in seconds]
            lines.append(
                f"    {level} {self.clock} per decision ({len(ms)}): "
                f"p50 {percentile(ms, 50):.1f} ms, p95 {percentile(ms, 95):.1f} ms, "
                f"max {max(ms):.1f} ms"
            )
        return lines


def verdict(goal: float, estimate: float, low: float, high: float) -> str:
    """Whether a goal is met, as far as the interval shows."""
    if low >= goal:
        return "met"
    if estimate >= goal:
        return "met by the estimate only, not by its interval"
    if high >= goal:
        return "NOT met (its interval reaches the goal)"
    return "NOT met"


def matchup(
    contest: Contest, first: Player, second: Player, names: tuple[str, str], pairs: int, seed: int
) -> Tally:
    """``pairs`` contests played twice, seats swapped."""
    tally = Tally(contest, *names, goal=contest.goals.get(names, Goal()))
    mine = tally.seconds.setdefault(names[0], [])
    theirs = tally.seconds.setdefault(names[1], [])
    for i in range(pairs):
        at_zero = play(contest, (first, second), seed + i, (mine, theirs))
        at_one = play(contest, (second, first), seed + i, (theirs, mine))
        tally.add_pair((at_zero, (at_one[1], at_one[0])))
    return tally


def main(title: str, contests: Sequence[Contest], argv: list[str] | None, doc: str | None) -> None:
    """The command line of a game's bench: ``--matchups a:b,...``, ``--seed``, ``--quick``, and
    for each contest the pairs to play (the first's ``--pairs``, the others' ``--<noun>s``)."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--matchups", default="easy:random,hard:easy")
    parser.add_argument(
        "--pairs",
        type=int,
        default=contests[0].pairs,
        help=f"{contests[0].noun}s per match-up, each twice",
    )
    for contest in contests[1:]:
        parser.add_argument(
            f"--{contest.noun}s",
            type=int,
            default=contest.pairs,
            help=f"whole {contest.noun}s per match-up, each twice (0: none)",
        )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="3 pairs each: a smoke test")
    args = parser.parse_args(argv)
    counts = [args.pairs] + [getattr(args, f"{c.noun}s") for c in contests[1:]]
    print(title)
    for pair in args.matchups.split(","):
        a, b = pair.split(":")
        for contest, pairs in zip(contests, counts, strict=True):
            if not pairs:
                continue
            first, second = make_player(contest.game, a), make_player(contest.game, b)
            tally = matchup(contest, first, second, (a, b), 3 if args.quick else pairs, args.seed)
            print("\n".join(tally.lines()), flush=True)
