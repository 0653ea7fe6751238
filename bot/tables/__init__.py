"""The table manager: tables per channel, moves stored before shown, AI seats and timers."""

from bot.storage.records import DamagedTable
from bot.tables.choices import Choices
from bot.tables.errors import OutOfDate, TableError
from bot.tables.floor import Listener
from bot.tables.manager import TableManager
from bot.tables.table import Table

__all__ = [
    "Choices",
    "DamagedTable",
    "Listener",
    "OutOfDate",
    "Table",
    "TableError",
    "TableManager",
]
