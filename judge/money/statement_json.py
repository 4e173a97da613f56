"""A Payola :class:`Statement` as JSON and back, for a batch runner's result (Exchange's
movement phases) and the mail service that renders it with the Payola templates."""

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
    def units(rows: Any) -> tuple[UnitLine, ...]:
        return tuple(UnitLine(**row) for row in rows or ())

    accepted = data.get("accepted")
    sheet = data.get("sheet")
    return Statement(
        phase=data["phase"], power=data["power"], units=units(data.get("units")),
        bribe_profit=data.get("bribe_profit"), offered=bool(data.get("offered")),
        accepted=None if accepted is None else tuple(BribeLine(**b) for b in accepted),
        sheet=None if sheet is None else tuple(sheet),
        previous_balance=data.get("previous_balance"), rounds=data.get("rounds"),
        cost=data.get("cost"), balance=data["balance"], played_by=data.get("played_by"),
        vassal_units=units(data.get("vassal_units")),
    )
