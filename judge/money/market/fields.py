"""Reading the fields of a case's JSON state, for every game's codec: each reader answers
the value typed, or a StateError naming what is wrong with it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from judge.engine.board import Map
from judge.engine.state import StateError


def power_of(word: Any, board: Map, *, kind: str = "power", where: str = "") -> str:
    """The power ``word`` names on ``board`` (any spelling a player may use); the
    refusal says ``unknown <kind> 'WORD'``, then ``where`` (`` in holdings of X``)."""
    name = board.power_named(word) if isinstance(word, str) else None
    if name is None:
        raise StateError(f"unknown {kind} {word!r}{where}")
    return name


def whole(value: Any, what: str) -> int:
    """A whole number, 0 or more (never ``true`` or ``false``)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise StateError(f"{what} must be a whole number, 0 or more")
    return value


def optional_whole(value: Any, what: str) -> int | None:
    """A whole number, or None for ``null``."""
    return None if value is None else whole(value, what)


def json_array(given: Mapping[str, Any], key: str, owner: str = "") -> list[Any]:
    """``given[key]``, a JSON array (``[]`` when absent or null); ``owner`` starts the
    refusal (``state``, ``bourse``)."""
    value = given.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise StateError(f"{owner}{' ' if owner else ''}{key!r} must be a JSON array")
    return value


def json_object(given: Mapping[str, Any], key: str, owner: str = "") -> Mapping[str, Any]:
    """``given[key]``, a JSON object (``{}`` when absent or null)."""
    value = given.get(key)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise StateError(f"{owner}{' ' if owner else ''}{key!r} must be a JSON object")
    return value




def holdings(given: Mapping[Any, Any], board: Map, owner: str, noun: str = "holding", *,
             kind: str = "power", where: str = "", null: int | None = None) -> dict[str, int]:
    """Units (or shares) ``owner`` holds per power, in the order given: each key a power as
    players name it (two spellings of one power add up), each value a whole number
    (refused as ``<owner>'s <noun> of <POWER>``); ``null``, when given, stands for a
    JSON null; ``kind`` and ``where`` word the refusal of a key that is no power."""
    out: dict[str, int] = {}
    for word, units in given.items():
        power = power_of(word, board, kind=kind, where=where)
        what = f"{owner}'s {noun} of {power}"
        count = null if units is None and null is not None else whole(units, what)
        out[power] = out.get(power, 0) + count
    return out


def records(given: Any, what: str, thing: str,
            name: Callable[[Any], str]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """The entries of the JSON object ``what`` (``state 'players'``), each key read by
    ``name`` (which refuses a bad one), each value a JSON object (refused as ``<thing>
    <NAME> must be a JSON object``)."""
    if not isinstance(given, Mapping):
        raise StateError(f"{what} must be a JSON object")
    for key, value in given.items():
        read = name(key)
        if not isinstance(value, Mapping):
            raise StateError(f"{thing} {read} must be a JSON object")
        yield read, value
