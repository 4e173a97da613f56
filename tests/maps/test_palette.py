"""The powers' colours can be told apart with the common forms of colour blindness
(issue 24): each colour as a protanope, a deuteranope and a tritanope sees it (Machado,
Oliveira and Fernandes 2009, full severity, on linear sRGB), then compared in CIE L*a*b*:
every two powers stay at least ``APART`` apart, for every reader."""

from __future__ import annotations

import itertools
import math

import pytest

from judge.maps.palette import POWERS

APART = 12.0  # CIE76 distance: 2.3 is just noticeable; two powers must be plainly apart

Matrix = tuple[tuple[float, float, float], ...]
VISION: dict[str, Matrix] = {
    "typical": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: str, vision: Matrix) -> tuple[float, float, float]:
    """``#RRGGBB`` as a reader with this vision sees it, in L*a*b*."""
    rgb = [_linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5)]
    return _lab([min(1.0, max(0.0, sum(row[k] * rgb[k] for k in range(3)))) for row in vision])


def closest(colours: dict[str, str], vision: Matrix) -> tuple[float, str, str]:
    return min((math.dist(seen(a, vision), seen(b, vision)), p, q)
               for (p, a), (q, b) in itertools.combinations(colours.items(), 2))


@pytest.mark.parametrize("vision", sorted(VISION))
def test_every_two_powers_stay_apart(vision: str) -> None:
    distance, one, other = closest(POWERS, VISION[vision])
    assert distance >= APART, f"{vision}: {one} and {other} only {distance:.1f} apart"


def test_the_check_sees_a_red_and_a_green_a_deuteranope_confuses() -> None:
    red_and_green = {"RED": "#D62728", "GREEN": "#2CA02C"}
    assert closest(red_and_green, VISION["typical"])[0] >= APART
    assert closest(red_and_green, VISION["deuteranopia"])[0] < APART
