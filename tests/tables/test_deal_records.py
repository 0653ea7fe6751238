"""Each finished deal's record, written with the move that ends it (SQLite and PostgreSQL):
one per deal, kept across a restart, verified with the table's secret once the match is over;
a deal of a match still played, another server's, an unknown or malformed id refused."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from bot.games import SPECS
from bot.records.fair import commitment
from bot.records.stepper import Stepper, face_up
from bot.records.text import step_lines
from bot.records.verify import Verdict, verify
from bot.storage.deals import DealRepo
from bot.tables import Table, TableError, TableManager
from tests.games.support import seat_on_turn
from tests.tables.test_manager import World

START = 1_400_000_000_000_000_000  # the Start interaction's id


async def briscola(m: TableManager) -> Table:
    table = await m.create(1, 10, 100, "Ann", "briscola")
    await m.join(table, 101, "Bob")
    await m.set_board(table, START - 5)  # the lobby's board, showing the commitment
    await m.start(table, 100, START)
    return table


async def move(m: TableManager, table: Table) -> None:
    """The person on turn plays their first legal move."""
    seat = seat_on_turn(table.rules, table.state)
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    await m.act(table, user, table.rules.legal_actions(table.state, seat)[0], None)


async def play(m: TableManager, table: Table) -> None:
    """People play the match to its end."""
    for _ in range(2000):
        if not table.playing:
            return
        await move(m, table)
    raise AssertionError("the match never ended")


async def test_every_deal_is_recorded_kept_across_a_restart_and_verifies(world: World) -> None:
    m = await world.open()
    table = await briscola(m)
    assert table.record.start_nonce == START and table.commitment is not None
    shown = table.commitment
    deals = DealRepo(m.repo.db)
    await play(m, table)
    assert not table.playing
    stored = await deals.in_channel(10, 0, 100)
    numbers = [d.deal for d in stored]
    assert numbers == sorted(numbers, reverse=True) and numbers[-1] == 1  # newest first
    await world.close(m)

    m = await world.open()  # a restart keeps every record
    for d in stored:
        found = await m.history.find(1, d.short_id.upper())
        record = found.record
        assert record.fair.commitment == shown == commitment(record.fair.secret or "", 1, table.id)
        assert record.fair.start == START and record.fair.shown == START - 5
        verdict = verify(record)
        assert verdict.ok and not verdict.notes, verdict.problems
        assert [s.name for s in record.seats] == ["Ann", "Bob"]
    await world.close(m)


async def test_a_start_not_stored_leaves_the_lobby_as_it_was_and_its_secret_unchanged(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Start whose write fails deals nothing anyone sees: the lobby stays a lobby, and the
    next Start deals from the same secret (committed to on the board) and its own id."""
    m = await world.open()
    table = await m.create(1, 10, 100, "Ann", "minchiate")  # its empty seats filled on Start
    await m.set_board(table, START - 5)
    secret, shown, seats = table.record.secret, table.commitment, list(table.seats)

    async def full_disk(*args: object) -> None:
        raise OSError("no space left on device")

    monkeypatch.setattr(m.repo, "start", full_disk)
    with pytest.raises(OSError, match="no space left"):
        await m.start(table, 100, START)
    assert (table.record.status, table.record.start_nonce, table.state) == ("lobby", None, None)
    assert table.seats == seats
    monkeypatch.undo()
    await m.start(table, 100, START + 1)
    assert table.record.secret == secret and table.commitment == shown
    await world.close(m)
    m = await world.open()
    stored = m.in_channel(10)
    assert stored.record.start_nonce == START + 1 and stored.record.secret == secret
    await world.close(m)


async def test_a_deal_of_a_match_still_played_is_refused_and_its_secret_kept(
    world: World,
) -> None:
    m = await world.open()
    table = await briscola(m)
    deals = DealRepo(m.repo.db)
    while not await deals.count_in_channel(10):
        await move(m, table)
    first = [d.short_id for d in await deals.in_channel(10)]
    assert len(first) == 1 and table.playing
    stored = await deals.get(1, first[0])
    assert stored is not None and stored.record["fair"]["secret"] is None
    secret = table.record.secret
    assert secret is not None and secret not in str(stored.record)
    with pytest.raises(TableError, match="still being played"):
        await m.history.find(1, first[0])
    with pytest.raises(TableError, match="No deal of this server"):
        await m.history.find(2, first[0])  # another server: as an unknown id
    with pytest.raises(TableError, match="No deal of this server"):
        await m.history.find(1, "zzzzzzzz")
    with pytest.raises(TableError, match="not a deal's id"):
        await m.history.find(1, "0' OR 1=1")
    await world.close(m)


