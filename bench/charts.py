"""The rating chart drawn by a plotting library, beside the project's own:
``python -m bench pictures --matplotlib [--repeats N]``.

Draws the chart of a player's card and page (640 × 150 pixels, the ratings of 200 matches,
the label, the lowest and highest rating, the latest at the line's end) with matplotlib's Agg
backend, and with ``bot.pictures.league.chart_picture``, ``N`` times each, the two taking
turns; prints matplotlib's import time and the memory it adds to the process, and each
chart's CPU time (p50, p95) and PNG size. matplotlib is in the ``bench`` and ``dev`` extras
only: the bot never imports it. Without it, the comparison is skipped with a line saying so.
"""

from __future__ import annotations

import importlib
import io
import random
import time
from collections.abc import Callable
from typing import Any

import psutil

from bench.stats import percentile
from bot.pictures import png
from bot.pictures.compose import FELT
from bot.pictures.draw import GOLD
from bot.pictures.league import LIGHT, Chart, chart_picture

WIDTH, HEIGHT, DPI = 640, 150, 100
LABEL = "Scopa rating, the last 200 matches"
_RNG = random.Random(2)
RATINGS = [sum(_RNG.uniform(-1, 1.5) for _ in range(n)) for n in range(200)]


def _colour(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    red, green, blue = rgb
    return red / 255, green / 255, blue / 255


def _drawn_by(pyplot: Any) -> Callable[[], bytes]:
    """A call that draws the chart with matplotlib, as ours draws it, to PNG bytes."""

    def draw() -> bytes:
        figure = pyplot.figure(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI)
        figure.patch.set_facecolor(_colour(FELT))
        axes = figure.add_axes((0.08, 0.1, 0.82, 0.7))
        axes.set_facecolor(_colour(FELT))
        axes.plot(RATINGS, color=_colour(GOLD), linewidth=2)
        axes.plot([len(RATINGS) - 1], [RATINGS[-1]], "o", color=_colour(LIGHT), markersize=4)
        axes.annotate(f"{RATINGS[-1]:.1f}", (len(RATINGS) - 1, RATINGS[-1]), color="white")
        low, high = min(RATINGS), max(RATINGS)
        axes.set_yticks([low, high], [f"{low:.0f}", f"{high:.0f}"], color=_colour(LIGHT))
        axes.set_xticks([])
        for side in axes.spines.values():
            side.set_visible(False)
        axes.grid(axis="y", alpha=0.3)
        figure.text(0.02, 0.88, LABEL, color=_colour(LIGHT), fontsize=10)
        out = io.BytesIO()
        figure.savefig(out, format="png", dpi=DPI)
        pyplot.close(figure)
        return out.getvalue()

    return draw


def _ours() -> bytes:
    return png(chart_picture(Chart(LABEL, RATINGS)), shared=False)


def compare(repeats: int) -> None:
    process = psutil.Process()
    before, start = process.memory_info().rss, time.perf_counter()
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ModuleNotFoundError:
        print("matplotlib: skipped (not installed; pip install -e '.[bench]' brings it)")
        return
    matplotlib.use("Agg")
    pyplot = importlib.import_module("matplotlib.pyplot")
    imported = time.perf_counter() - start
    grown = (process.memory_info().rss - before) / 2**20
    print(
        f"matplotlib {matplotlib.__version__} (Agg): imported in {imported:.2f} s,"
        f" {grown:.0f} MB more memory"
    )
    calls = {f"matplotlib {matplotlib.__version__}": _drawn_by(pyplot), "ours (Pillow)": _ours}
    cpu: dict[str, list[float]] = {name: [] for name in calls}
    sizes: dict[str, int] = {}
    for call in calls.values():  # the first draws the fonts each uses
        call()
    for _ in range(repeats):
        for name, call in calls.items():
            begun = time.thread_time()
            data = call()
            cpu[name].append(1000 * (time.thread_time() - begun))
            sizes[name] = len(data)
    print(f"The rating chart ({WIDTH} × {HEIGHT}, {len(RATINGS)} matches), {repeats} times each:")
    for name, times in cpu.items():
        print(
            f"  {name:<18} CPU p50 {percentile(times, 50):5.1f} ms,"
            f" p95 {percentile(times, 95):5.1f} ms; {sizes[name] / 1000:4.1f} KB"
        )
