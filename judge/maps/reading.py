"""An order's canonical text (``A PAR - BUR``, ``F ENG C A LON - BEL``, ``BUILD F
STP/NC``), read as far as a map draws it: what kind of order, which unit, where to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Drawn:
    """``kind``: hold, move, support, convoy, disband, build, remove, waive or other.
    ``target`` is the unit a support or convoy names; ``dest`` where the move, supported
    move or convoyed army goes (None: a support to hold)."""

    kind: str
    unit: str
    target: str | None = None
    dest: str | None = None


def _unit(words: list[str], at: int) -> str | None:
    if at + 1 < len(words) and words[at] in ("A", "F"):
        return f"{words[at]} {words[at + 1]}"
    return None


def read_order(unit: str, text: str) -> Drawn:
    """The order ``text`` given for ``unit`` (the text may or may not repeat the unit)."""
    words = text.upper().replace("-", " - ").split()
    if not words:
        return Drawn("hold", unit)
    if words[0] in ("BUILD", "REMOVE"):
        named = _unit(words, 1) or unit
        return Drawn("build" if words[0] == "BUILD" else "remove", named)
    if words[0] == "WAIVE":
        return Drawn("waive", unit)
    if _unit(words, 0) is not None:
        words = words[2:]
    if not words or words[0] in ("H", "HOLD", "HOLDS"):
        return Drawn("hold", unit)
    if words[0] in ("D", "DISBAND", "DISBANDS"):
        return Drawn("disband", unit)
    if words[0] in ("-", "R", "RETREAT", "MOVE", "MOVES"):
        path = [w for w in words[1:] if w not in ("-", "VIA", "CONVOY", "BY")]
        return Drawn("move", unit, dest=path[-1]) if path else Drawn("other", unit)
    if words[0] in ("S", "SUPPORT", "SUPPORTS", "C", "CONVOY", "CONVOYS"):
        kind = "support" if words[0].startswith("S") else "convoy"
        target = _unit(words, 1)
        if target is None:
            return Drawn("other", unit)
        rest = [w for w in words[3:] if w not in ("-", "VIA", "CONVOY")]
        return Drawn(kind, unit, target, rest[-1] if rest else None)
    return Drawn("other", unit)


def unit_of(text: str) -> str | None:
    """The unit an order's text is for (``BUILD F STP/NC``: ``F STP/NC``; ``WAIVE``:
    None)."""
    words = text.upper().split()
    if words and words[0] in ("BUILD", "REMOVE"):
        words = words[1:]
    return _unit(words, 0)


def orders_by_unit(given: Mapping[str, Any]) -> dict[str, str]:
    """Orders as a runner's result gives them, keyed by unit: ``{unit: text}`` as is;
    ``{power: [texts]}`` and ``{power: {unit: text}}`` read through."""
    out: dict[str, str] = {}
    for key, value in given.items():
        if isinstance(value, str):
            if unit_of(key) == key.upper():
                out[key] = value
        elif isinstance(value, Mapping):
            out.update(orders_by_unit(value))
        elif isinstance(value, list):
            for text in value:
                unit = unit_of(str(text))
                if unit is not None:
                    out[unit] = str(text)
    return out
