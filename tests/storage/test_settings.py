"""Server choices on a real database (SQLite and PostgreSQL): pictures per server, board
language per channel."""

from __future__ import annotations

from bot.storage import SettingsRepo
from tests.databases import Backend


async def test_choices_are_kept_across_a_restart_and_can_be_undone(backend: Backend) -> None:
    db = await backend.open()
    repo = SettingsRepo(db)
    assert (await repo.load()).no_pictures == set()
    await repo.set_pictures(1, False)
    await repo.set_pictures(2, False)
    await repo.set_pictures(2, True)
    await repo.set_language(1, 10, "it")
    await repo.set_language(1, 11, "eo")
    await repo.set_language(1, 11, None)  # back to the server's own language
    await repo.set_pictures(1_234_567_890_123_456_789, False)  # a snowflake: past 32 bits
    await db.close()

    db = await backend.open()
    choices = await SettingsRepo(db).load()
    await db.close()
    assert choices.no_pictures == {1, 1_234_567_890_123_456_789}
    assert choices.languages == {10: "it"}
