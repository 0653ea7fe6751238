"""Picture rendering time: ``python -m bench pictures [--repeats N] [--quick]``.

Renders what the bot would send as images, from card codes or an engine's public view to PNG
bytes: a 34-card Minchiate hand (the most a hand holds: 21 cards and 13 robbed; every third
card playable) and the public board of each game in mid-game (Centocinque with six seats, One
Hundred with twelve, Minchiate in the middle of a trick, Scopa, Briscola and Tressette with
four), the league's standings and a player's card, and a tournament's bracket and standings
table of 16. Each call of a case draws the next of ``STATES`` different pictures: a board after
one move more, a hand of other cards, as the bot draws them (no picture is drawn twice in a
row, so nothing kept from one picture to the next flatters the figures). Each case runs
``--repeats`` times, the cases taking turns, and prints p50/p95 per image (wall clock, and
the drawing thread's CPU time) and its largest size in bytes. Goals: a wall-clock p95 of at
most 15 ms; a CPU p95 of at most 1 ms and at most 12 KB.
Card pictures are drawn once and kept: the first drawing of all three packs and the choice
of the PNG palette they share are timed apart, and the cases run after them.
``--matplotlib``: the rating chart drawn by matplotlib beside the project's own
(``bench/charts.py``), instead.
"""

from __future__ import annotations

import argparse
import functools
import io
import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from PIL import Image

from bench import charts
from bench.stats import percentile
from bot.gallery import board_image, bracket_image, hand_image, prepare
from bot.games import GAMES
from bot.games.minchiate.cards import PACK as MINCHIATE_PACK
from bot.games.minchiate.cards import sort_cards
from bot.games.turns import Over, Turns
from bot.pictures import PACKS, back, backs_of, card, pack_cards, png
from bot.pictures.bracket import Slot
from bot.pictures.league import Chart, StandingLine, player_picture, standings_picture
from bot.pictures.standings_table import Row, standings_image

GOAL_MS = 15.0
GOAL_CPU_MS = 1.0
GOAL_BYTES = 12_000
STATES = 40
"""Different pictures each case cycles through."""


def mid_game_view(game: str, seats: int, seed: int, moves: int) -> dict[str, Any]:
    """The public view of ``game`` after ``moves`` random legal moves."""
    return next(successive_views(game, seats, seed, moves))


def successive_views(game: str, seats: int, seed: int, moves: int) -> Iterator[dict[str, Any]]:
    """The public views of ``game`` after ``moves`` random legal moves, and after each move
    from there on, to the game's end."""
    rules = GAMES[game]
    turns = Turns(rules, rules.new_game(seats=seats, seed=seed), ai=lambda seat: False)
    rng = random.Random(seed)
    made = 0
    while True:
        _, wanted = turns.ready()
        if made >= moves:
            view: dict[str, Any] = rules.view(turns.state, None)
            yield view
        if isinstance(wanted, Over):
            return
        turns.play(wanted.seat, rng.choice(rules.legal_actions(turns.state, wanted.seat)))
        made += 1


BOARDS = {
    "board: Centocinque, 6 seats": ("centocinque", 6, 12),
    "board: One Hundred, 12 seats": ("cento", 12, 15),
    "board: Minchiate, mid-trick": ("minchiate", 4, 42),
    "board: Scopa, 4 seats": ("scopa", 4, 10),
    "board: Briscola, 4 seats": ("briscola", 4, 10),
    "board: Tressette, 4 seats": ("tressette", 4, 10),
}
"""Name -> the game, its seats and the moves played before the first picture."""


def board_views(game: str, seats: int, moves: int) -> list[dict[str, Any]]:
    """``STATES`` successive public views of ``game`` from ``moves`` moves on (the next
    seed's game when one ends)."""
    views: list[dict[str, Any]] = []
    for seed in itertools.count(1):
        views += itertools.islice(successive_views(game, seats, seed, moves), STATES - len(views))
        if len(views) == STATES:
            return views
    raise AssertionError("unreachable")


