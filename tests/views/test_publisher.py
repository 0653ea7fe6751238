"""The whole publisher on a clock the test drives, in front of a stand-in channel: a real
Scopa table played at a pace, every message and edit recorded with the time it was sent."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import discord
import pytest

from bot.config import SendSettings, TableSettings
from bot.games.base import Event
from bot.storage.records import Seat
from bot.tables import Choices, Table, TableManager
from bot.views.publisher import Publisher
from bot.views.render import news_lines
from tests.clock import VirtualClock
from tests.games.support import seat_on_turn
from tests.views.tables import make_table

SETTINGS = SendSettings()
INTERVAL = TableSettings().board_edit_interval


@dataclass
class Sent:
    at: float
    kind: str  # "board" (an edit) or "news"
    move: int  # the table's move when it was sent
    deal: int  # the deal the table was in then
    text: str = ""


class Channel:
    """A channel and its board message: records what was sent, as of which move."""

    def __init__(self, clock: VirtualClock, table: Table, deals: list[int]) -> None:
        self.clock, self.table, self.deals = clock, table, deals
        self.sent: list[Sent] = []

    def _record(self, kind: str, text: str = "") -> None:
        move = self.table.record.moves
        self.sent.append(Sent(self.clock.now(), kind, move, self.deals[move], text))

    async def send(self, content: str | None = None, **_: Any) -> discord.Object:
        self._record("news", content or "")
        return discord.Object(len(self.sent))

    def get_partial_message(self, message_id: int) -> Channel:
        return self

    async def edit(self, **_: Any) -> None:
        self._record("board")


class Client:
    def __init__(self, channel: Channel) -> None:
        self.channel = channel

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return self.channel

    def get_guild(self, guild_id: int) -> None:
        return None


class Manager:
    settings = TableSettings()

    async def boards_drawn(self, drawn: dict[int, int]) -> None: ...


class NoChoices:
    def language(self, channel_id: int) -> str | None:
        return "en"

    def pictures(self, guild_id: int) -> bool:
        return False


def publisher_for(channel: Channel) -> Publisher:
    """The whole publisher, sending to ``channel`` on its clock."""
    return Publisher(
        cast(discord.Client, Client(channel)),
        cast(TableManager, Manager()),
        cast(Choices, NoChoices()),
        SETTINGS,
        shared=40,
        clock=channel.clock,
    )


def first_move(table: Table) -> list[Event]:
    """Play the first legal move of whoever is on turn; its events."""
    rules = table.rules
    seat = rules.to_act(table.state)[0]
    table.state, events = rules.apply(table.state, seat, rules.legal_actions(table.state, seat)[0])
    table.record.moves += 1
    return events


def most_in_any_window(times: list[float], window: float) -> int:
    """The most sends in any ``window`` seconds (a send exactly a window later is in the
    next one: the times are sums of floats, so "exactly" is within a nanosecond)."""
    return max(sum(1 for u in times if t <= u < t + window - 1e-9) for t in times)


Expected = list[tuple[int, int, str]]


async def play(pause: float, moves: int) -> tuple[Channel, Expected]:
    """Play ``moves`` moves of Scopa (or to its end), one every ``pause`` seconds, then let
    the publisher send all it has; what the channel got, and the news expected: (move,
    deal, line)."""
    clock = VirtualClock()
    table = make_table("scopa", 2, seed=5)
    table.record.board_message_id = 1
    deals = [1]  # the deal the table is in after each move
    channel = Channel(clock, table, deals)
    publisher = publisher_for(channel)
    await publisher.table_changed(table, [])
    rules, expected = table.rules, []
    for _ in range(moves):
        if rules.outcome(table.state) is not None:
            break
        events = first_move(table)
        deal = deals[-1]
        for event in events:  # the test's own count of the deals, from the events
            begun = table.spec.text.deal_begun(event)
            expected += [
                (table.record.moves, deal, line)
                for news in news_lines(table, [event])
                for line in news.split("\n")  # a round's summary: a line a figure
            ]
            deal = begun or deal
        deals.append(deal)
        if rules.outcome(table.state) is not None:  # the match's result, as the manager tells it
            table.record.status = "finished"
            expected += [(table.record.moves, deal, line) for line in news_lines(table, [])]
        await publisher.table_changed(table, events)
        await clock.advance(pause)
    await clock.run_until(lambda: not publisher._boxes[table.record.channel_id].busy())
    await publisher.close()
    return channel, expected


def assert_in_order(channel: Channel, expected: Expected) -> list[str]:
    """Every line was sent, once and in order, and no board showed a move or a deal after
    news still unsent; the lines as sent."""
    sent = channel.sent
    told = [line for s in sent if s.kind == "news" for line in s.text.split("\n")]
    assert len(told) == len(expected)
    for line, (_, deal, wanted) in zip(told, expected, strict=True):
        assert line in (wanted, f"Round {deal}: {wanted}")
    position = 0
    for s in sent:
        if s.kind == "news":
            position += len(s.text.split("\n"))
            continue
        unsent = expected[position:]
        assert all(move >= s.move and deal >= s.deal for move, deal, _ in unsent), s
    return told


@pytest.mark.parametrize("pause", [0.2, 3.0])
async def test_the_budget_holds_boards_coalesce_and_news_comes_in_move_order(
    pause: float,
) -> None:
    channel, expected = await play(pause, moves=40)  # Scopa's second round begins at move 36
    sent = channel.sent
    assert channel.deals[-1] == 2, "the game did not reach its second deal"
    assert most_in_any_window([s.at for s in sent], SETTINGS.channel_window) <= 5
    boards = [s for s in sent if s.kind == "board"]
    if pause < INTERVAL:
        assert len(boards) < 40 / 4  # a burst of moves is one edit
    told = assert_in_order(channel, expected)
    late = [
        line
        for line, (move, deal, _) in zip(told, expected, strict=True)
        if deal < channel.deals[move]
    ]
    # The first round's summary is shown once the second was dealt, and names its round.
    assert late and late[0].startswith("Round 1"), late


async def test_a_whole_game_ends_with_its_last_board_then_its_result() -> None:
    channel, expected = await play(0.5, moves=10_000)
    assert channel.table.record.status == "finished" and channel.deals[-1] > 2
    told = assert_in_order(channel, expected)
    sent = channel.sent
    last_board = max(i for i, s in enumerate(sent) if s.kind == "board")
    assert sent[last_board].move == channel.table.record.moves
    assert "Match over" in sent[last_board + 1].text  # the result, after the board showing it
    assert not any(line.startswith(f"Round {channel.deals[-1]}:") for line in told)


async def test_a_start_is_shown_at_once_and_each_play_as_soon_as_interval_and_budget_allow() -> (
    None
):
    """A person sets up a table with a click every half second, so the lobby's edits take
    much of the channel's budget and the last is still waiting out the edit interval; then
    the start is shown at once, and each quick play at the first moment both the edit
    interval and the channel's budget allow: never later."""
    clock = VirtualClock()
    table = make_table("scopa", 2, status="lobby", seed=5)
    table.record.board_message_id = 1
    channel = Channel(clock, table, [1] * 100)
    publisher = publisher_for(channel)

    async def shown() -> Sent:
        """The board edit that shows the table as it is now."""
        began = len(channel.sent)
        await publisher.table_changed(table, [])
        await clock.run_until(lambda: any(s.kind == "board" for s in channel.sent[began:]))
        return next(s for s in channel.sent[began:] if s.kind == "board")

    for name in ("Ann", "Bea", "Cy"):  # the lobby drawn, then a seat renamed twice
        table.record.seats[1].name = name
        await shown()
        await clock.advance(0.5)
    table.record.status = "playing"
    table.state = table.rules.new_game(seats=2, seed=5)
    began = clock.now()
    assert (await shown()).at == began  # at once, though the last lobby edit was 0.5 s ago
    for _ in range(5):
        await clock.advance(0.5)  # a quick person
        first_move(table)
        played, before = clock.now(), list(channel.sent)
        last_board = max(s.at for s in before if s.kind == "board")
        budget = before[-SETTINGS.channel_sends].at + SETTINGS.channel_window
        assert (await shown()).at == pytest.approx(max(played, last_board + INTERVAL, budget))
    await publisher.close()
    assert most_in_any_window([s.at for s in channel.sent], SETTINGS.channel_window) <= 5


