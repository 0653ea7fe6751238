"""Every card of every pack is drawn, and no two look alike."""

from __future__ import annotations

import hashlib

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.gallery import pack_of
from bot.games import SPECS
from bot.games.minchiate.text import TRUMP_NAMES as MINCHIATE_TRUMP_NAMES
from bot.pictures import CARD_H, CARD_W, PACKS, back, backs_of, card, pack_cards
from bot.pictures.draw import fold, font, text
from bot.pictures.faces import TRUMP_NAMES


def _dealt(pack: str) -> set[str]:
    """Every card a game drawn from ``pack`` deals, at any of its table sizes."""
    return {
        code
        for spec in SPECS.values()
        if spec.pack == pack
        for seats in spec.seats.seat_range()
        for code in spec.rules.pack(seats)
    }


def _digest(image: Image.Image) -> str:
    return hashlib.sha256(image.tobytes()).hexdigest()


@pytest.mark.parametrize("pack", PACKS)
def test_every_card_of_every_pack_renders(pack: str) -> None:
    codes = pack_cards(pack)
    assert len(set(codes)) == len(codes)
    assert set(codes) == _dealt(pack) or not _dealt(pack)
    for code in codes:
        face = card(pack, code)
        assert face.size == (CARD_W, CARD_H)
        assert face.mode == "RGBA"
        # Opaque inside, see-through at the rounded corners.
        inside, corner = face.getpixel((CARD_W // 2, CARD_H // 2)), face.getpixel((0, 0))
        assert isinstance(inside, tuple) and isinstance(corner, tuple)  # RGBA: four bands
        assert inside[3] == 255 and corner[3] == 0


@pytest.mark.parametrize("pack", PACKS)
def test_all_cards_of_a_pack_and_its_backs_are_pairwise_distinct(pack: str) -> None:
    pictures = [card(pack, code) for code in pack_cards(pack)]
    pictures += [back(pack, i) for i in range(backs_of(pack))]
    assert len({_digest(p) for p in pictures}) == len(pictures)


def test_the_two_french_packs_have_different_backs() -> None:
    assert backs_of("french") == 2
    assert _digest(back("french", 0)) != _digest(back("french", 1))
    assert backs_of("italian") == backs_of("florentine") == 1


def test_a_game_names_its_pack_and_its_engine_deals_the_cards_drawn() -> None:
    for name, spec in SPECS.items():
        assert spec.pack in PACKS
        assert pack_of(name) == spec.pack
        assert _dealt(spec.pack) == set(pack_cards(spec.pack))
        code = spec.rules.pack(spec.seats.default)[-1]
        assert card(pack_of(name), code) is card(spec.pack, code)


def test_the_florentine_trumps_are_printed_with_the_names_minchiate_gives_them() -> None:
    """The pack prints its trumps' Italian names in every language; the game's words use the
    same names (translated where a language has its own)."""
    assert TRUMP_NAMES == MINCHIATE_TRUMP_NAMES


def test_a_card_outside_the_pack_is_refused() -> None:
    with pytest.raises(ValueError, match="not a card"):
        card("italian", "TH")
    with pytest.raises(ValueError, match="not a card"):
        card("florentine", "Ac")
    with pytest.raises(ValueError, match="no pack is called"):
        card("tarocchi", "T1")


def test_pictures_are_drawn_once_and_kept() -> None:
    assert card("florentine", "T40") is card("florentine", "T40")
    assert back("french", 1) is back("french", 1)


def test_letters_beyond_ascii_are_spelled_and_accented() -> None:
    assert fold("Carità") == ("Carita", ((5, "\u0300"),))
    assert fold("Straße · ok") == ("Strasse · ok", ())
    assert fold("中") == ("?", ())
    # Every language of the bot: Esperanto's circumflexes and breve, Spanish and Portuguese.
    assert fold("ĉŭ ñ ç ã ¡") == (
        "cu n c a !",
        ((0, "\u0302"), (1, "\u0306"), (3, "\u0303"), (5, "\u0327"), (7, "\u0303")),
    )


def test_an_accent_is_drawn_over_its_letter() -> None:
    def drawn(words: str) -> Image.Image:
        image = Image.new("RGB", (200, 60), "white")
        text(ImageDraw.Draw(image), (10, 40), words, 30, (0, 0, 0), anchor="ls")
        return image

    letter_top = 40 + font(30).getbbox("a", anchor="ls")[1]
    for plain, accented in (("Carita", "Carità"), ("Antau", "Antaŭ")):
        changed = ImageChops.difference(drawn(plain), drawn(accented)).getbbox()
        assert changed is not None
        # Only above the last letter: the letters themselves are the same.
        assert changed[3] <= letter_top
        assert changed[0] >= 10 + font(30).getlength(plain[:-1])