def cases() -> dict[str, Callable[[], bytes]]:
    """Name -> a call that renders one image, the next of the case's ``STATES`` each call."""
    rng = random.Random(1)
    hands = []
    for _ in range(STATES):
        hand = sort_cards(rng.sample(list(MINCHIATE_PACK), 34))
        hands.append(functools.partial(hand_image, "minchiate", hand, set(hand[::3])))
    made: dict[str, Callable[[], bytes]] = {"hand: 34 Minchiate cards": _in_turn(hands)}
    for name, (game, seats, moves) in BOARDS.items():
        views = board_views(game, seats, moves)
        made[name] = _in_turn([functools.partial(board_image, game, v) for v in views])
    made["league: standings, 10 rows"] = _standings
    made["league: card, 2 charts of 200"] = _card
    made["tournament: bracket of 16"] = _bracket
    made["tournament: standings of 16"] = _table
    return made


def _in_turn(calls: Sequence[Callable[[], bytes]]) -> Callable[[], bytes]:
    """One call that makes the next of ``calls`` each time, round and round."""
    turn = itertools.cycle(calls)
    return lambda: next(turn)()


_RNG = random.Random(2)
_LINES = [
    StandingLine(i + 1, f"Player {i}", 40 - i, 30, 12, 25 - i, _RNG.uniform(-3, 3))
    for i in range(10)
]
_RATINGS = [sum(_RNG.uniform(-1, 1.5) for _ in range(n)) for n in range(200)]


def _standings() -> bytes:
    columns = ["#", "Player", "Pts", "Rating", "Week", "Played", "Won"]
    return png(standings_picture("Standings", "Season 1", columns, _LINES), shared=False)


def _card() -> bytes:
    charts = [Chart("Scopa rating", _RATINGS), Chart("Briscola rating", _RATINGS[::-1])]
    lines = ["Scopa: played 200 · won 90 (45%)", "Scope per round 1.2 · settebello 40%"]
    return png(player_picture("Player 1", "All games", lines, charts), shared=False)


# A knockout of 16 half played (its first round and half the second), and a Swiss's table of
# 16 with points and Buchholz: what /tournament's message shows.
_SIXTEEN = [f"Entrant {n}" for n in range(1, 17)]
_ROUNDS = [
    [Slot(_SIXTEEN[i], _SIXTEEN[15 - i], i % 2) for i in range(8)],
    [Slot(_SIXTEEN[i], _SIXTEEN[7 - i], 0 if i < 2 else None) for i in range(4)],
]
_ROWS = [Row(n + 1, name, (f"{8 - n / 2:g}", f"{30 - n:g}")) for n, name in enumerate(_SIXTEEN)]


def _bracket() -> bytes:
    return bracket_image("Tournament · Scopa · Knockout", _ROUNDS, 16)


def _table() -> bytes:
    columns = ["#", "Entrant", "Pts", "Buchholz"]
    return standings_image("Tournament · Scopa · Swiss", "Round 4 of 4", columns, _ROWS)


def draw_every_card() -> float:
    """Milliseconds to draw every card and back of the three packs (run on a cold cache)."""
    start = time.perf_counter()
    for pack in PACKS:
        for code in pack_cards(pack):
            card(pack, code)
        for index in range(backs_of(pack)):
            back(pack, index)
    return 1000 * (time.perf_counter() - start)


def choose_palette() -> float:
    """Milliseconds to choose the palette hands and boards share (run once, after the cards
    are drawn)."""
    start = time.perf_counter()
    prepare()
    return 1000 * (time.perf_counter() - start)


