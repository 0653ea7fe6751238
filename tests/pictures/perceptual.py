"""A measure of how alike two pictures look: SSIM (structural similarity: brightness,
contrast and structure compared window by window, 1.0 for the same), on grey levels, over
windows of a picture or of one region, such as the corner of a card where its rank and suit
sign are.

Pure Pillow: each window's means and variances from ``ImageStat`` (exact on grey levels,
from their histograms), and the covariance from the variance of their difference, halved
to fit in grey levels: var(a - b) = var(a) + var(b) - 2 cov(a, b) (the halving's rounding
moves it by under 0.2, against SSIM's constant of 58.5 for it)."""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image, ImageChops, ImageStat

Box = tuple[int, int, int, int]

WINDOW = 8
_C1 = (0.01 * 255) ** 2
_C2 = (0.03 * 255) ** 2


def grey(image: Image.Image) -> Image.Image:
    """``image`` as grey levels ("L")."""
    return image.convert("L")


def windows(box: Box, size: int = WINDOW) -> Iterator[Box]:
    """``box`` cut in windows ``size`` pixels square (those at its right and bottom edges
    smaller)."""
    left, top, right, bottom = box
    for y in range(top, bottom, size):
        for x in range(left, right, size):
            yield (x, y, min(x + size, right), min(y + size, bottom))


def ssim(first: Image.Image, second: Image.Image) -> float:
    """SSIM of two grey ("L") pictures of one size, taken as one window."""
    a, b = ImageStat.Stat(first), ImageStat.Stat(second)
    half = ImageStat.Stat(ImageChops.subtract(first, second, scale=2, offset=128))
    mean_a, mean_b = a.mean[0], b.mean[0]
    covariance = (a.var[0] + b.var[0] - 4 * half.var[0]) / 2
    return ((2 * mean_a * mean_b + _C1) * (2 * covariance + _C2)) / (
        (mean_a**2 + mean_b**2 + _C1) * (a.var[0] + b.var[0] + _C2)
    )


def region_ssim(first: Image.Image, second: Image.Image, box: Box) -> float:
    """The mean SSIM of the windows of ``box`` in two grey pictures."""
    scores = [ssim(first.crop(w), second.crop(w)) for w in windows(box)]
    return sum(scores) / len(scores)


def worst_window(first: Image.Image, second: Image.Image, size: int) -> tuple[Box, float]:
    """The window (``size`` pixels square) where two grey pictures of one size look the
    least alike, and its SSIM."""
    found = [(w, ssim(first.crop(w), second.crop(w))) for w in windows((0, 0, *first.size), size)]
    return min(found, key=lambda pair: pair[1])
