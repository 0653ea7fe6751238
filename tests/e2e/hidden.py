"""A watch that no message shows a card to someone who may not know it.

While a test runs, every version of every message (public ones and each user's ephemeral
ones, edits and filled-in deferrals included: the fake's ``world.seen``) is checked against
what its readers may know when it arrives. The watch replays each stored game from the
database (seats, seed, house rules, moves) with the engine, and learns after every move what
its (public) events, each seat's view and the public view show; a card may appear in a
message only once its readers could have seen it: in public, or in the seat's own view (its
hand, its discards...). The bot stores a move before showing it, and the watch reads the
moves as each new version arrives, so the replay is never behind a message it checks. The
game's seed must never appear at all, as a number of its own: the digits of a snowflake in a
mention, a deal's id or a hash may hold a pinned test seed such as 17 by chance.

Pictures are checked too. A board picture (wherever it is sent) must be, byte for byte, the
board the game's painter draws from the public view of the game at a move already stored
(with the seats' names, in the channel's language): so the bot can have drawn it from nothing
a player may not see. A public message carries no other file.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from types import TracebackType
from typing import Any

from bot.gallery import board_image, prepare
from bot.games import GAMES, SPECS
from bot.games.cards import ITALIAN_RANKS
from bot.games.text import RANKS, SUITS
from bot.i18n import from_discord, speaking, t
from bot.pictures import pack_cards
from bot.pictures.boards import View
from bot.storage.records import Seat
from bot.tables.table import seat_name
from bot.views.attach import BOARD_FILE
from fakediscord import Attachment, FakeDiscord, Message

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


def grouped_cards(text: str) -> set[str]:
    """The cards ``text`` names grouped by suit, as the games of the Italian pack list them
    (``by_suit``: "Coppe: Asso, 3 · Denari: 7"), in the language spoken; as codes."""
    ranks = {t(RANKS[r]) if r in RANKS else r: r for r in ITALIAN_RANKS}
    suits = {t(word): code for code, word in SUITS.items()}
    rank, suit = "|".join(map(re.escape, ranks)), "|".join(map(re.escape, suits))
    of = re.escape(t("{rank} di {suit}", rank="", suit="").lstrip())  # "the 3 di Coppe: 5"
    listed = rf"(?<!{of})\b({suit}): ((?:{rank})(?:, (?:{rank}))*)\b"
    return {ranks[r] + suits[suit] for suit, rs in re.findall(listed, text) for r in rs.split(", ")}


def _shows_number(text: str, number: int) -> bool:
    """``number`` in ``text`` as a word of its own, not inside a longer run of digits or
    letters."""
    return re.search(rf"\b{number}\b", text) is not None


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
        self.boards: list[View] = []
        """The public view after each number of moves, from none to ``applied``."""
        self._learn()

    def advance(self, moves: list[tuple[int, int, str, str]]) -> None:
        for _, seat, action, _ in moves[self.applied :]:
            self.state, events = self.rules.apply(self.state, seat, action)
            self.applied += 1
            _codes(events, self.pack, self.public)  # events are public (a hand's last card)
            self._learn()

    def _learn(self) -> None:
        self.boards.append(self.rules.view(self.state, None))
        _codes(self.boards[-1], self.pack, self.public)
        for seat, known in enumerate(self.known):
            _codes(self.rules.view(self.state, seat), self.pack, known)


class HiddenCardWatch:
    """``async with HiddenCardWatch(discord, store) as watch: ...``; fails at exit on a leak."""

    def __init__(self, discord: FakeDiscord, store: Store) -> None:
        self.discord = discord
        self.store = store
        self.replays: dict[int, _Replay] = {}
        self.looked = 0
        """How many of the fake's ``world.seen`` versions were checked."""
        self.private_checked = 0
        self.boards_checked = 0
        self.violations: list[str] = []
        self._drawn: dict[tuple[int, int, str, tuple[str, ...]], bytes] = {}
        """The digests of the boards drawn, by table, move, language and seats' names."""
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> HiddenCardWatch:
        await asyncio.to_thread(prepare)  # the palette, once: the boards drawn here need it
        self.looked = len(self.discord.world.seen)
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
            assert self.boards_checked, "the watch saw no board's picture"

    async def _run(self) -> None:
        world = self.discord.world
        while True:  # each version as soon as the fake has it: the moves stored by then
            await world.wait_for(lambda: len(world.seen) > self.looked, timeout=3600)
            self.check()

    def check(self) -> None:
        for row in self.store.tables():
            if row.state is None:
                continue
            replay = self.replays.get(row.id)
            if replay is None:
                replay = self.replays[row.id] = _Replay(row)
            replay.row = row  # its seats' names as they are now
            if row.moves > replay.applied:
                replay.advance(self.store.moves(row.id))
        seen = self.discord.world.seen
        arrived, self.looked = seen[self.looked :], len(seen)
        for message in arrived:
            if not message.loading:
                self._check_message(message)

    def _check_message(self, message: Message) -> None:
        text = message_text(message)
        reader = message.visible_to
        if reader is not None:
            self.private_checked += 1
        allowed: set[str] = set()
        names: dict[str, str] = {}
        for replay in self.replays.values():
            if _shows_number(text, replay.row.seed) or (replay.row.secret or "\0") in text:
                self.violations.append(f"message {message.id} shows a seed")
            allowed |= replay.public
            for seat, data in enumerate(replay.row.seats):
                if reader is not None and data["user_id"] == reader:
                    allowed |= replay.known[seat]
            card_name = SPECS[replay.row.game].text.card_name
            names.update({code: card_name(code) for code in replay.pack})
        shown = {c for c, name in names.items() if name in text} | grouped_cards(text)
        leaked = sorted(c for c in shown & names.keys() if c not in allowed)
        if leaked:
            who = f"user {reader}" if reader else "everyone"
            self.violations.append(f"message {message.id} shows {leaked} to {who}: {text[:300]!r}")
        for attachment in message.attachments:
            if attachment.filename == BOARD_FILE:
                self._check_board(message, attachment)
            elif reader is None:
                self.violations.append(f"message {message.id} shows {attachment.filename}")

    def _check_board(self, message: Message, picture: Attachment) -> None:
        """``picture`` is a board drawn from the public view of a table at a stored move."""
        self.boards_checked += 1
        language, digest = self._language(message), hashlib.sha256(picture.data).digest()
        # The table whose board the message is first, and its latest moves first: the likeliest.
        replays = sorted(self.replays.values(), key=lambda r: r.row.board_message_id != message.id)
        for replay in replays:
            with speaking(language):
                names = tuple(seat_name(Seat.model_validate(s)) for s in replay.row.seats)
            for moves in range(replay.applied, -1, -1):
                if self._board(replay, moves, language, names) == digest:
                    return
        self.violations.append(
            f"message {message.id}'s picture is no public board of a move stored: "
            f"{message_text(message)[:300]!r}"
        )

    def _board(self, replay: _Replay, moves: int, language: str, names: tuple[str, ...]) -> bytes:
        key = (replay.row.id, moves, language, names)
        if key not in self._drawn:
            with speaking(language):
                drawn = board_image(replay.row.game, replay.boards[moves], names)
            self._drawn[key] = hashlib.sha256(drawn).digest()
        return self._drawn[key]

    def _language(self, message: Message) -> str:
        """The language the bot draws a channel's boards in: the one chosen for the channel,
        else its server's."""
        chosen = self.store.channel_language(message.channel_id)
        if chosen is not None:
            return chosen
        guild = self.discord.world.guilds.get(message.guild_id or 0)
        return from_discord(guild.preferred_locale) if guild is not None else "en"
