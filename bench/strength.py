"""AI strength tables: ``python -m bench.strength [--games N] [--quick]``.

Runs ``python -m bot simulate`` (in this process, through its own ``main``) for every
match-up in BENCHMARKS.md, with the same seats, levels, game counts and seed, and prints its
reports: matches won (and hands won, where the game has hands) per seat and per level, each
with a 95% Wilson interval. ``--games`` (or ``--quick``: 4 games) overrides every count.
"""

from __future__ import annotations

import argparse

from bot.cli import simulate

# (game, seats, levels, games) as in BENCHMARKS.md, all with --seed 1.
MATCHUPS = [
    ("centocinque", 2, "easy,random", 300),
    ("centocinque", 2, "hard,easy", 210),
    ("cento", 4, "hard,easy,easy,easy", 300),
    ("cento", 4, "easy,random", 300),
    ("minchiate", 4, "easy,random", 300),
    ("minchiate", 4, "hard,easy", 300),
    ("scopa", 2, "easy,random", 200),
    ("scopa", 2, "hard,easy", 40),
]
SEED = 1


def command(game: str, seats: int, levels: str, games: int) -> list[str]:
    """The arguments of ``python -m bot simulate`` for one match-up."""
    return [game, "--seats", str(seats), "--ai", levels, "--games", str(games), "--seed", str(SEED)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=None, help="games per match-up")
    parser.add_argument("--quick", action="store_true", help="4 games each: a smoke test")
    args = parser.parse_args(argv)
    override = 4 if args.quick else args.games
    print("AI strength (95% Wilson intervals):")
    for game, seats, levels, games in MATCHUPS:
        argv_ = command(game, seats, levels, override or games)
        print(f"$ python -m bot simulate {' '.join(argv_)}", flush=True)
        simulate.main(argv_)


if __name__ == "__main__":
    main()
