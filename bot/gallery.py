"""The games' pictures: a game's board painter and pack, chosen from the registry.

Above both the games and ``bot.pictures``: a game's painter (``bot/games/<game>/board.py``,
its ``PAINTER``) draws with the pictures' pieces, and ``bot.pictures`` knows no game, so the
choice of a game's painter is made here, when its first picture is wanted (the AI workers and
the terminal load no Pillow). A painter's own packs (``Board.packs``) are added to the
pictures' packs as it is loaded.
"""

from __future__ import annotations

import hashlib
import os
import platform
import random
from collections.abc import Collection, Sequence
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

import PIL
from PIL import Image, features

from bot.games import GAMES, SPECS, GameSpec
from bot.pictures import deck, hand_png, png
from bot.pictures import prepare as prepare_palette
from bot.pictures.boards import Board, View, open_hands, seat_names
from bot.pictures.bracket import Slot as Slot  # what a bracket is drawn from
from bot.pictures.bracket import bracket_png
from bot.pictures.bracket import palette as bracket_palette


def painter(game: GameSpec[Any, Any, Any] | str) -> Board:
    """The board painter of ``game`` (its spec, or its name): the ``PAINTER`` of the module
    its spec names."""
    return _painter(spec_of(game).board)


@cache
def _painter(module: str) -> Board:
    found: Board = import_module(module).PAINTER
    for pack in found.packs:
        deck.add(pack)
    return found


def spec_of(game: GameSpec[Any, Any, Any] | str) -> GameSpec[Any, Any, Any]:
    """A game's spec, from itself or its name."""
    if isinstance(game, str):
        if game not in SPECS:
            raise ValueError(f"no board for {game!r}: no game is called so")
        return SPECS[game]
    return game


def pack_of(game: GameSpec[Any, Any, Any] | str) -> str:
    """The name of the pack ``game`` is played with (its painter's own packs made known)."""
    painter(game)
    return spec_of(game).pack


def games_of(pack: str) -> list[str]:
    """The titles of the games played with ``pack`` (in English: for the contact sheets)."""
    return [spec.title for spec in SPECS.values() if spec.pack == pack]


def board_picture(
    game: GameSpec[Any, Any, Any] | str, view: View, names: Sequence[str] | None = None
) -> Image.Image:
    """The public board of ``game`` from its public ``view``, drawn by its painter; ``names``
    are the seats' names ("Seat 0", "Seat 1", ... when not given)."""
    image: Image.Image = painter(game).paint(view, seat_names(view, names))
    return image


def board_image(game: str, view: View, names: Sequence[str] | None = None) -> bytes:
    """:func:`board_picture` as PNG bytes."""
    prepare()
    return png(board_picture(game, view, names))


def replay_image(
    game: str, view: View, names: Sequence[str], hands: Sequence[Sequence[str]] | None
) -> bytes:
    """A replay's step as PNG bytes: the public board from ``view``, and below it every seat's
    hand face up (``hands``, in seat order; None: the board alone)."""
    prepare()
    picture = board_picture(game, view, names)
    if hands is not None:
        picture = open_hands(picture, pack_of(game), seat_names(view, names), hands)
    return png(picture)


def hand_image(game: str, cards: Sequence[str], legal: Collection[str] | None = None) -> bytes:
    """A hand of ``game`` as PNG bytes: the cards in the order given, in overlapping rows of
    at most twelve, the ``legal`` ones raised and the rest dimmed (``None``: all alike)."""
    prepare()
    return hand_png(pack_of(game), cards, legal)


def bracket_image(title: str, rounds: Sequence[Sequence[Slot]], size: int) -> bytes:
    """A knockout's bracket (``bot.pictures.bracket``) as PNG bytes, in colours of its own."""
    return bracket_png(title, rounds, size)


def _played_view(game: str, seats: int, moves: int) -> View:
    rules = GAMES[game]
    state = rules.new_game(seats=seats, seed=1)
    rng = random.Random(1)  # noqa: S311 (a sample board, the same each time)
    for _ in range(moves):
        seat = rules.turn(state)
        if seat is None:
            break
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    view: View = rules.view(state, None)
    return view


@cache
def prepare() -> None:
    """Choose the shared palette (``bot.pictures.prepare``) and the brackets' palette, once:
    read back from where an earlier start of this same code kept it (:func:`kept_palette`),
    or learnt from every card and a board of every game, at the seats and moves its painter
    asks for (about a second), and kept there."""

    def boards() -> list[Image.Image]:
        return [
            board_picture(name, _played_view(name, drawn.seats, drawn.moves))
            for name in SPECS
            for drawn in (painter(name),)
        ]

    prepare_palette(boards, kept_palette())
    bracket_palette()


def kept_palette() -> Path | None:
    """The file that keeps the shared palette between starts: in the user's cache folder
    (``$XDG_CACHE_HOME/tavolo``, else ``~/.cache/tavolo``), named after a digest of all the
    palette is learnt from: the bot's own files (its painters, cards and games), Pillow's and
    FreeType's versions (their drawing) and Python's (the sample boards' random moves).
    None where the user has no home folder."""
    folder = os.environ.get("XDG_CACHE_HOME")
    try:
        cache_root = Path(folder) if folder else Path.home() / ".cache"
    except RuntimeError:
        return None
    digest = hashlib.sha256()
    for part in (PIL.__version__, features.version("freetype2"), platform.python_version()):
        digest.update(f"{part}\n".encode())
    root = Path(__file__).parent
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return cache_root / "tavolo" / f"{digest.hexdigest()}.palette"
