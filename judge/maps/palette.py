"""The map's colours: the powers in the Okabe-Ito palette, which the common forms of
colour blindness still tell apart, and the board's own quiet colours. Units carry a
letter and a shape as well, so nothing is told by colour alone."""

from __future__ import annotations

from functools import cache

# The standard board's powers, each in a colour of the Okabe-Ito set near its
# traditional one (Austria red, England blue, France light blue, Germany dark,
# Italy green, Russia purple, Turkey yellow).
POWERS: dict[str, str] = {
    "AUSTRIA": "#D55E00",
    "ENGLAND": "#0072B2",
    "FRANCE": "#56B4E9",
    "GERMANY": "#404040",
    "ITALY": "#009E73",
    "RUSSIA": "#CC79A7",
    "TURKEY": "#F0E442",
}
SPARE = ("#E69F00", "#882255", "#44AA99", "#999933", "#AA4499")

SEA = "#C9DFEC"
LAND = "#EFE8D6"
NEUTRAL_LAND = "#DCD6C8"
IMPASSABLE = "#C4BCAE"
BORDER = "#8A7F6C"
COAST_LINE = "#5E7F94"
INK = "#1A1A1A"
PAPER = "#FFFFFF"
UNOWNED = "#FFFFFF"
FAILED = "#000000"


def power_colour(power: str, order: tuple[str, ...] = ()) -> str:
    """A power's colour; a power the palette does not name gets a spare one."""
    if power in POWERS:
        return POWERS[power]
    others = [p for p in order if p not in POWERS]
    index = others.index(power) if power in others else sum(map(ord, power))
    return SPARE[index % len(SPARE)]


@cache
def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@cache
def mix(colour: str, other: str, share: float) -> str:
    """``colour`` with ``share`` of ``other`` mixed in."""
    a, b = rgb(colour), rgb(other)
    r, g, bl = (round(x * (1 - share) + y * share) for x, y in zip(a, b, strict=True))
    return f"#{r:02X}{g:02X}{bl:02X}"


@cache
def ink_on(colour: str) -> str:
    """Black or white, whichever reads on ``colour``."""
    r, g, b = rgb(colour)
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else PAPER


def board_colours() -> list[str]:
    """The colours a board's pieces are drawn in, with the blends a smoothed letter or
    edge makes of them: the PNG painter keeps these exactly in its palette."""
    inks = [INK, PAPER, FAILED, UNOWNED, SEA, LAND, NEUTRAL_LAND, IMPASSABLE, BORDER,
            COAST_LINE]
    out = list(inks)
    for colour in list(POWERS.values()) + list(SPARE):
        out += [colour, mix(colour, PAPER, 0.68), mix(colour, INK, 0.25)]
        out += [mix(colour, ink, share) for ink in (INK, PAPER) for share in (0.3, 0.6)]
    out += [mix(INK, PAPER, share) for share in (0.2, 0.4, 0.6, 0.8)]
    return list(dict.fromkeys(out))
