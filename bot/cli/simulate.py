"""``python -m bot simulate``: AI-only matches, to measure strength and speed.

Levels are given to seats in turn (``--ai easy,random`` at four seats: easy at 0 and 2).
With ``--records DIR`` each deal's record is written there (each match then dealt from a
secret drawn from its seed, as a table's is, so that the records verify).
For each seat and each level it prints matches won (sides tied for first share the win, so a
Minchiate draw counts half; a level's row counts partners once) and, where the game
has hands, hands won, each with a 95% Wilson interval; the average of every per-seat score
in the outcome; and games and decisions per second.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.games import GAMES, SPECS, GameError, make_player
from bot.games.ai import LEVELS, Player
from bot.games.base import Json
from bot.games.turns import Over, Turns
from bot.records.build import match_records
from bot.records.fair import match_seed
from bot.records.schema import RecordMove, RecordSeat

Z95 = 1.959963984540054


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_match(
    game: str,
    seats: int,
    players: list[Player],
    seed: int,
    options: Json | None = None,
    moves: list[tuple[int, str]] | None = None,
) -> tuple[Json, int]:
    """Play one AI-only match to its end; return its outcome and the number of decisions
    (each move made is added to ``moves``, if given).

    Seats not on turn that may act (a call-out) are asked first, each once per turn; then
    the seat on turn moves. The players choose even a formality themselves.
    """
    rules = GAMES[game]
    state = rules.new_game(seats=seats, seed=seed, options=options)
    rngs = [random.Random(f"{seed}:ai:{s}") for s in range(seats)]
    turns = Turns(rules, state, ai=lambda seat: True, ai_formalities=False)
    decisions = 0
    while not isinstance(wanted := turns.ready()[1], Over):
        seat = wanted.seat
        legal = rules.legal_actions(turns.state, seat)
        action = players[seat].choose(rules.view(turns.state, seat), legal, rngs[seat])
        if action is None:
            assert wanted.optional, "a seat on turn always gets an action"
            continue  # an optional move let go
        turns.play(seat, action)
        decisions += 1
        if moves is not None:
            moves.append((seat, action))
    return wanted.outcome, decisions


@dataclass
class Tally:
    level: str
    seats: int = 0
    matches: int = 0
    wins: float = 0.0
    hands: int = 0
    hands_won: int = 0
    scores: dict[str, float] = field(default_factory=lambda: defaultdict(float))

    def add(self, seat: int, outcome: Json, teams: list[int]) -> None:
        """Count a match for ``seat``; ``teams``: each seat's side (``Seating.teams``)."""
        self.matches += 1
        first = outcome["ranking"][0]
        if seat in first:
            # Sides tied for first share the win: a Minchiate draw is half a deal won.
            self.wins += 1 / len({teams[s] for s in first})
        if "hands_won" in outcome:
            self.hands += outcome["hands"]
            self.hands_won += outcome["hands_won"][seat]
        for key, values in outcome.items():
            numeric = isinstance(values, list) and values and isinstance(values[0], int | float)
            if numeric and key != "hands_won":
                self.scores[key] += values[seat]

    def report(self) -> Json:
        out: Json = {
            "level": self.level,
            "matches": self.matches,
            "win_rate": self.wins / self.matches if self.matches else 0.0,
            "win_ci95": wilson(self.wins, self.matches),
        }
        if self.hands:
            out["hands"] = self.hands
            out["hand_win_rate"] = self.hands_won / self.hands
            out["hand_win_ci95"] = wilson(self.hands_won, self.hands)
        out["average"] = {k: v / self.matches for k, v in sorted(self.scores.items())}
        return out


