"""The common envelope of the market games' cases (market-contract.md, section 1).

A market case carries the mail the judge read during one phase instead of orders:
``mails`` is a list of ``{"from", "as"?, "to"?, "lines"}``. This module reads that list,
names powers as players may (full name, three-letter abbreviation, initial), and reads
the ``seed`` and ``params`` every market game shares; the refused lines are keyed by
their mail's sender (``FROM`` or ``FROM/POWER``) by judge.money.market.reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.batch.case import CaseError, field
from judge.engine.board import Map
from judge.money.market.reading import Mail

__all__ = ["Mail", "params_of", "read_mails", "seed_of"]


def read_mails(case: Mapping[str, Any], board: Map) -> list[Mail]:
    """The case's ``mails`` in order (``[]`` when absent); CaseError for a malformed one."""
    out: list[Mail] = []
    for i, given in enumerate(field(case, "mails", list, default=[])):
        if not isinstance(given, Mapping):
            raise CaseError(f"mail {i + 1} must be a JSON object")
        sender = given.get("from")
        if not isinstance(sender, str) or not sender.strip():
            raise CaseError(f"mail {i + 1} needs 'from', a non-empty string")
        lines = given.get("lines")
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
            raise CaseError(f"the lines of mail {i + 1} must be a list of strings")
        power = None
        if given.get("as") is not None:
            named = given["as"]
            power = board.power_named(named) if isinstance(named, str) else None
            if power is None:
                raise CaseError(f"mail {i + 1} is sent as {named!r}, which is no power")
        to = given.get("to")
        if to is not None and not isinstance(to, str):
            raise CaseError(f"'to' of mail {i + 1} must be a string")
        out.append(Mail(sender, tuple(lines), power, to.lower() if to else None))
    return out


def seed_of(case: Mapping[str, Any]) -> int:
    """The case's ``seed`` (0 when absent)."""
    seed = case.get("seed", 0)
    if seed is None:
        return 0
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CaseError("'seed' must be an integer")
    return seed


def params_of(case: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The GM parameters: ``defaults`` overridden by the case's ``params``, each of the
    default's JSON type (``None`` defaults take an integer or null); CaseError names an
    unknown parameter or a value of the wrong type."""
    given = field(case, "params", dict, default={})
    out = dict(defaults)
    for name, value in given.items():
        key = str(name).upper()
        if key not in defaults:
            raise CaseError(f"unknown parameter {name!r} (known: {', '.join(sorted(defaults))})")
        default = defaults[key]
        if not _same_kind(default, value):
            raise CaseError(f"parameter {key} must be {_kind_name(default)}, not {value!r}")
        out[key] = value
    return out


def _same_kind(default: Any, value: Any) -> bool:
    if default is None:
        return value is None or (isinstance(value, int) and not isinstance(value, bool))
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, type(default))


def _kind_name(default: Any) -> str:
    if isinstance(default, bool):
        return "true or false"
    if default is None or isinstance(default, int):
        return "a whole number" + (" or null" if default is None else "")
    return "a string"
