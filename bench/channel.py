"""What a table costs its channel, as one person sees it: ``python -m bench.channel [--game G]
[--ais N] [--level easy|hard] [--ai-delay S] [--think S] [--matches K] [--quick] [--json]``.

The fake Discord (``fakediscord``) runs in this process with Discord's limits (5 messages
or edits per 5 s per channel, 50 requests a second); the real bot runs as its own process
(``python -m bot --config PATH``) with its default table settings (board edits at most every
``board_edit_interval``, AI seats moving ``ai_delay`` after the turn reaches them) unless
``--ai-delay`` says otherwise. One person, alice, opens a table, adds ``--ais`` AI players and
starts; then, each time the turn reaches her, she waits ``--think`` seconds and makes a move
through **My hand** (saying penúltima in Centocinque when it is due), until the match is over.

Measured, per match:

- the messages the bot posted in the channel (boards, pings, news), and the board edits;
- how long the board takes to follow: from the **Start** click to the board showing the game,
  and from each of her plays (the click) to the board showing it (her play named in its last
  moves);
- how many turn pings were sent while the board still showed the move before, and the 429s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.stats import percentile
from bot.config import TableSettings
from bot.games import SPECS
from bot.games.turns import formality
from fakediscord import FakeDiscord, Message
from tests.e2e.botprocess import BotProcess
from tests.e2e.driver import (
    Store,
    TableRow,
    add_ai,
    answered,
    board_of,
    make_move,
    moved,
    new_table,
    open_hand,
    pings_ahead_of_the_board,
    wait_turn,
)

QUICK = {"game": "cento", "ais": 2, "ai_delay": 0.3, "think": 0.2}
EDIT_ROUTE = "PATCH /channels/{channel_id}/messages/{message_id}"


@dataclass
class Match:
    game: str
    person_moves: int = 0
    moves: int = 0
    messages: int = 0
    boards: int = 0
    pings: int = 0
    news: int = 0
    edits: int = 0
    rate_limited: int = 0
    start_lag: float = 0.0
    play_lags: list[float] = field(default_factory=list)
    plays_unseen: int = 0
    pings_before_board: int = 0


def play_marker(row: TableRow, token: str) -> str | None:
    """Words the board's last moves will show once it shows the person's ``token``."""
    kind, _, rest = token.partition(":")
    if kind != "play":
        return None
    card = SPECS[row.game].text.card_name(rest.split(":")[0])
    name = row.seats[0]["name"]
    return {
        "centocinque": f"{name} played the {card}",
        "cento": f"{name} played {card}",
        "minchiate": f"{name} plays the {card}.",
    }[row.game]


def shows(board: Message, marker: str) -> bool:
    """The board names the play in its last moves, or shows the match's end it led to."""
    return marker in board.text or "· match over" in board.text


def pick(row: TableRow, seat: int) -> str:
    """A move as a person in a hurry makes it: a play when there is one, else the first."""
    choices = row.choices(seat)
    if row.game == "minchiate" and "declare" in choices:
        return "declare"
    plays = [c for c in choices if c.startswith("play:") and c.count(":") == 1]
    return plays[0] if plays else choices[0]