def simulate(
    game: str,
    seats: int,
    levels: list[str],
    games: int,
    seed: int,
    options: Json | None = None,
    records: Path | None = None,
) -> Json:
    if game not in GAMES:
        raise GameError(
            "Unknown game “{game}”: choose one of {games}.",
            game=game,
            games=", ".join(sorted(GAMES)),
        )
    seat_levels = [levels[s % len(levels)] for s in range(seats)]
    teams = SPECS[game].seats.teams(seats)
    players = [make_player(game, level) for level in seat_levels]
    per_seat = [Tally(level) for level in seat_levels]
    per_level = {level: Tally(level) for level in dict.fromkeys(seat_levels)}
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        if records is None:
            outcome, n = play_match(game, seats, players, seed + i, options)
        else:
            outcome, n = _recorded(game, seats, seat_levels, players, seed + i, options, records)
        decisions += n
        sides_counted: set[tuple[str, int]] = set()
        for s in range(seats):
            per_seat[s].add(s, outcome, teams)
            # A level's row counts each side once: partners are one result, not two.
            side = (seat_levels[s], teams[s])
            if side not in sides_counted:
                sides_counted.add(side)
                per_level[seat_levels[s]].add(s, outcome, teams)
    elapsed = time.perf_counter() - start
    return {
        "game": game,
        "seats": seats,
        "games": games,
        "seed": seed,
        "seconds": elapsed,
        "games_per_second": games / elapsed,
        "decisions_per_second": decisions / elapsed,
        "per_seat": [t.report() for t in per_seat],
        "per_level": {level: t.report() for level, t in per_level.items()},
    }


def _recorded(
    game: str,
    seats: int,
    levels: list[str],
    players: list[Player],
    seed: int,
    options: Json | None,
    folder: Path,
) -> tuple[Json, int]:
    """A match dealt from a secret drawn from ``seed`` (as a table's is: so its records
    verify), each of its deals' records written to ``folder``."""
    secret = hashlib.sha256(f"tavolo-simulate:{seed}".encode()).hexdigest()
    moves: list[tuple[int, str]] = []
    outcome, n = play_match(game, seats, players, match_seed(secret, None), options, moves)
    names = [RecordSeat(name=f"{level} {s}", ai=level) for s, level in enumerate(levels)]
    for record in match_records(
        game=game,
        where=(0, 0, seed),
        seats=names,
        options=dict(options or {}),
        secret=secret,
        moves=[RecordMove(seat=s, action=a, by="ai") for s, a in moves],
        finished_at=datetime.now(UTC).isoformat(timespec="seconds"),
    ):
        path = folder / f"{game}-{seed}-deal{record.deal}-{record.id}.json"
        path.write_text(record.dumps(), encoding="utf-8")
    return outcome, n


def _pct(rate: float, ci: tuple[float, float]) -> str:
    return f"{100 * rate:5.1f}% [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"


def format_report(report: Json) -> str:
    lines = [
        f"{report['game']}: {report['games']} matches, {report['seats']} seats, "
        f"seed {report['seed']}; {report['games_per_second']:.2f} games/s, "
        f"{report['decisions_per_second']:.0f} decisions/s"
    ]
    rows: list[tuple[str, Any]] = [(f"seat {s}", r) for s, r in enumerate(report["per_seat"])]
    rows += [(f"all {lvl}", r) for lvl, r in report["per_level"].items()]
    for name, r in rows:
        text = f"  {name:<10} {r['level']:<6} matches won {_pct(r['win_rate'], r['win_ci95'])}"
        if "hands" in r:
            text += f"  hands won {_pct(r['hand_win_rate'], r['hand_win_ci95'])} of {r['hands']}"
        averages = ", ".join(f"{k} {v:.2f}" for k, v in r["average"].items())
        lines.append(f"{text}  avg: {averages}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot simulate", description=__doc__)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--seats", type=int, required=True)
    parser.add_argument("--ai", default="easy", help=f"levels, comma-separated: {LEVELS}")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default=None, help="house rules as JSON")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument(
        "--records", type=Path, default=None, metavar="DIR", help="write each deal's record there"
    )
    args = parser.parse_args(argv)
    try:
        options = json.loads(args.options) if args.options else None
        if args.records is not None:
            args.records.mkdir(parents=True, exist_ok=True)
        report = simulate(
            args.game, args.seats, args.ai.split(","), args.games, args.seed, options, args.records
        )
    except (GameError, json.JSONDecodeError, OSError) as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0