async def test_where_a_game_declares_its_deals_independent_a_running_match_s_deal_replays(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No game declares it today: Briscola declaring it. A finished deal of the running match
    is found and replays on the server from the table's seed, every hand face up but at its
    last step (the engine has dealt the next deal's there); its record holds no secret, so
    verify says it cannot be checked yet."""
    monkeypatch.setitem(SPECS, "briscola", replace(SPECS["briscola"], independent_deals=True))
    m = await world.open()
    table = await briscola(m)
    deals = DealRepo(m.repo.db)
    while not await deals.count_in_channel(10):
        await move(m, table)
    assert table.playing
    found = await m.history.find(1, (await deals.in_channel(10))[0].short_id)
    record = found.record
    secret = table.record.secret
    assert secret is not None and record.fair.secret is None and secret not in record.dumps()
    assert found.seed == table.seed and not found.match_over
    stepper = Stepper.of(record, found.seed)
    final = stepper.final
    assert final == len(record.moves) > 0
    assert all(face_up(record, s, False) for s in stepper.steps[:final])
    assert face_up(record, stepper.steps[final], True) is None
    assert "the next deal's hands stay hidden" in step_lines(record, stepper.steps[final], True)[-1]
    assert [p.field for p in verify(record).problems] == ["fair.secret"]
    await world.close(m)


async def test_history_pages_a_persons_deals_and_prune_deletes_only_old_records(
    world: World,
) -> None:
    m = await world.open()
    table = await briscola(m)
    await play(m, table)
    deals = DealRepo(m.repo.db)
    everything = await deals.in_channel(10, 0, 100)
    page, pages = await m.history.in_channel(10, 0)
    assert [d.short_id for d in page] == [d.short_id for d in everything[:5]]
    assert pages == -(-len(everything) // 5)
    mine = await deals.of_player(1, 101, None, 0, 100)
    assert [d.short_id for d in mine] == [d.short_id for d in everything]
    assert await deals.of_player(2, 101) == []  # another server's person
    season = everything[0].season_id
    assert season is not None
    assert len(await deals.in_season(season, 0, 100)) == len(everything)
    assert len(await deals.of_player(1, 101, season, 0, 100)) == len(everything)
    assert await deals.prune("2000-01-01") == 0
    assert await deals.prune("9999-01-01") == len(everything)
    assert await deals.in_channel(10) == [] and await m.repo.moves(table.id)  # moves kept
    await world.close(m)


async def test_a_league_match_and_a_person_lead_to_their_deals(world: World) -> None:
    m = await world.open()
    table = await briscola(m)
    await play(m, table)
    other = await m.create(1, 11, 100, "Ann", "scopa")  # a match still being played
    await m.join(other, 101, "Bob")
    await m.start(other, 100, START + 1)
    while not await DealRepo(m.repo.db).count_in_channel(11):
        await move(m, other)
    deals = await DealRepo(m.repo.db).in_channel(10, 0, 100)
    match = await m.repo.match_of(table.id)
    assert match is not None
    played = [d.short_id for d in reversed(deals)]
    assert await m.history.of_matches(1, [match, match + 99]) == {match: played}
    assert await m.history.of_matches(2, [match]) == {}  # another server
    assert await m.history.of_matches(1, []) == {}
    mine = await m.history.of_player(1, 101, "briscola", limit=3)
    assert [d.short_id for d in mine] == played[::-1][:3]
    scopa = await m.history.of_player(1, 101, "scopa")
    assert scopa and all(d.game == "scopa" for d in scopa)
    await world.close(m)


async def test_a_table_from_before_commitments_is_recorded_and_verify_says_so(
    world: World,
) -> None:
    """A table opened before this version (no secret) is dealt from its seed alone: its deals
    are recorded all the same, and their records verify their moves, noting that nothing
    proves the deck was fixed first."""
    m = await world.open()
    table = await m.create(1, 10, 100, "Ann", "briscola")
    await m.join(table, 101, "Bob")
    await world.close(m)
    await world.backend.run("UPDATE game_tables SET secret = NULL")
    m = await world.open()
    table = m.in_channel(10)
    assert table.commitment is None
    await m.start(table, 100, START)
    await play(m, table)
    stored = await DealRepo(m.repo.db).in_channel(10, 0, 100)
    assert stored
    for deal in stored:
        record = (await m.history.find(1, deal.short_id)).record
        assert record.fair.commitment is None and record.fair.secret == str(table.record.seed)
        verdict = verify(record)
        assert verdict.ok and [n.field for n in verdict.notes] == ["fair.commitment"]
    await world.close(m)


async def edit_stored(world: World, short_id: str, document: dict[str, Any]) -> None:
    """A stored record changed by hand in the database."""
    await world.backend.run(
        "UPDATE deal_records SET record = ? WHERE short_id = ?", (json.dumps(document), short_id)
    )


async def test_a_record_edited_in_the_database_fails_the_seal_it_was_stored_with(
    world: World,
) -> None:
    """The seal is made with the record when its deal ends, not when it is read: a name or
    who moved, edited in the database afterwards, is named by verify (the Verify button)."""
    m = await world.open()
    table = await briscola(m)
    await play(m, table)
    deal = (await DealRepo(m.repo.db).in_channel(10))[0]
    assert deal.record["seal"] and deal.record["fair"]["secret"] is None
    edited = deal.record | {"seats": [{"name": "Ann"}, {"name": "Mallory", "user_id": 101}]}
    edited["moves"][0]["by"] = "timeout"
    await edit_stored(world, deal.short_id, edited)
    verdict = verify((await m.history.find(1, deal.short_id)).record)
    assert [p.field for p in verdict.problems] == ["seats[0]", "seats[1]", "moves[0]"]
    await world.close(m)


async def test_a_record_stored_by_schema_1_is_still_sealed_when_read_and_verifies(
    world: World,
) -> None:
    """Records the version before stored (schema 1) had no seal: it is made when the secret
    is revealed, as it was then."""
    m = await world.open()
    table = await briscola(m)
    await play(m, table)
    deal = (await DealRepo(m.repo.db).in_channel(10))[0]
    await edit_stored(world, deal.short_id, deal.record | {"schema": 1, "seal": None})
    found = (await m.history.find(1, deal.short_id)).record
    assert found.schema_version == 1 and found.seal is not None
    verdict = verify(found)
    assert verdict.ok and not verdict.notes, verdict.problems
    await world.close(m)


async def test_a_damaged_stored_record_is_refused_plainly(world: World) -> None:
    m = await world.open()
    table = await briscola(m)
    await play(m, table)
    deal = (await DealRepo(m.repo.db).in_channel(10))[0]
    await world.backend.run("""UPDATE deal_records SET record = '{"schema": 1}'""")
    with pytest.raises(TableError, match="is damaged"):
        await m.history.find(1, deal.short_id)
    await world.close(m)


async def test_a_damaged_stored_record_is_listed_as_damaged_beside_the_others(
    world: World,
) -> None:
    m = await world.open()
    table = await briscola(m)
    await play(m, table)
    deals = await DealRepo(m.repo.db).in_channel(10)
    assert len(deals) >= 2
    await edit_stored(world, deals[0].short_id, {"schema": 2, "id": deals[0].short_id})
    listed, _ = await m.history.in_channel(10, 0)
    assert [d.short_id for d in listed] == [d.short_id for d in deals[:5]]
    assert listed[0].record is None and all(d.record is not None for d in listed[1:])
    await world.close(m)


async def test_a_stored_move_edited_into_an_illegal_one_is_found_and_named_by_verify(
    world: World,
) -> None:
    """The record still fits its schema, so it is found (the replay then says it is damaged),
    and verify names the move."""
    m = await world.open()
    table = await briscola(m)
    await play(m, table)
    deal = (await DealRepo(m.repo.db).in_channel(10))[0]
    edited = deal.record
    edited["moves"][0]["action"] = "play:ZZ"
    await edit_stored(world, deal.short_id, edited)
    found = await m.history.find(1, deal.short_id)
    assert fields_of(verify(found.record)) == ["moves[0]"]
    await world.close(m)


def fields_of(verdict: Verdict) -> list[str]:
    return [p.field for p in verdict.problems]


async def test_a_record_that_cannot_be_made_never_stops_the_move_that_ends_its_deal(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("a bug in the record")

    monkeypatch.setattr("bot.tables.commit.ended_deal", broken)
    m = await world.open()
    table = await briscola(m)
    await play(m, table)
    assert table.record.status == "finished" and await m.repo.match_of(table.id) is not None
    assert await DealRepo(m.repo.db).in_channel(10) == []
    assert "ends a deal, but its record failed" in caplog.text
    await world.close(m)
