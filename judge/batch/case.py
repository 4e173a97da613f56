"""What every game's cases share: the whole-case error and reading a case's fields."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.board import Map
from judge.engine.maps import STANDARD_MAP, load_map


class CaseError(ValueError):
    """A line that is not a case the judge can play; the message goes into the result."""


def board_of(case: Mapping[str, Any]) -> Map:
    """The case's map (``variant``, standard when absent)."""
    variant = case.get("variant", STANDARD_MAP)
    if not isinstance(variant, str):
        raise CaseError("variant must be a string")
    try:
        return load_map(variant.lower())
    except KeyError:
        raise CaseError(f"unknown variant {variant!r}") from None


def field(case: Mapping[str, Any], name: str, kind: type, default: Any = None) -> Any:
    """``case[name]``, which must be of ``kind`` (``dict`` or ``list``); ``default`` when
    absent, and a CaseError when absent with no default."""
    value = case.get(name, default)
    if value is None:
        raise CaseError(f"a case needs {name!r}")
    if not isinstance(value, kind):
        raise CaseError(f"{name!r} must be a JSON {'object' if kind is dict else 'array'}")
    return value
