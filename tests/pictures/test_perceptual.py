"""What people see stays as it was: each game's board, a full hand and a knockout's bracket,
drawn by today's code, against the pictures the bot sent before they were drawn and encoded
faster (tests/pictures/reference, made by tests/pictures/reference.py), by SSIM: each card's
rank and suit corner in a hand, and every window of a picture; and the text sent beside a
picture is the same with it or without it.

The thresholds: SSIM is 1.0 for the same picture; the corner of the next rank (trump 31
where 32 was) scores 0.91, a seat's count changed by one 0.03 in its window; so a corner at
0.98 or more shows the same rank and sign to anyone. A hand's card corners that lie over
another card may differ by their edge pixels (bot/pictures/indexed.py): its worst window may
fall to 0.95 (0.965 is the lowest today, every corner at 1.0); a board's or a bracket's not
under 0.98 (all are the same, 1.0; a match of a bracket won by the other side 0.28)."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from PIL import Image

from bot.games import SPECS
from bot.games.minchiate.cards import PACK as MINCHIATE_PACK
from bot.pictures.compose import hand_layout
from bot.pictures.faces import INDEX_H, INDEX_W, INDEX_X, INDEX_Y
from bot.views.attach import board_files, hand_files
from bot.views.render import board_embed, hand_choices, hand_embed
from tests.games.support import middle_size
from tests.pictures.perceptual import Box, grey, region_ssim, worst_window
from tests.pictures.reference import Case, draw, stored
from tests.views.tables import make_table

CORNER = 0.98
"""The least SSIM of a card's corner, where its rank and suit sign are."""
BOARD_WINDOW = 0.98
HAND_WINDOW = 0.95
WINDOW = 16

REFERENCES = stored()


def test_every_game_has_a_reference_board_and_hand() -> None:
    names = set(REFERENCES)
    assert {f"board-{game}" for game in SPECS} <= names
    assert {f"hand-{game}" for game in SPECS} <= names
    assert len(REFERENCES["hand-minchiate-34"][0]["cards"]) == 34


def _picture(case: Case) -> Image.Image:
    with Image.open(io.BytesIO(draw(case))) as image:
        return image.convert("RGB")


def _corners(case: Case) -> list[tuple[str, Box]]:
    """Each card of a hand's case and the box of its rank and suit corner."""
    _, laid = hand_layout(case["cards"], set(case["legal"]))
    return [
        (code, (x + INDEX_X, y + INDEX_Y, x + INDEX_X + INDEX_W, y + INDEX_Y + INDEX_H))
        for code, (x, y), _ in laid
    ]


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_the_picture_looks_as_it_did(name: str) -> None:
    case, reference = REFERENCES[name]
    picture = _picture(case)
    assert picture.size == reference.size
    now, then = grey(picture), grey(reference)
    box, score = worst_window(now, then, WINDOW)
    if case["kind"] == "hand":
        assert score >= HAND_WINDOW, (box, score)
        for code, corner in _corners(case):
            assert region_ssim(now, then, corner) >= CORNER, code
    else:
        assert score >= BOARD_WINDOW, (box, score)


def test_the_measure_sees_a_card_of_another_rank() -> None:
    case, reference = REFERENCES["hand-minchiate-34"]
    cards = list(case["cards"])
    swapped = 5
    code = cards[swapped]
    cards[swapped] = _neighbour(code, cards)
    picture = _picture({**case, "cards": cards})
    corner = dict(_corners(case))[code]
    assert region_ssim(grey(picture), grey(reference), corner) < CORNER


def test_the_measure_sees_a_count_changed_by_one() -> None:
    case, reference = REFERENCES["board-cento"]
    view = {**case["view"], "hand_sizes": list(case["view"]["hand_sizes"])}
    view["hand_sizes"][1] += 1
    _, score = worst_window(grey(_picture({**case, "view": view})), grey(reference), WINDOW)
    assert score < BOARD_WINDOW


def test_the_measure_sees_a_bracket_s_other_winner() -> None:
    case, reference = REFERENCES["bracket-16"]
    rounds = [[list(slot) for slot in matches] for matches in case["rounds"]]
    rounds[1][0][2] = 1  # the second round's first match won by the other side
    picture = _picture({**case, "rounds": rounds})
    _, score = worst_window(grey(picture), grey(reference), WINDOW)
    assert score < BOARD_WINDOW


def _neighbour(code: str, hand: list[str]) -> str:
    """The next card of the Minchiate pack after ``code`` not in ``hand``: a neighbour in
    rank, the hardest to tell apart."""
    order = list(MINCHIATE_PACK)
    at = order.index(code)
    return next(c for c in order[at + 1 :] + order[:at] if c not in hand)


@pytest.mark.parametrize("game", list(SPECS))
async def test_the_text_beside_a_picture_is_the_text_without_it(game: str) -> None:
    table = make_table(game, middle_size(SPECS[game]))
    embed = board_embed(table)
    without = embed.to_dict()
    files = await board_files(table, embed)
    assert [f.filename for f in files] == ["board.png"]
    assert _less_image(embed) == without

    seat = table.rules.turn(table.state)
    assert seat is not None
    choices = hand_choices(game, table.rules.legal_actions(table.state, seat))
    embed = hand_embed(table, seat, choices)
    without = embed.to_dict()
    files = await hand_files(table, seat, embed)
    assert [f.filename for f in files] == ["hand.png"]
    assert _less_image(embed) == without


def _less_image(embed: discord.Embed) -> dict[str, Any]:
    shown = embed.to_dict()
    image = shown.pop("image")
    assert image["url"].startswith("attachment://")
    return dict(shown)
