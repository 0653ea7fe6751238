"""``python -m bot db copy``: move the bot's data to another database.

    python -m bot db copy --from sqlite:///tavolo.sqlite3 --to postgresql://tavolo@db/tavolo

copies every table, ids and all, into an empty database (made up to date first; the source is
brought up to date too, as the bot would on start), in one transaction: a failure leaves the
target empty. Stop the bot first, then point ``[database] url`` at the target. A database URL
is ``sqlite:///relative/path``, ``sqlite:////absolute/path`` or
``postgresql://user:password@host:port/database``.

    python -m bot db prune --before 2026-01-01 --database sqlite:///tavolo.sqlite3

deletes the records of the deals finished before that day (UTC), which ``/table history`` and
``/replay`` then no longer find; the tables, their moves and the league's results are kept.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from datetime import date

from bot.storage import Database, DatabaseUnusable
from bot.storage.copy import CopyRefused, copy_database
from bot.storage.db import describe
from bot.storage.deals import DealRepo


def _copied(table: str, rows: int) -> None:
    print(f"  {table}: {rows:,} rows", flush=True)


def _prune(url: str, before: str) -> int:
    try:
        day = date.fromisoformat(before)
    except ValueError:
        print(f"tavolo: --before {before!r} is not a day (YYYY-MM-DD)", file=sys.stderr)
        return 2

    async def pruned() -> int:
        db = await Database.open(url)
        try:
            return await DealRepo(db).prune(day.isoformat())
        finally:
            await db.close()

    try:
        count = asyncio.run(pruned())
    except (DatabaseUnusable, ValueError) as exc:
        print(f"tavolo: {exc}", file=sys.stderr)
        return 2
    print(
        f"deleted the records of {count:,} deal{'' if count == 1 else 's'} finished before"
        f" {day.isoformat()} in {describe(url)}; the tables, their moves and the league's"
        " results are kept"
    )
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot db",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser("copy", help="copy every row into an empty database")
    copy.add_argument("--from", dest="source", required=True, metavar="URL")
    copy.add_argument("--to", dest="target", required=True, metavar="URL")
    copy.add_argument(
        "--busy-timeout", type=float, default=5.0, help="seconds to wait for a lock (5)"
    )
    prune = commands.add_parser("prune", help="delete the records of deals finished before DATE")
    prune.add_argument("--before", required=True, metavar="DATE", help="a day, YYYY-MM-DD (UTC)")
    prune.add_argument("--database", required=True, metavar="URL")
    args = parser.parse_args(argv)
    if args.command == "prune":
        return _prune(args.database, args.before)
    print(f"copying {describe(args.source)} to {describe(args.target)}", flush=True)
    try:
        counts = asyncio.run(
            copy_database(
                args.source, args.target, busy_timeout=args.busy_timeout, progress=_copied
            )
        )
    except (CopyRefused, DatabaseUnusable, ValueError) as exc:
        print(f"tavolo: {exc}", file=sys.stderr)
        return 2
    print(f"copied {sum(counts.values()):,} rows in {len(counts)} tables")
    return 0
