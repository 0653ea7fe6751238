"""The end of every deal is seen in the channel: a whole match of each game, played by the AI,
watched as people watch it, every public message and every edit of the board as it came
(``discord.world.shown``). Every move appears in some message or edit, in the order it was
made (the round's last play and sweep, the last trick, included); every announcement (a
round's end, a scopa, a chip lost) comes before the board of the next round."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from bot.games import GAMES, SPECS
from bot.i18n import speaking
from bot.storage.records import Seat
from bot.tables.table import seat_name
from fakediscord import Channel, FakeDiscord, Message, Shown
from fakediscord.permissions import MANAGE_GUILD

from .botprocess import BotProcess
from .driver import TableRow, add_ai, answered

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.4, "turn_timeout": 60, "board_edit_interval": 0.3}}
"""An AI move a little less often than its board may be edited (every 0.3 s, inside the
channel's budget of five sends a second the tests' fake allows), as the defaults have it
(1.5 s and 1.2 s): moves made much faster than that are coalesced past what a board's last
moves hold."""


@dataclass(frozen=True)
class Match:
    """A short match: ``seed`` chosen so that the AI ends it in few moves (the AI's choices
    are drawn from the table's seed), its house rules, and the AI seats added to alice's."""

    seed: int
    options: dict[str, Any]
    ai: int


MATCHES = {
    "scopa": Match(27, {"target": 11}, 1),  # two rounds
    "briscola": Match(1, {"deals_to_win": 1}, 1),  # one mano
    "centocinque": Match(112, {}, 1),  # two hands
    "cento": Match(3, {"min_players": 2}, 1),
    "minchiate": Match(11, {}, 0),  # the AI fills the three other seats
    "tressette": Match(1, {"target": 11}, 1),  # two players, two rounds or so
}


@dataclass(frozen=True)
class Told:
    """One move as the channel should tell it: its lines, and which of them are announced."""

    lines: list[str]
    shows: list[str]
    """The lines that show the move itself: its first, and any naming its player and its card
    among them and the announcements of its round (its last trick, told card by card)."""
    announced: list[str]
    after: list[str]
    """What the move told after its last announcement (the next round's deal), if anything."""


def told_moves(row: TableRow, moves: list[tuple[int, int, str, str]]) -> list[Told]:
    """Replay the stored moves from the table's seed and tell each one in English, as the
    bot does; the replay ends in the stored state."""
    rules, spec = GAMES[row.game], SPECS[row.game]
    state = rules.new_game(seats=len(row.seats), seed=row.seed, options=row.options)
    told: list[tuple[list[str], list[str], list[str], list[str]]] = []
    with speaking("en"):
        names = [seat_name(Seat.model_validate(seat)) for seat in row.seats]
        for _, seat, action, _ in moves:
            state, events = rules.apply(state, seat, action)
            lines: list[str] = []
            announced: list[str] = []
            after: list[str] = []
            for event in events:
                line = spec.text.narrate(event, names)
                if line is None:
                    continue
                lines.append(line)
                if spec.text.announced(event):
                    announced.append(line)
                    after = []
                elif announced:
                    after.append(line)
            card = spec.moves.read(action).card
            played = [names[seat], spec.text.card_name(card)] if card is not None else []
            told.append((lines, announced, after, played))
    assert rules.dump(state) == rules.dump(row.engine_state())
    out = []
    for n, (lines, announced, after, played) in enumerate(told):
        # The round's announcements from this move on (a last trick told card by card).
        end = next((k for k in range(n, len(told)) if told[k][2]), len(told) - 1)
        news = [line for k in range(n, end + 1) for line in told[k][1]]
        named = [line for line in lines + news if played and all(w in line for w in played)]
        out.append(Told(lines, lines[:1] + named, announced, after))
    return out


def is_board(shown: Shown, table_id: int) -> bool:
    return shown.text.endswith(f"Table {table_id}")


def every_move_seen(told: list[Told], shown: list[Shown]) -> str | None:
    """Each move is shown in some message or edit, at or after where the move before it was
    seen; else the first that is not."""
    at = 0
    for n, move in enumerate(told, 1):
        if not move.lines:
            continue
        seen = next(
            (i for i in range(at, len(shown)) if any(line in shown[i].text for line in move.shows)),
            None,
        )
        if seen is None:
            return f"move {n} ({move.lines[0]!r}) is in no public message after move {n - 1}"
        at = seen
    return None


def news_before_the_next_round(told: list[Told], shown: list[Shown], table_id: int) -> str | None:
    """Each announcement is in a message of its own (not the board) before the first board
    that shows the next round, for every round a match goes on after; else the first that
    is not."""
    pending: list[tuple[int, str]] = []  # announcements since the last round began
    news_at = 0
    for n, move in enumerate(told, 1):
        pending += [(n, line) for line in move.announced]
        if not move.after:
            continue
        board = next(
            (i for i, s in enumerate(shown) if is_board(s, table_id) and move.after[0] in s.text),
            None,
        )
        if board is None:
            return f"no board shows the round begun at move {n}: {move.after[0]!r}"
        for made, line in pending:
            news = next(
                (
                    i
                    for i in range(news_at, len(shown))
                    if not is_board(shown[i], table_id) and line in shown[i].text
                ),
                None,
            )
            if news is None:
                return f"move {made}'s announcement {line!r} was never sent"
            if news > board:
                return (
                    f"move {made}'s announcement {line!r} came after the board of the round"
                    f" begun at move {n} ({move.after[0]!r})"
                )
            news_at = news
        pending = []
    return None


def _board(discord: FakeDiscord, channel: Channel) -> Message:
    """The channel's board (the last message footed with a table's number)."""
    boards = [
        m for m in discord.messages(channel) if m.text.rpartition("\n")[2].startswith("Table ")
    ]
    assert boards, f"no board in #{channel.name}"
    return boards[-1]


@pytest.mark.parametrize("bot_process", ["sqlite"], indirect=True)
async def test_every_move_of_each_game_is_seen_and_news_comes_before_the_next_round(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    """The matches are played at once, each in a channel of its own (and so with a
    budget of sends of its own), so the test takes as long as the longest. Every registered
    game is played: one without a short match here fails, by name."""
    assert not set(SPECS) - set(MATCHES), f"no short match for {set(SPECS) - set(MATCHES)}"
    channels = {game: discord.create_channel(game) for game in SPECS}
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    # The boards' text is what is watched here: no pictures to draw, and none to wait for.
    admins = discord.world.add_role(discord.guild, "admins", MANAGE_GUILD)
    discord.guild.members[alice.id].roles.append(admins.id)
    assert "text only" in await answered(await alice.slash("table pictures", show=False))
    tables = {}
    for game, channel in channels.items():
        reply = await alice.slash("table new", channel=channel, game=game)
        assert "table is open" in await answered(reply)
        tables[game] = store.table().id
        for _ in range(MATCHES[game].ai):
            await add_ai(alice, _board(discord, channel))
    await bot_process.stop()
    for game, table_id in tables.items():
        match = MATCHES[game]
        store.execute(
            "UPDATE game_tables SET seed = ?, secret = NULL, options = ? WHERE id = ?",
            match.seed,
            json.dumps(match.options),
            table_id,
        )
    await bot_process.start()
    # A restarted bot counts each channel's budget of sends as spent for a while (the process
    # before may have spent it), then redraws the boards: only then do the matches start, so
    # that their first moves are not coalesced while the channels wait.
    restarted = len(discord.world.shown)
    await discord.wait_for(
        lambda: (
            {s.channel_id for s in discord.world.shown[restarted:]}
            >= {c.id for c in channels.values()}
        ),
        15,
        "the boards redrawn after the restart",
    )
    since = len(discord.world.shown)
    for channel in channels.values():
        board = _board(discord, channel)
        assert "The game is on" in await answered(await alice.click(board, label="Start"))
        left = await alice.slash("table leave", channel=channel)
        assert "the AI plays your seat" in await answered(left)  # it plays every move
    await discord.wait_for(
        lambda: all(store.table(t).status == "finished" for t in tables.values()),
        300,
        "the end of every match",
    )
    await discord.wait_for(
        lambda: all("match over" in _board(discord, c).text for c in channels.values()),
        10,
        "every result board",
    )

    failures = []
    for game, table_id in tables.items():
        row = store.table(table_id)
        told = told_moves(row, store.moves(table_id))
        channel_id = channels[game].id
        shown = [s for s in discord.world.shown[since:] if s.channel_id == channel_id]
        for failed in (
            every_move_seen(told, shown),
            news_before_the_next_round(told, shown, row.id),
        ):
            if failed is not None:
                failures.append(f"{game}: {failed}")
    assert not failures, "\n".join(failures)
    assert discord.rejections == [] and discord.rate_limited == []
    assert "Traceback" not in bot_process.log()
