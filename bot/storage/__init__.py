"""SQLite storage: the only package with SQL. Repositories return typed records."""

from bot.storage.db import Database, DatabaseBusy
from bot.storage.league import LeagueRepo
from bot.storage.tables import DuplicateTable, TableRepo

__all__ = ["Database", "DatabaseBusy", "DuplicateTable", "LeagueRepo", "TableRepo"]