class Deleted(Channel):
    """A channel deleted meanwhile: Discord answers every send and edit 10003."""

    def _record(self, kind: str, text: str = "") -> None:
        super()._record(kind, text)
        gone = cast(Any, type("Response", (), {"status": 404, "reason": "Not Found"}))
        raise discord.NotFound(gone, {"code": 10003, "message": "Unknown Channel"})


async def test_a_deleted_channel_s_updates_are_dropped_with_one_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = VirtualClock()
    table = make_table("scopa", 2, seed=5)
    table.record.board_message_id = 1
    channel = Deleted(clock, table, [1] * 10)
    publisher = publisher_for(channel)
    told: list[int] = []

    async def gone(channel_id: int) -> None:
        told.append(channel_id)

    publisher.gone = gone
    for _ in range(4):  # moves whose news and board are all due at once
        await publisher.table_changed(table, first_move(table))
    await clock.run_until(lambda: not publisher._boxes[table.record.channel_id].busy())
    await clock.advance(0)
    await publisher.close()
    # The board's edit, answered Unknown Channel; nothing after (not a new board either), and
    # the bot is told the channel is gone (it was deleted while the bot was away).
    assert [s.kind for s in channel.sent] == ["board"]
    assert told == [table.record.channel_id]
    assert [r.levelname for r in caplog.records] == ["WARNING"]
    assert "deleted" in caplog.records[0].getMessage()


