"""Server choices on a real SQLite file: pictures per server, board language per channel."""

from __future__ import annotations

from pathlib import Path

from bot.storage import Database, SettingsRepo


async def test_choices_are_kept_across_a_restart_and_can_be_undone(tmp_path: Path) -> None:
    path = tmp_path / "settings.sqlite3"
    db = await Database.open(path)
    repo = SettingsRepo(db)
    assert (await repo.load()).no_pictures == set()
    await repo.set_pictures(1, False)
    await repo.set_pictures(2, False)
    await repo.set_pictures(2, True)
    await repo.set_language(1, 10, "it")
    await repo.set_language(1, 11, "eo")
    await repo.set_language(1, 11, None)  # back to the server's own language
    await db.close()

    db = await Database.open(path)
    choices = await SettingsRepo(db).load()
    await db.close()
    assert choices.no_pictures == {1}
    assert choices.languages == {10: "it"}
