"""``state.bourse`` of a case (market-contract.md section 5) to and from the Bourse's
typed state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.batch.case import CaseError
from judge.engine.board import Map
from judge.games import BOURSE
from judge.money.bourse.params import BourseParams
from judge.money.bourse.scoring import net_worth
from judge.money.bourse.state import Bourse, Member


def read_bourse(given: Any, board: Map, params: BourseParams) -> Bourse:
    """The Bourse a case's ``state.bourse`` describes. A missing key is empty, a missing
    holding 0, a missing rate ``START_RATE`` (0 when eliminated); ``net_worth`` is
    ignored (it is recomputed in every result)."""
    if not isinstance(given, Mapping):
        raise CaseError("state 'bourse' must be a JSON object")
    eliminated = frozenset(_power(p, board, "eliminated") for p in _list(given, "eliminated"))
    rates: dict[str, int] = {}
    for name, rate in _map(given, "rates").items():
        power = _power(name, board, "rates")
        rates[power] = _count(rate, f"the rate of {power}")
    for power in board.powers:
        if power in eliminated:
            rates[power] = 0
        elif rates.setdefault(power, params.start_rate) < 1:
            raise CaseError(f"the rate of {power} must be at least 1 cent: it is not "
                            "eliminated")
    members: dict[str, Member] = {}
    for name, player in _map(given, "players").items():
        member = _member(name, player, board)
        if member.pseudonym in members:
            raise CaseError(f"two players are named {member.pseudonym}")
        members[member.pseudonym] = member
    return Bourse(board.powers, rates, members, eliminated)


def bourse_json(bourse: Bourse) -> dict[str, Any]:
    """The result's ``state.bourse``: every player with every power's holding and his net
    worth at the rates shown, every rate, the eliminated powers."""
    return {
        "players": {
            name: {
                "cash": m.cash,
                "holdings": {p: m.holding(p) for p in bourse.powers},
                "turns_played": m.turns_played,
                "net_worth": net_worth(m, bourse),
            }
            for name, m in sorted(bourse.members.items())
        },
        "rates": {p: bourse.rate(p) for p in bourse.powers},
        "eliminated": sorted(bourse.eliminated),
    }


def _member(name: Any, player: Any, board: Map) -> Member:
    if not isinstance(name, str) or not name.strip():
        raise CaseError("a Bourse player needs a pseudonym")
    pseudonym = name.strip().upper()
    if not isinstance(player, Mapping):
        raise CaseError(f"Bourse player {pseudonym} must be a JSON object")
    holdings = dict.fromkeys(board.powers, 0)
    for power, units in _map(player, "holdings").items():
        p = _power(power, board, f"holdings of {pseudonym}")
        holdings[p] = _count(units, f"{pseudonym}'s holding of {p}")
    return Member(pseudonym, holdings, _count(player.get("cash", 0), f"{pseudonym}'s cash"),
                  _count(player.get("turns_played", 0), f"{pseudonym}'s turns_played"))


def _power(name: Any, board: Map, where: str) -> str:
    power = board.power_named(name) if isinstance(name, str) else None
    if power is None:
        raise CaseError(f"unknown power {name!r} in {where}")
    return power


def _count(value: Any, what: str) -> int:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CaseError(f"{what} must be a whole number, 0 or more")
    return value


def _map(given: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = given.get(key) or {}
    if not isinstance(value, Mapping):
        raise CaseError(f"{BOURSE.name} {key!r} must be a JSON object")
    return value


def _list(given: Mapping[str, Any], key: str) -> list[Any]:
    value = given.get(key) or []
    if not isinstance(value, list):
        raise CaseError(f"{BOURSE.name} {key!r} must be a JSON array")
    return value