NOTHING_TO_DECLARE = 12  # a Minchiate seed: seat 0 holds no combination and declares first


async def test_nobody_is_called_for_a_formality_nor_the_host_for_their_play_after_start() -> None:
    """Seat 0, the host, has just pressed Start; the table declares nothing for them, the AI
    seats declare, then it is the host's play: no call, however long they take. The other
    person is called at their first turn that is not a formality."""
    clock = VirtualClock()
    table = make_table("minchiate", 4, seed=NOTHING_TO_DECLARE)
    for ai in (1, 3):
        table.record.seats[ai] = Seat(name=f"AI {ai}", ai="easy")
    host, other = (table.record.seats[s].user_id for s in (0, 2))
    table.record.board_message_id = 1
    channel = Channel(clock, table, [1] * 200)
    publisher = publisher_for(channel)

    def calls(user: int | None) -> list[str]:
        return [s.text for s in channel.sent if s.kind == "news" and f"<@{user}>" in s.text]

    async def play_until(stop: Callable[[int], bool]) -> int:
        """Play on (the first legal move, or the formality) until ``stop(seat on turn)``."""
        while not stop(seat := seat_on_turn(table.rules, table.state)):
            action = table.formality(seat) or table.rules.legal_actions(table.state, seat)[0]
            table.state, events = table.rules.apply(table.state, seat, action)
            table.record.moves += 1
            await publisher.table_changed(table, events)
            await clock.run_until(lambda: not publisher._boxes[2].busy())
        return seat

    await publisher.table_changed(table, [])
    assert table.formality(0) is not None
    await play_until(lambda seat: seat == 0 and table.formality(0) is None)  # the host's play
    await clock.advance(120)  # a long think (the turn timer's warning is the manager's)
    await clock.run_until(lambda: not publisher._boxes[2].busy())
    assert calls(host) == []
    await play_until(lambda seat: seat == 2 and table.formality(2) is None)
    assert len(calls(other)) == 1 and calls(host) == []
    await publisher.close()
