"""A Payola :class:`Statement` as JSON and back: kept with a phase for the books
(judge.service.chartbook) and carried in a batch runner's result (Exchange's movement
phases) for the mail service, which renders it with the Payola templates."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from judge.money.statements import BribeLine, Statement, UnitLine


def statement_json(s: Statement) -> dict[str, Any]:
    """Plain JSON data (tuples become lists)."""
    return asdict(s)


def statement_of(data: Mapping[str, Any]) -> Statement:
    """The :class:`Statement` :func:`statement_json` wrote."""
    def lines(rows: Any) -> tuple[UnitLine, ...]:
        return tuple(UnitLine(**row) for row in rows or ())

    accepted = data.get("accepted")
    sheet = data.get("sheet")
    return Statement(**{
        **data, "units": lines(data["units"]), "vassal_units": lines(data.get("vassal_units")),
        "accepted": None if accepted is None else tuple(BribeLine(**b) for b in accepted),
        "sheet": None if sheet is None else tuple(sheet),
    })