async def play_match(discord: FakeDiscord, store: Store, options: argparse.Namespace) -> Match:
    loop = asyncio.get_running_loop()
    alice = discord.user("alice")
    before = {m.id for m in discord.messages()}
    edits_before = sum(1 for r in discord.requests if r.route == EDIT_ROUTE)
    limited_before = len(discord.rate_limited)
    requests_before = len(discord.requests)
    table_id = await new_table(discord, store, alice, options.game)
    for _ in range(options.ais):
        await add_ai(alice, board_of(discord, table_id), options.level)
    match = Match(options.game)
    began = loop.time()
    reply = await alice.click(board_of(discord, table_id), label="Start")
    assert "The game is on" in await answered(reply)
    await discord.wait_for(lambda: "· playing" in board_of(discord, table_id).text, timeout=60)
    match.start_lag = loop.time() - began
    while True:
        row = await wait_turn(discord, store, table_id, 0, timeout=600)
        if row.status != "playing":
            break
        if formality(row.rules, row.engine_state()) is not None:  # the table makes it for her
            await moved(discord, store, table_id, row.moves, timeout=60)
            continue
        await asyncio.sleep(options.think)
        board = board_of(discord, table_id)
        hand = await open_hand(alice, board)
        token = pick(row, 0)
        if row.game == "centocinque" and token.startswith("play:") and len(row.hand(0)) == 2:
            await alice.click(hand, label="Penúltima!")
        marker = play_marker(row, token)
        began = loop.time()
        await make_move(alice, hand, token, total=0)
        match.person_moves += 1
        if marker is not None:

            def seen(m: str = marker) -> bool:
                return shows(board_of(discord, table_id), m)

            try:
                await discord.wait_for(seen, 30)
                match.play_lags.append(loop.time() - began)
            except TimeoutError:  # later moves pushed it out of the last moves first
                match.plays_unseen += 1
        await moved(discord, store, table_id, row.moves, timeout=60)
    await discord.wait_for(lambda: "match over" in board_of(discord, table_id).text, 60)
    await asyncio.sleep(6)  # the results and the last edits, at the channel's pace
    match.pings_before_board = pings_ahead_of_the_board(discord, table_id, requests_before)
    match.moves = store.table(table_id).moves
    posted = [m for m in discord.messages() if m.id not in before and m.author.bot]
    match.messages = len(posted)
    match.boards = sum(1 for m in posted if m.embeds)
    match.pings = sum(1 for m in posted if m.pinged)
    match.news = match.messages - match.boards - match.pings
    match.edits = sum(1 for r in discord.requests if r.route == EDIT_ROUTE) - edits_before
    match.rate_limited = len(discord.rate_limited) - limited_before
    return match


async def run(options: argparse.Namespace) -> list[Match]:
    settings: dict[str, Any] = {"tables": {"turn_timeout": 600}}
    if options.ai_delay is not None:
        settings["tables"]["ai_delay"] = options.ai_delay
    matches = []
    async with FakeDiscord(users=["alice"]) as discord:
        with tempfile.TemporaryDirectory(prefix="tavolo-channel-") as folder:
            bot = BotProcess(discord, Path(folder), settings=settings)
            await bot.start()
            try:
                store = bot.store()
                for _ in range(options.matches):
                    matches.append(await play_match(discord, store, options))
            finally:
                await bot.close()
    return matches


def report(matches: list[Match], options: argparse.Namespace) -> None:
    defaults = TableSettings()
    delay = defaults.ai_delay if options.ai_delay is None else options.ai_delay
    print(
        f"{options.game}: alice and {options.ais} {options.level} AI, ai_delay {delay}s, "
        f"board_edit_interval {defaults.board_edit_interval}s, {options.think}s to think"
    )
    for n, m in enumerate(matches, 1):
        lags = m.play_lags
        print(
            f"  match {n}: {m.moves} moves ({m.person_moves} hers); channel messages "
            f"{m.messages} (boards {m.boards}, pings {m.pings}, news {m.news}); board edits "
            f"{m.edits}; 429s {m.rate_limited}"
        )
        print(
            f"    board after Start {m.start_lag:.2f}s; after her plays ({len(lags)}): "
            f"p50 {percentile(lags, 50):.2f}s, p95 {percentile(lags, 95):.2f}s, "
            f"max {max(lags, default=float('nan')):.2f}s ({m.plays_unseen} never named: later "
            f"moves came first); pings ahead of the board {m.pings_before_board}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--game", default="centocinque", choices=["centocinque", "cento", "minchiate"]
    )
    parser.add_argument("--ais", type=int, default=2, help="AI players added (Minchiate: 0-3)")
    parser.add_argument("--level", default="easy", choices=["easy", "hard"])
    parser.add_argument("--ai-delay", type=float, help="seconds; the bot's default if not given")
    parser.add_argument("--think", type=float, default=1.0, help="seconds before each move")
    parser.add_argument("--matches", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="One Hundred, fast AI: a smoke test")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    if options.quick:
        for key, value in QUICK.items():
            setattr(options, key, value)
    matches = asyncio.run(run(options))
    if options.json:
        print(json.dumps([asdict(m) for m in matches]))
    else:
        report(matches, options)


if __name__ == "__main__":
    main()
