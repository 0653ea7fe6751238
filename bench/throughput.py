"""Random-playout throughput: ``python -m bench.throughput [GAME ...] [--seconds S]``.

Plays uniformly random legal moves, game after game, and prints decisions per second: one
decision is one player's action (``legal_actions`` then ``apply`` through the public engine
contract, which validates the move and returns a new state). Every game has four seats.
Centocinque is also driven through its in-place fast path for AI playouts
(``bot.games.centocinque.rollout``), which makes the same moves without copies or checks.

Each figure is the median of ``--rounds`` runs of ``--seconds`` each, the engines taking
turns round after round, so a busy moment on the machine does not favour one of them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from bot.games import GAMES
from bot.games.centocinque import rollout
from bot.games.turns import Over, Turns

SEATS = 4
FAST = "centocinque (fast path)"

PlayGame = Callable[[random.Random, int], int]
"""Plays one whole game with random legal moves (the int is the game's seed); returns the
number of decisions it took."""


def contract_game(game: str) -> PlayGame:
    """One game of ``game`` through the engine contract."""
    rules = GAMES[game]

    def play(rng: random.Random, seed: int) -> int:
        # Nobody moves off turn; a formality the table makes is a decision too.
        turns = Turns(rules, rules.new_game(seats=SEATS, seed=seed), ai=lambda seat: False)
        decisions = 0
        while True:
            made, wanted = turns.ready()
            decisions += len(made)
            if isinstance(wanted, Over):
                return decisions
            turns.play(wanted.seat, rng.choice(rules.legal_actions(turns.state, wanted.seat)))
            decisions += 1

    return play


def fast_centocinque(rng: random.Random, seed: int) -> int:
    """One game of Centocinque through the in-place fast path."""
    state = GAMES["centocinque"].new_game(seats=SEATS, seed=seed)
    decisions = 0
    while state.current is not None:
        rollout.play(state, rng.choice(rollout.legal(state)))
        decisions += 1
    return decisions


def rate(play: PlayGame, seconds: float, seed: int = 1) -> float:
    """Decisions per second of ``play``, game after game for at least ``seconds``."""
    rng = random.Random(seed)
    decisions = games = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        decisions += play(rng, seed + games)
        games += 1
    return decisions / elapsed


def compare(drivers: dict[str, PlayGame], seconds: float, rounds: int) -> dict[str, float]:
    """Each driver's median rate over ``rounds`` rounds, the drivers taking turns."""
    runs: dict[str, list[float]] = {name: [] for name in drivers}
    for _ in range(rounds):
        for name, play in drivers.items():
            runs[name].append(rate(play, seconds))
    return {name: statistics.median(values) for name, values in runs.items()}


def our_drivers(games: list[str]) -> dict[str, PlayGame]:
    drivers = {game: contract_game(game) for game in games}
    if "centocinque" in games:
        drivers[FAST] = fast_centocinque
    return drivers


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one run")
    parser.add_argument("--rounds", type=int, default=3, help="runs per engine (median)")
    parser.add_argument("--quick", action="store_true", help="short runs: a smoke test")


def timing(args: argparse.Namespace) -> tuple[float, int]:
    """(seconds, rounds) from the arguments; ``--quick`` makes them short."""
    return (0.3, 1) if args.quick else (args.seconds, args.rounds)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=sorted(GAMES))
    add_arguments(parser)
    args = parser.parse_args(argv)
    seconds, rounds = timing(args)
    print(f"Engine throughput: random legal moves, {SEATS} seats, median of {rounds} x {seconds}s")
    for name, value in compare(our_drivers(args.games), seconds, rounds).items():
        print(f"  {name}: {value:,.0f} decisions/s")


if __name__ == "__main__":
    main()
