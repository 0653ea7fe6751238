"""The board's picture laid out so that nothing runs off it or over another thing: every public
view of deals with the most declarations a deal can hold, and the most cards known in one
hand, at two and four seats, painted with each card, word and shape the painter lays recorded
with its box."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations, count
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.games.tressette import board
from bot.games.tressette.views import TressetteView
from bot.pictures.draw import Stamp
from tests.games.support import seat_on_turn

from .deals import RULES, act, fill, start

Box = tuple[float, float, float, float]

HONOURS = [r + s for r in "A23" for s in "cdsb"]
"""The cards of the accusi. A napoletana is one suit's and a buongioco one rank's, and only one
seat can hold each, so a deal holds at most 4 + 3 = 7 accusi."""
NINE = [c for c in HONOURS if c[-1] != "b"]
"""Six accusi in one hand: three napoletane and three buongiochi of three."""
BASTONI = ["Ab", "2b", "3b"]
"""The seventh: the napoletana of the suit left."""
TEN = [c for c in HONOURS if c not in ("Ab", "2b")]
"""Six accusi naming ten cards: a whole hand known."""
NAMES = ["Bartolomea Giustiniani", "Bruno", "Chiara Quattrocchi", "Donatello di Niccolò"]


@dataclass(frozen=True)
class Laid:
    """Something the painter laid on the picture: which call laid it, and its box."""

    call: str
    box: Box


class Recorder:
    """Records, by the painter's call they come from, the boxes of the stamps (cards, backs,
    panels) laid, the ink of the words written and the rounded shapes drawn on a picture."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.laid: list[tuple[Any, Laid]] = []
        self.call: str | None = None
        self.calls = count()
        for name in ("ring_of_seats", "_corner", "_known", "_stock", "_trick", "badge"):
            monkeypatch.setattr(board, name, self._marked(name, getattr(board, name)))
        lay, bitmap = Stamp.lay, ImageDraw.ImageDraw.bitmap
        rounded = ImageDraw.ImageDraw.rounded_rectangle

        def laying(stamp: Stamp, canvas: Image.Image, xy: tuple[int, int]) -> None:
            height = stamp.top.height + stamp.middle.height + stamp.bottom.height
            self._add(canvas.im, (xy[0], xy[1], xy[0] + stamp.middle.width, xy[1] + height))
            lay(stamp, canvas, xy)

        def writing(draw: ImageDraw.ImageDraw, xy: Any, mask: Image.Image, **kw: Any) -> None:
            ink = mask.getbbox()
            if ink is not None:
                x, y = xy
                self._add(draw.im, (x + ink[0], y + ink[1], x + ink[2], y + ink[3]))
            bitmap(draw, xy, mask, **kw)

        def shaping(draw: ImageDraw.ImageDraw, xy: Any, *args: Any, **kw: Any) -> None:
            self._add(draw.im, tuple(xy))
            rounded(draw, xy, *args, **kw)

        monkeypatch.setattr(Stamp, "lay", laying)
        monkeypatch.setattr(ImageDraw.ImageDraw, "bitmap", writing)
        monkeypatch.setattr(ImageDraw.ImageDraw, "rounded_rectangle", shaping)

    def _marked(self, name: str, drawing: Callable[..., Any]) -> Callable[..., Any]:
        """``drawing``, each call of it a call of its own (the calls it makes are part of it)."""

        def marked(*args: Any, **kw: Any) -> Any:
            if self.call is not None:
                return drawing(*args, **kw)
            self.call = f"{name}#{next(self.calls)}"
            try:
                return drawing(*args, **kw)
            finally:
                self.call = None

        return marked

    def _add(self, image: Any, box: Any) -> None:
        left, top, right, bottom = (float(v) for v in box)
        self.laid.append((image, Laid(self.call or "paint", (left, top, right, bottom))))

    def on(self, picture: Image.Image) -> list[Laid]:
        return [laid for image, laid in self.laid if image is picture.im]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_layout(recorder: Recorder, view: TressetteView) -> None:
    """Everything on the picture, and nothing laid by one call over what another laid, nor
    over anything of the stock (its count over its card)."""
    recorder.laid.clear()
    picture = board.paint(view, NAMES[: view["seats"]])
    width, height = picture.size
    laid = recorder.on(picture)
    assert laid
    for item in laid:
        left, top, right, bottom = item.box
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, item
    for a, b in combinations(laid, 2):
        if a.call != b.call or a.call.startswith("_stock"):
            assert not overlap(a.box, b.box), (a, b)
    lines = {item.call for item in laid if item.call.startswith("_corner")}
    assert len(lines) == 2 + len(view["declared"])  # the points, and every accuso


def deal_views(hands: list[list[str]], seed: int) -> Iterator[TressetteView]:
    """Every public view of the first deal dealt ``hands`` (seat 0 leads): every accuso
    declared as soon as it may be, the cards played at random, a lead with a signal when one
    may be given (and the match's end, when the accusi end it with this deal)."""
    st = start(fill(hands))
    rng = random.Random(seed)
    while st.deal_no == 1:
        yield RULES.view(st, None)  # type: ignore[misc]
        if RULES.outcome(st) is not None:
            return
        seat = seat_on_turn(RULES, st)
        legal = RULES.legal_actions(st, seat)
        accusi = [a for a in legal if a.startswith("accuse")]
        signalled = [a for a in legal if a.count(":") == 2]
        st, _ = act(st, seat, accusi[0] if accusi else rng.choice(signalled or legal))


DEALS = [
    [[], BASTONI, [], NINE],
    [[], TEN, [], []],
    [[], [], [], TEN],
    [[], [], TEN, []],
    [TEN, [], [], []],
    [NINE, BASTONI],
    [BASTONI, NINE],
    [[], TEN],
    [TEN, []],
]


@pytest.mark.parametrize("hands", DEALS, ids=lambda h: "/".join(str(len(c)) for c in h))
def test_every_view_of_a_deal_fits_the_picture(
    monkeypatch: pytest.MonkeyPatch, hands: list[list[str]]
) -> None:
    recorder = Recorder(monkeypatch)
    most = 0
    for view in deal_views(hands, seed=len(hands)):
        check_layout(recorder, view)
        most = max(most, len(view["declared"]))
    assert most == (7 if BASTONI in hands else 6)


@pytest.mark.parametrize("seats", [2, 4])
def test_the_end_of_a_match_fits_the_picture(monkeypatch: pytest.MonkeyPatch, seats: int) -> None:
    st = RULES.new_game(seats=seats, seed=5, options={"target": 11})
    rng = random.Random(5)
    while RULES.outcome(st) is None:
        seat = seat_on_turn(RULES, st)
        st, _ = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))
    check_layout(Recorder(monkeypatch), RULES.view(st, None))  # type: ignore[arg-type]