def measure(repeats: int) -> dict[str, tuple[list[float], list[float], int]]:
    """Name -> (wall-clock milliseconds per render, CPU milliseconds of this thread per
    render, the most bytes of an image). CPU time tells the work apart from waiting on a
    busy machine's other processes."""
    calls = cases()
    for call in calls.values():  # the first call also draws the small cards and backs it uses
        call()
    wall: dict[str, list[float]] = {name: [] for name in calls}
    cpu: dict[str, list[float]] = {name: [] for name in calls}
    sizes: dict[str, int] = {}
    for _ in range(repeats):
        for name, call in calls.items():
            start, start_cpu = time.perf_counter(), time.thread_time()
            data = call()
            cpu[name].append(1000 * (time.thread_time() - start_cpu))
            wall[name].append(1000 * (time.perf_counter() - start))
            sizes[name] = max(sizes.get(name, 0), len(data))
    return {name: (wall[name], cpu[name], sizes[name]) for name in calls}


PHONE_WIDTH = 720
"""A phone's screen in pixels: 360 points at a density of 2, the small end of today's phones."""
PHONE_IMAGE = 640
"""How wide Discord shows a message's image there: the screen less the avatar's column and
the margins (about 320 points)."""
DISCORD_DARK = (49, 51, 56)


def phone_sample(path: str) -> None:
    """A board and a 34-card hand as a phone shows them, one above the other: scaled to
    ``PHONE_IMAGE`` pixels wide on Discord's dark ground, written to ``path`` (PNG)."""
    game, seats, moves = BOARDS["board: Minchiate, mid-trick"]
    hand = sort_cards(random.Random(1).sample(list(MINCHIATE_PACK), 34))
    drawn = [
        board_image(game, mid_game_view(game, seats, 1, moves)),
        hand_image(game, hand, set(hand[::3])),
    ]
    shown: list[Image.Image] = []
    for data in drawn:
        with Image.open(io.BytesIO(data)) as picture:
            size = (PHONE_IMAGE, round(picture.height * PHONE_IMAGE / picture.width))
            shown.append(picture.convert("RGB").resize(size, Image.Resampling.LANCZOS))
    margin = PHONE_WIDTH - PHONE_IMAGE - 16
    screen = Image.new("RGB", (PHONE_WIDTH, 24 + sum(p.height + 24 for p in shown)), DISCORD_DARK)
    top = 24
    for scaled in shown:
        screen.paste(scaled, (margin, top))
        top += scaled.height + 24
    # A palette of its own: a third of the bytes, no difference a person sees.
    screen.quantize(256, dither=Image.Dither.NONE).save(path, optimize=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=300)
    parser.add_argument("--quick", action="store_true", help="20 repeats: a smoke test")
    parser.add_argument(
        "--phone", metavar="PATH", help="write a board and a hand as a phone shows them, and stop"
    )
    parser.add_argument(
        "--matplotlib",
        action="store_true",
        help="the rating chart drawn by matplotlib beside the project's own, and stop",
    )
    args = parser.parse_args(argv)
    repeats = 20 if args.quick else args.repeats
    if args.phone:
        phone_sample(args.phone)
        return
    if args.matplotlib:
        charts.compare(repeats)
        return
    print(f"Drawing every card of the three packs, once: {draw_every_card():.0f} ms")
    print(f"Choosing the palette of hands and boards, once: {choose_palette():.0f} ms")
    print(
        f"Rendering to PNG bytes, {repeats} times each (goals: p95 <= {GOAL_MS:.0f} ms; "
        f"CPU p95 <= {GOAL_CPU_MS:.0f} ms and <= {GOAL_BYTES / 1000:.0f} KB):"
    )
    for name, (ms, cpu, size) in measure(repeats).items():
        p95, cpu_p95 = percentile(ms, 95), percentile(cpu, 95)
        met = p95 <= GOAL_MS
        small = cpu_p95 <= GOAL_CPU_MS and size <= GOAL_BYTES
        print(
            f"  {name:<32} p50 {percentile(ms, 50):5.1f} ms, p95 {p95:5.1f} ms "
            f"({'met' if met else 'NOT met'}); CPU p50 {percentile(cpu, 50):4.2f} ms, "
            f"p95 {cpu_p95:4.2f} ms; {size / 1000:5.1f} KB ({'met' if small else 'NOT met'})"
        )


if __name__ == "__main__":
    main()
