"""Custom ids of everything a person can click, and the patterns that read them back.

Every id starts with ``tv:`` and names the table, so a click works whichever process sent the
message (the items are registered as dynamic items and survive a restart). Ids of moves also
carry the seat and that seat's move counter (``acted``): a click made for an earlier counter is
out of date. Action tokens are short ASCII (at most 40 characters), so every id stays well under
Discord's 100.
"""

from __future__ import annotations

_N = r"(?P<{}>\d+)"

TABLE = rf"tv:t:{_N.format('table')}:(?P<op>[a-z-]+)"
MOVE = (
    rf"tv:m:{_N.format('table')}:{_N.format('seat')}:{_N.format('acted')}"
    r":(?P<action>[A-Za-z0-9:]+)"
)
MOVE_SELECT = (
    rf"tv:ms:{_N.format('table')}:{_N.format('seat')}:{_N.format('acted')}:{_N.format('index')}"
)
SAY = rf"tv:say:{_N.format('table')}:{_N.format('seat')}"
PAGE = rf"tv:page:{_N.format('table')}:{_N.format('seat')}:{_N.format('page')}"
RULES_SELECT = rf"tv:rs:{_N.format('table')}"
RULES_NUMBERS = rf"tv:rn:{_N.format('table')}"
STANDINGS = rf"tv:lg:{_N.format('season')}:(?P<game>[a-z]+):{_N.format('page')}"
RULES_MODAL = rf"tv:rm:{_N.format('table')}"
VALUE_MODAL = (
    rf"tv:v:{_N.format('table')}:{_N.format('seat')}:{_N.format('acted')}:(?P<card>[A-Z0-9]+)"
)


def table_button(table_id: int, op: str) -> str:
    """A board button: join, leave, ai-easy, ai-hard, rules, start, cancel, hand, callout,
    rematch."""
    return f"tv:t:{table_id}:{op}"


def move(table_id: int, seat: int, acted: int, action: str) -> str:
    return f"tv:m:{table_id}:{seat}:{acted}:{action}"


def move_select(table_id: int, seat: int, acted: int, index: int) -> str:
    return f"tv:ms:{table_id}:{seat}:{acted}:{index}"


def say(table_id: int, seat: int) -> str:
    return f"tv:say:{table_id}:{seat}"


def page(table_id: int, seat: int, number: int) -> str:
    return f"tv:page:{table_id}:{seat}:{number}"


def rules_select(table_id: int) -> str:
    return f"tv:rs:{table_id}"


def rules_numbers(table_id: int) -> str:
    return f"tv:rn:{table_id}"


def rules_modal(table_id: int) -> str:
    return f"tv:rm:{table_id}"


def value_modal(table_id: int, seat: int, acted: int, card: str) -> str:
    return f"tv:v:{table_id}:{seat}:{acted}:{card}"


def standings(season: int, game: str | None, page: int) -> str:
    """A standings page: the season's number on the server, the game (or ``all``), the page."""
    return f"tv:lg:{season}:{game or 'all'}:{page}"
