"""Storage: the only package with SQL. Repositories return typed records, on SQLite (the
embedded default) or PostgreSQL, whichever ``Database.open`` is given."""

from bot.storage.db import Database, DatabaseBusy, DatabaseUnusable, IntegrityError, ShardTaken
from bot.storage.league import LeagueRepo
from bot.storage.postgres import PostgresDatabase
from bot.storage.settings import SettingsRepo
from bot.storage.sqlite import SQLiteDatabase
from bot.storage.tables import DuplicateTable, TableRepo
from bot.storage.web import WebRepo

__all__ = [
    "Database",
    "DatabaseBusy",
    "DatabaseUnusable",
    "DuplicateTable",
    "IntegrityError",
    "LeagueRepo",
    "PostgresDatabase",
    "SQLiteDatabase",
    "SettingsRepo",
    "ShardTaken",
    "TableRepo",
    "WebRepo",
]
