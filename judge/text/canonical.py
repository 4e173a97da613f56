"""A shortcut for order lines already in the judge's canonical form, the form the engine
prints (``A PAR - BUR``, ``F NTH C A LON - BEL``, ``A ROM - TUN VIA CONVOY``,
``F STP/SC H``, ``BUILD A PAR``, ``WAIVE``), which most lines of a batch run are.

It makes the very spelled order the grammar (``grammar/orders.lark``) makes of such a
line, without Lark, and answers None for anything else, which then goes to the grammar.
A property test checks it against the grammar on generated lines and on every line of
the test corpora (``tests/text/test_canonical.py``).
"""

from __future__ import annotations

from collections.abc import Set

from judge.engine.board import UnitType
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Remove,
    SupportHold,
    SupportMove,
    Waive,
)
from judge.text.spelled import Place, Spelled, SpelledUnit

_TYPES = {"A": UnitType.ARMY, "F": UnitType.FLEET}
_COASTS = frozenset({"NC", "SC", "EC", "WC"})
# The grammars' keywords: a province abbreviation spelled like one is left to the grammar.
KEYWORDS = frozenset({
    "A", "ARMY", "F", "FLEET", "NC", "SC", "EC", "WC", "NORTH", "SOUTH", "EAST", "WEST",
    "COAST", "N", "S", "E", "W", "H", "HOLD", "HOLDS", "STAND", "STANDS", "M", "MOVE",
    "MOVES", "TO", "RETREAT", "RETREATS", "VIA", "BY", "SUP", "SUPP", "SUPPORT", "SUPPORTS",
    "C", "CONVOY", "CONVOYS", "T", "TRANSPORT", "TRANSPORTS", "D", "DISBAND", "DISBANDS",
    "B", "BUILD", "BUILDS", "PLUS", "R", "REMOVE", "REMOVES", "WAIVE", "WAIVES",
})
_EMPTY: tuple[Place, ...] = ()
# The named tuples are made with tuple.__new__, every field given: a named tuple's own
# __new__ is a Python function, and a line read for the first time makes several.
_new = tuple.__new__


def plain_abbreviations(abbreviations: Set[str]) -> frozenset[str]:
    """The abbreviations the shortcut may read: one plain word each, and no keyword."""
    return frozenset(a for a in abbreviations
                     if a.isalnum() and a.isascii() and a.isupper() and a not in KEYWORDS)


def spell_canonical(line: str, provinces: Set[str]) -> Spelled | None:
    """The spelled order of a canonical ``line`` (normalised: upper case, single spaces)
    whose provinces are all in ``provinces`` (see plain_abbreviations), or None."""
    words = line.split(" ")
    n = len(words)
    first = words[0]
    if n == 1:
        return _new(Spelled, (Waive, (), _EMPTY, False)) if first == "WAIVE" else None
    if first == "BUILD" or first == "REMOVE":
        unit = _unit(words, 1, 8 if first == "REMOVE" else 7, provinces) if n == 3 else None
        return None if unit is None else _new(
            Spelled, (Build if first == "BUILD" else Remove, (unit,), _EMPTY, False))
    unit = _unit(words, 0, 1, provinces)
    if unit is None or n < 3:
        return None
    verb = words[2]
    at = len(first) + len(words[1]) + len(verb) + 4  # the column of the fourth word
    if n == 3:
        if verb == "H":
            return _new(Spelled, (Hold, (unit,), _EMPTY, False))
        if verb == "D":
            return _new(Spelled, (Disband, (unit,), _EMPTY, False))
        return None
    if verb == "-":
        if n == 4:
            via = False
        elif n == 6 and words[4] == "VIA" and words[5] == "CONVOY":
            via = True
        else:
            return None
        dest = _place(words[3], at, provinces)
        return None if dest is None else _new(Spelled, (Move, (unit,), (dest,), via))
    if verb != "S" and verb != "C":
        return None
    other = _unit(words, 3, at, provinces)
    if other is None:
        return None
    if n == 5:
        return _new(Spelled, (SupportHold, (unit, other), _EMPTY, False)) if verb == "S" else None
    if n != 7 or words[5] != "-":
        return None
    dest = _place(words[6], at + len(words[3]) + len(words[4]) + 4, provinces)
    if dest is None:
        return None
    return _new(Spelled, (SupportMove if verb == "S" else Convoy, (unit, other), (dest,), False))


def _unit(words: list[str], i: int, column: int, provinces: Set[str]) -> SpelledUnit | None:
    """The unit spelled by ``words[i]`` (A or F) and ``words[i + 1]``, which starts at
    ``column`` (the type's column)."""
    kind = _TYPES.get(words[i])
    if kind is None or i + 1 >= len(words):
        return None
    place = _place(words[i + 1], column + 2, provinces)
    return None if place is None else _new(SpelledUnit, (kind, place))


def _place(word: str, column: int, provinces: Set[str]) -> Place | None:
    """``PAR`` or ``STP/NC`` starting at ``column``."""
    name, slash, coast = word.partition("/")
    if name not in provinces:
        return None
    if not slash:
        return _new(Place, (name, column, None, "", 0))
    if coast not in _COASTS:
        return None
    return _new(Place, (name, column, coast, coast, column + len(name) + 1))
