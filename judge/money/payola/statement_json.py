"""A Payola :class:`Statement` as JSON and back: kept with a phase for the books
(judge.games.payola.mail.chartbook) and carried in a batch runner's result (Exchange's movement
phases) for the mail service, which renders it with the Payola templates."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.money.payola.statements import BribeLine, Statement, UnitLine


def statement_json(s: Statement) -> dict[str, Any]:
    """Plain JSON data: what ``dataclasses.asdict`` makes of the statement (a test keeps
    them equal), written out, because asdict copies every value through a deep recursion
    and a heavy phase's statements print a thousand sheet lines."""
    accepted = s.accepted
    return {
        "phase": s.phase, "power": s.power, "units": _unit_lines(s.units),
        "bribe_profit": s.bribe_profit, "offered": s.offered,
        "accepted": None if accepted is None else tuple(
            {"amount": b.amount, "unit": b.unit, "order": b.order, "nationality": b.nationality}
            for b in accepted),
        "sheet": None if s.sheet is None else tuple(s.sheet),
        "previous_balance": s.previous_balance, "rounds": s.rounds, "cost": s.cost,
        "balance": s.balance, "played_by": s.played_by,
        "vassal_units": _unit_lines(s.vassal_units),
    }


def _unit_lines(lines: tuple[UnitLine, ...]) -> tuple[dict[str, Any], ...]:
    return tuple({"unit": u.unit, "order": u.order, "total": u.total,
                  "bought_by_others": u.bought_by_others} for u in lines)


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
