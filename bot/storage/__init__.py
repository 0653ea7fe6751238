"""SQLite storage: the only package with SQL. Repositories return typed records."""

from bot.storage.db import Database, DatabaseBusy, DatabaseUnusable
from bot.storage.league import LeagueRepo
from bot.storage.settings import SettingsRepo
from bot.storage.tables import DuplicateTable, TableRepo

__all__ = [
    "Database",
    "DatabaseBusy",
    "DatabaseUnusable",
    "DuplicateTable",
    "LeagueRepo",
    "SettingsRepo",
    "TableRepo",
]
