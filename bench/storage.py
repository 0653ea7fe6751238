"""Move commit time: ``python -m bench.storage [--tables N] [--moves M] [--url URL] [--quick]``.

Opens ``--tables`` tables of four people (the three games by turns) in a fresh SQLite file
(WAL, as the bot opens it), or in the database ``--url`` names (``postgresql://...``: an empty
database the benchmark may fill; it is left holding the tables), and makes ``--moves`` random
legal moves through the bot's table manager, table after table in turn, as a busy bot would;
a finished match is replaced by a new table. Every ``TableRepo.commit_move`` call the
manager makes (one transaction: the state after the move as JSON, the seats, the move, its
scores) is timed from the call to its return, and p50/p99/max are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.stats import percentile
from bench.tables_db import manager_on, open_table, random_move, settled
from bot.storage import Database, TableRepo
from bot.storage.db import describe


class TimedRepo(TableRepo):
    """The real repository, remembering how long each move commit took (seconds)."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self.commits: list[float] = []

    async def commit_move(self, *args: Any, **kwargs: Any) -> None:
        start = time.perf_counter()
        await super().commit_move(*args, **kwargs)
        self.commits.append(time.perf_counter() - start)


async def commit_times(where: Path | str, tables: int, moves: int, seed: int = 1) -> list[float]:
    """Seconds per move commit over ``moves`` moves spread over ``tables`` tables, in the
    database at ``where`` (a SQLite file, or a database URL)."""
    rng = random.Random(seed)
    async with manager_on(where, TimedRepo) as manager:
        repo = manager.repo
        assert isinstance(repo, TimedRepo)
        opened = [await open_table(manager, i) for i in range(tables)]
        for made in range(moves):
            slot = made % tables
            if not opened[slot].playing:  # its match ended: a new table takes its place
                opened[slot] = await open_table(manager, tables + made)
            await random_move(manager, opened[slot], rng)
        for table in opened:  # a formality still being stored would be cut off by the close
            await settled(table)
    return repo.commits


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--moves", type=int, default=5_000)
    parser.add_argument("--quick", action="store_true", help="a few hundred moves: a smoke test")
    parser.add_argument(
        "--url", help="an empty database to run on (postgresql://...); default: a new SQLite file"
    )
    args = parser.parse_args(argv)
    tables, moves = (12, 300) if args.quick else (args.tables, args.moves)
    with tempfile.TemporaryDirectory(prefix="tavolo-storage-") as folder:
        where = args.url or Path(folder) / "t.sqlite3"
        ms = [1000 * s for s in asyncio.run(commit_times(where, tables, moves))]
    kind = "SQLite WAL" if args.url is None else describe(args.url)
    print(
        f"Move commit (TableRepo.commit_move, {kind}, {tables} tables, {len(ms)} moves): "
        f"p50 {percentile(ms, 50):.2f} ms, p99 {percentile(ms, 99):.2f} ms, max {max(ms):.2f} ms"
    )


if __name__ == "__main__":
    main()
