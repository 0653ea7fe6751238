"""The reference pictures the perceptual test holds today's pictures to
(tests/pictures/test_perceptual.py), and the script that made them.

Each case is a board of every registered game (at its painter's seats, after its painter's
moves, played at random from seed 11) and the hand of the seat on turn there (its playable
cards raised), the largest hand of all (34 Minchiate cards), and a knockout's bracket of 16
half played. A case is stored as what it is drawn from (``<case>.json``: the public view and
the names, the cards, or the bracket's rounds) and the picture the bot sent for it
(``<case>.png``), so that the test draws from the same input whatever the engines do since.

The pictures were made once, from the code before the pictures were drawn and encoded
faster (main at 8293006), by running this file with that checkout first on the path::

    PYTHONPATH=<checkout of 8293006> python tests/pictures/reference.py tests/pictures/reference

It uses only what that code has: ``bot.gallery``'s ``board_image`` and ``hand_image``. The
bracket came later, from main at 185cca1 (before brackets were mapped to a palette chosen
once), the same way with its name after the folder (``... tests/pictures/reference
bracket-16``: only the cases named are written). The PNGs are stored recompressed (zlib's
level 9), their pixels as sent. A board whose layout is changed on purpose is drawn again
from its stored case (``draw``): Tressette's, when the last trick's caption moved clear of
the top seat, and when its points took a colon after each side ("Ada & Cy: 1/3").
"""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path
from typing import Any

from PIL import Image

from bot.gallery import Slot, board_image, bracket_image, hand_image, painter
from bot.games import GAMES, SPECS
from bot.games.minchiate.cards import PACK as MINCHIATE_PACK
from bot.games.minchiate.cards import sort_cards
from tests.pictures.support import played

HERE = Path(__file__).with_name("reference")
SEED = 11

Case = dict[str, Any]


def cases() -> dict[str, Case]:
    """Case name -> what it is drawn from."""
    made: dict[str, Case] = {}
    for game, spec in SPECS.items():
        drawn = painter(game)
        rules = GAMES[game]
        state = played(game, drawn.seats, SEED, drawn.moves)
        names = [f"Player {seat}" for seat in range(drawn.seats)]
        view = json.loads(json.dumps(rules.view(state, None)))
        made[f"board-{game}"] = {"kind": "board", "game": game, "view": view, "names": names}
        seat = rules.turn(state)
        if seat is None:
            seat = 0
        cards = list(rules.view(state, seat).get("hand") or [])
        legal = sorted(spec.moves.cards(rules.legal_actions(state, seat)))
        made[f"hand-{game}"] = {"kind": "hand", "game": game, "cards": cards, "legal": legal}
    largest = sort_cards(random.Random(SEED).sample(list(MINCHIATE_PACK), 34))
    made["hand-minchiate-34"] = {
        "kind": "hand",
        "game": "minchiate",
        "cards": largest,
        "legal": largest[::3],
    }
    made["bracket-16"] = {"kind": "bracket", "size": 16, **_bracket()}
    return made


def _bracket() -> Case:
    """A knockout of 16 half played: the first round with a bye, the second with two winners
    and two matches under way, the rest to come; names short, long and accented."""
    names = [f"Entrant {n}" for n in range(1, 16)] + ["Zoë Antonietta Bracciolini-Ferretti"]
    first = [[names[i], names[15 - i], i % 2] for i in range(8)]
    first[3] = [names[3], None, 0]  # a bye
    second = [[names[i], names[7 - i], 0 if i < 2 else None] for i in range(4)]
    return {"title": "Torneo · Scopa · Eliminazione diretta", "rounds": [first, second]}


def draw(case: Case) -> bytes:
    """The PNG bytes the bot sends for ``case``."""
    if case["kind"] == "board":
        return board_image(case["game"], case["view"], case["names"])
    if case["kind"] == "bracket":
        rounds = [[Slot(*slot) for slot in matches] for matches in case["rounds"]]
        return bracket_image(case["title"], rounds, case["size"])
    return hand_image(case["game"], case["cards"], set(case["legal"]))


def stored() -> dict[str, tuple[Case, Image.Image]]:
    """Case name -> what it is drawn from and its reference picture (RGB)."""
    found = {}
    for path in sorted(HERE.glob("*.json")):
        case: Case = json.loads(path.read_text())
        with Image.open(path.with_suffix(".png")) as picture:
            found[path.stem] = (case, picture.convert("RGB"))
    return found


def write(folder: Path, names: list[str]) -> None:
    """Write the cases ``names`` (all, if none) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, case in cases().items():
        if names and name not in names:
            continue
        (folder / f"{name}.json").write_text(json.dumps(case, sort_keys=True) + "\n")
        with Image.open(io.BytesIO(draw(case))) as picture:
            picture.save(folder / f"{name}.png", optimize=True, compress_level=9)


if __name__ == "__main__":
    write(Path(sys.argv[1]), sys.argv[2:])
