"""``python -m bot db copy``: move the bot's data to another database.

    python -m bot db copy --from sqlite:///tavolo.sqlite3 --to postgresql://tavolo@db/tavolo

copies every table, ids and all, into an empty database (made up to date first; the source is
brought up to date too, as the bot would on start), in one transaction: a failure leaves the
target empty. Stop the bot first, then point ``[database] url`` at the target. A database URL
is ``sqlite:///relative/path``, ``sqlite:////absolute/path`` or
``postgresql://user:password@host:port/database``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.storage import DatabaseUnusable
from bot.storage.copy import CopyRefused, copy_database
from bot.storage.db import describe


def _copied(table: str, rows: int) -> None:
    print(f"  {table}: {rows:,} rows", flush=True)


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
    args = parser.parse_args(argv)
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
