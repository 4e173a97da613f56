"""Reading the fields of a case's JSON state, for every game's codec: each reader answers
the value typed, or a CaseError naming what is wrong with it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.batch.case import CaseError
from judge.engine.board import Map


def power_of(word: Any, board: Map, *, kind: str = "power", where: str = "") -> str:
    """The power ``word`` names on ``board`` (any spelling a player may use); the
    refusal says ``unknown <kind> 'WORD'``, then ``where`` (`` in holdings of X``)."""
    name = board.power_named(word) if isinstance(word, str) else None
    if name is None:
        raise CaseError(f"unknown {kind} {word!r}{where}")
    return name


def whole(value: Any, what: str) -> int:
    """A whole number, 0 or more (never ``true`` or ``false``)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise CaseError(f"{what} must be a whole number, 0 or more")
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
        raise CaseError(f"{owner}{' ' if owner else ''}{key!r} must be a JSON array")
    return value


def json_object(given: Mapping[str, Any], key: str, owner: str = "") -> Mapping[str, Any]:
    """``given[key]``, a JSON object (``{}`` when absent or null)."""
    value = given.get(key)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise CaseError(f"{owner}{' ' if owner else ''}{key!r} must be a JSON object")
    return value

