"""Builders for Bourse cases of ``judge adjudicate`` (loaded with runpy by the tests)."""

from __future__ import annotations

from typing import Any

from judge.batch import run_case
from judge.engine.maps import load_map

BOARD = load_map("standard")
POWERS = BOARD.powers
CURRENCY = {"CROWNS": "AUSTRIA", "POUNDS": "ENGLAND", "FRANCS": "FRANCE", "MARKS": "GERMANY",
            "LIRA": "ITALY", "ROUBLES": "RUSSIA", "PIASTRES": "TURKEY"}


def units_of(**by_currency: int) -> dict[str, int]:
    """Every power at 1000 units, with some currencies set (``LIRA=300``)."""
    out = dict.fromkeys(POWERS, 1000)
    for name, units in by_currency.items():
        out[CURRENCY[name]] = units
    return out


def player(cash: int = 0, turns: int = 1, holdings: dict[str, int] | None = None,
           **by_currency: int) -> dict[str, Any]:
    return {"cash": cash, "turns_played": turns, "net_worth": 0,
            "holdings": holdings if holdings is not None else units_of(**by_currency)}


def rates_of(**by_currency: int) -> dict[str, int]:
    out = dict.fromkeys(POWERS, 100)
    for name, cents in by_currency.items():
        out[CURRENCY[name]] = cents
    return out


def mail(sender: str, *lines: str) -> dict[str, Any]:
    return {"from": sender, "to": "bourse", "lines": list(lines)}


def home_centers() -> dict[str, list[str]]:
    return {p: sorted(h) for p, h in BOARD.homes.items()}


def starting_units() -> dict[str, list[str]]:
    return {p: list(u) for p, u in BOARD.starting_units.items()}


def case(players: dict[str, Any], *mails: dict[str, Any], phase: str = "S1901M",
         rates: dict[str, int] | None = None, eliminated: list[str] | None = None,
         params: dict[str, Any] | None = None, units: dict[str, list[str]] | None = None,
         centers: dict[str, list[str]] | None = None, host_end: str | None = None,
         orders: dict[str, list[str]] | None = None, case_id: str = "b") -> dict[str, Any]:
    """A standard-host case at ``phase`` (home centres and starting units unless given)."""
    out: dict[str, Any] = {
        "id": case_id, "variant": "standard", "game": "standard", "rules": [],
        "params": params or {}, "seed": 0,
        "state": {"phase": phase,
                  "units": starting_units() if units is None else units,
                  "centers": home_centers() if centers is None else centers,
                  "dislodged": {}, "contested": [],
                  "bourse": {"players": players, "rates": rates or rates_of(),
                             "eliminated": eliminated or []}},
        "orders": orders or {},
        "mails": list(mails),
    }
    if host_end is not None:
        out["host_end"] = host_end
    return out


def play(given: dict[str, Any]) -> dict[str, Any]:
    """The result of a case that must be playable."""
    result = run_case(given)
    assert "error" not in result, result.get("error")
    return result


def holding(result: dict[str, Any], name: str, currency: str) -> int:
    return result["state"]["bourse"]["players"][name]["holdings"][CURRENCY[currency]]


def rate(result: dict[str, Any], currency: str) -> int:
    return result["state"]["bourse"]["rates"][CURRENCY[currency]]


def of(result: dict[str, Any], name: str) -> dict[str, Any]:
    return result["state"]["bourse"]["players"][name]
