"""Real faults in a real SQLite file, made from outside the bot as another program would."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def refuse(path: Path, table: str, refuse: bool = True) -> None:
    """Make every new row of ``table`` fail (``moves``: a move's commit; ``matches``: the
    result's part of a game's last commit), as a full disk would; or stop it."""
    conn = sqlite3.connect(path)
    try:
        if refuse:
            conn.execute(
                f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table}"
                f" BEGIN SELECT RAISE(ABORT, '{table} refused'); END"
            )
        else:
            conn.execute(f"DROP TRIGGER refuse_{table}")
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
