"""A pack is data a game names: a game's painter may bring one of its own, and the pictures
draw it without knowing the game."""

from __future__ import annotations

import dataclasses
import sys
import types

import pytest
from PIL import Image

from bot import gallery
from bot.games import SPECS
from bot.pictures import PACKS, Pack, backs_of, card, contact_sheet, deck, hand_picture
from bot.pictures.boards import Board
from bot.pictures.faces import italian_face

TOY = Pack(
    "toy",
    "A toy pack: 4 cards",
    lambda: ["Ac", "2c", "Ad", "2d"],
    italian_face,
    (((20, 20, 120), (240, 240, 240), "rings"),),
    row=2,
)


def test_a_painter_brings_its_own_pack(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deck, "PACKS", dict(PACKS))
    module = types.ModuleType("toy_game_board")
    module.PAINTER = Board(lambda view, names: Image.new("RGB", (4, 4)), 2, 0, (TOY,))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "toy_game_board", module)
    spec = dataclasses.replace(SPECS["scopa"], name="toy", pack="toy", board="toy_game_board")
    with pytest.raises(ValueError, match="no pack is called 'toy'"):
        card("toy", "Ac")
    assert gallery.pack_of(spec) == "toy"  # the painter loaded, its pack is known
    assert card("toy", "Ad").size == card("italian", "Ad").size
    assert backs_of("toy") == 1
    assert hand_picture("toy", ["2d", "Ac"], {"Ac"}).width > 0
    sheet = contact_sheet("toy", ["Toy"])
    assert sheet.width < contact_sheet("italian").width  # two cards a row
    with pytest.raises(ValueError, match="not a card of the toy pack"):
        card("toy", "3c")


def test_two_packs_of_one_name_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deck, "PACKS", dict(PACKS))
    deck.add(TOY)
    deck.add(TOY)  # the same pack again: nothing changes
    with pytest.raises(ValueError, match="two packs are called 'toy'"):
        deck.add(dataclasses.replace(TOY, row=4))


def test_the_pictures_know_no_game() -> None:
    assert set(PACKS) == {"italian", "french", "florentine"}
    assert {gallery.pack_of(name) for name in SPECS} <= set(PACKS)
