"""SQLite storage: the only package with SQL. Repositories return typed records."""

from bot.storage.db import Database
from bot.storage.tables import DuplicateTable, TableRepo

__all__ = ["Database", "DuplicateTable", "TableRepo"]
