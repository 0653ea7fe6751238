"""A watch that no message shows a card to someone who may not know it.

While a test runs, every version of every message (public ones and each user's ephemeral
ones, edits and filled-in deferrals included) is checked against what its readers may know.
The watch replays each stored game from the database (seats, seed, house rules, moves) with
the engine, and learns after every move what its (public) events, each seat's view and the
public view show; a card may appear in a message only once its readers could have seen it:
in public, or in the seat's own view (its hand, its discards...). The bot stores a move
before showing it, so the replay is never behind a message it checks. The game's seed must
never appear at all.
"""

from __future__ import annotations

import asyncio
from types import TracebackType
from typing import Any

from bot.games import GAMES, SPECS
from bot.pictures import pack_cards
from fakediscord import FakeDiscord, Message

from .driver import Store, TableRow

PACKS = {name: pack_cards(spec.pack) for name, spec in SPECS.items()}
"""Every game's cards, from the pack its spec names."""


def _codes(data: Any, pack: set[str], found: set[str]) -> set[str]:
    """Every card code anywhere in a view."""
    if isinstance(data, str):
        if data in pack:
            found.add(data)
    elif isinstance(data, dict):
        for value in data.values():
            _codes(value, pack, found)
    elif isinstance(data, list):
        for value in data:
            _codes(value, pack, found)
    return found


def message_text(message: Message) -> str:
    """Everything a reader sees of a message: text, embeds, button labels, select options."""
    parts = [message.text]
    for component in message.all_components():
        parts += [component.get("label") or "", component.get("placeholder") or ""]
        parts += [o["label"] for o in component.get("options", [])]
    return "\n".join(parts)


class _Replay:
    def __init__(self, row: TableRow) -> None:
        self.row = row
        self.rules = GAMES[row.game]
        self.pack = set(PACKS[row.game])
        self.state = self.rules.new_game(seats=len(row.seats), seed=row.seed, options=row.options)
        self.applied = 0
        self.public: set[str] = set()
        self.known: list[set[str]] = [set() for _ in row.seats]
        self._learn()

    def advance(self, moves: list[tuple[int, int, str, str]]) -> None:
        for _, seat, action, _ in moves[self.applied :]:
            self.state, events = self.rules.apply(self.state, seat, action)
            self.applied += 1
            _codes(events, self.pack, self.public)  # events are public (a hand's last card)
            self._learn()

    def _learn(self) -> None:
        _codes(self.rules.view(self.state, None), self.pack, self.public)
        for seat, known in enumerate(self.known):
            _codes(self.rules.view(self.state, seat), self.pack, known)


class HiddenCardWatch:
    """``async with HiddenCardWatch(discord, store) as watch: ...``; fails at exit on a leak."""

    def __init__(self, discord: FakeDiscord, store: Store) -> None:
        self.discord = discord
        self.store = store
        self.replays: dict[int, _Replay] = {}
        self.checked: set[tuple[int, int, bool]] = set()
        self.private_checked = 0
        self.violations: list[str] = []
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> HiddenCardWatch:
        self._task = asyncio.create_task(self._run())
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        assert self._task is not None
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
        if exc_type is None:
            self.check()
            assert not self.violations, "\n".join(self.violations[:10])
            assert self.private_checked, "the watch saw no hand"

    async def _run(self) -> None:
        while True:
            self.check()
            await asyncio.sleep(0.05)

    def check(self) -> None:
        rows = [r for r in self.store.tables() if r.state is not None]
        for row in rows:
            replay = self.replays.get(row.id)
            if replay is None:
                replay = self.replays[row.id] = _Replay(row)
            replay.advance(self.store.moves(row.id))
        for message in list(self.discord.world.messages.values()):
            version = (message.id, message.edits, message.loading)
            if version in self.checked or message.loading:
                continue
            self.checked.add(version)
            self._check_message(message)

    def _check_message(self, message: Message) -> None:
        text = message_text(message)
        reader = message.visible_to
        if reader is not None:
            self.private_checked += 1
        allowed: set[str] = set()
        names: dict[str, str] = {}
        for replay in self.replays.values():
            if str(replay.row.seed) in text or (replay.row.secret or "\0") in text:
                self.violations.append(f"message {message.id} shows a seed")
            allowed |= replay.public
            for seat, data in enumerate(replay.row.seats):
                if reader is not None and data["user_id"] == reader:
                    allowed |= replay.known[seat]
            card_name = SPECS[replay.row.game].text.card_name
            names.update({code: card_name(code) for code in replay.pack})
        leaked = sorted(c for c, name in names.items() if c not in allowed and name in text)
        if leaked:
            who = f"user {reader}" if reader else "everyone"
            self.violations.append(f"message {message.id} shows {leaked} to {who}: {text[:300]!r}")
