"""Every benchmark from one command: ``python -m bench all [--quick]``, or one of them:
``python -m bench NAME [ARGS...]`` (``python -m bench NAME --help`` for its arguments).

``--quick`` runs each benchmark small, as a smoke test of the whole set (a few minutes);
without it the figures are those BENCHMARKS.md reports. A benchmark module that is not in
this tree is named and skipped.
"""

from __future__ import annotations

import importlib
import sys
import time
from types import ModuleType

# Name -> what it prints, in the order ``all`` runs them.
BENCHMARKS = {
    "throughput": "random-playout decisions/s of every engine",
    "peers": "Centocinque beside RLCard UNO and OpenSpiel crazy_eights, as ratios",
    "ai_time": "AI move time p50/p95/p99 per game and level, one core",
    "strength": "AI strength tables from simulate, with 95% intervals",
    "briscola": "Briscola heads-up deal by deal, seats swapped: deals won, points per deal",
    "openspiel_briscola": "Briscola's hard against OpenSpiel's ISMCTS, seats swapped",
    "scopa": "Scopa heads-up, rounds and games, seats swapped: won, points per round",
    "openspiel_scopa": "Scopa's hard against OpenSpiel's ISMCTS, round by round, seats swapped",
    "tressette": "Tressette deal by deal at two and four seats, seats swapped: won, points",
    "openspiel_tressette": "Tressette's hard against OpenSpiel's ISMCTS, two seats, seats swapped",
    "load": "the bot under load: latency, memory per table, against a floor bot; capacity",
    "restart": "process start to 10,000 stored tables playable; first action after it",
    "storage": "move commit time p50/p99",
    "league": "/league standings with 100,000 results",
    "web": "the league's web pages with 100,000 results; the live board's CPU, 100 watchers",
    "pictures": "card pictures: a 34-card hand and each game's board as PNG, p50/p95",
    "channel": "one person against the AI: messages per match, how fast the board follows",
    "records": "deal records: what one weighs, how long a replay step takes to answer",
    "tournaments": "a tournament's draws for 16, 64 and 256 entrants; its final order's messages",
}

INSTALL = "pip install -e '.[bench]'"
WIDTH = max(map(len, BENCHMARKS))
USAGE = "usage: python -m bench {all [--quick] | NAME [ARGS...]}\n\n" + "\n".join(
    f"  {name:<{WIDTH}} {what}" for name, what in BENCHMARKS.items()
)


def load(name: str) -> ModuleType:
    """``bench.NAME``; ModuleNotFoundError if it, or a module it needs, is not installed."""
    return importlib.import_module(f"bench.{name}")


def run(name: str, argv: list[str]) -> None:
    """Run ``bench.NAME``; if it or what it needs is not installed, say so and go on."""
    try:
        found = load(name)
    except ModuleNotFoundError as exc:
        if exc.name == f"bench.{name}":
            print(f"{name}: skipped (no bench/{name}.py in this tree)")
        else:
            print(f"{name}: skipped (needs {exc.name}; install with {INSTALL})")
        return
    found.main(argv)


def run_all(argv: list[str]) -> None:
    unknown = [a for a in argv if a != "--quick"]
    if unknown:
        raise SystemExit(f"python -m bench all takes only --quick, not {' '.join(unknown)}")
    start = time.perf_counter()
    for name, what in BENCHMARKS.items():
        print(f"\n== {name}: {what} ==", flush=True)
        begun = time.perf_counter()
        run(name, argv)
        print(f"({name}: {time.perf_counter() - begun:.0f}s)", flush=True)
    print(f"\nAll benchmarks in {time.perf_counter() - start:.0f}s")


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return
    name, rest = args[0], args[1:]
    if name == "all":
        run_all(rest)
    elif name in BENCHMARKS:
        run(name, rest)
    else:
        raise SystemExit(f"unknown benchmark {name!r}\n\n{USAGE}")


if __name__ == "__main__":
    main()
