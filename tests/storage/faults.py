"""Real faults in a real SQLite file, made from outside the bot as another program would."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def refuse_matches(path: Path, refuse: bool) -> None:
    """Make every new match row fail (a fault in the result's part of a commit), or stop it."""
    conn = sqlite3.connect(path)
    try:
        if refuse:
            conn.execute(
                "CREATE TRIGGER refuse_matches BEFORE INSERT ON matches"
                " BEGIN SELECT RAISE(ABORT, 'match refused'); END"
            )
        else:
            conn.execute("DROP TRIGGER refuse_matches")
        conn.commit()
    finally:
        conn.close()


class Locker:
    """Another program holding the database's write lock (a second connection)."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)

    def __enter__(self) -> Locker:
        self.conn.execute("BEGIN IMMEDIATE")
        return self

    def __exit__(self, *exc: object) -> None:
        self.conn.execute("ROLLBACK")
        self.conn.close()
