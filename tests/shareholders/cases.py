"""Building 1901-Shareholders batch cases for the tests: a full state with defaults, and a
turn played through judge.batch.run_case."""

from __future__ import annotations

import copy
from typing import Any

from judge.batch import run_case
from judge.engine.maps import load_map

BOARD = load_map("standard")
POWERS = BOARD.powers
HOMES = {p: sorted(BOARD.homes[p]) for p in POWERS}
FOUR = ("ANN", "BEN", "CID", "DOT")


def country(cash: int = 0, office: tuple[str, ...] = (), last_office: tuple[str, ...] = (),
            revenue_last: int = 0, dividend_last: bool = False) -> dict[str, Any]:
    return {"cash": cash, "office": list(office), "last_office": list(last_office),
            "revenue_last": revenue_last, "dividend_last": dividend_last}


def state(phase: str, players: dict[str, Any] | None = None,
          countries: dict[str, dict[str, Any]] | None = None,
          units: dict[str, list[str]] | None = None,
          centers: dict[str, list[str]] | None = None,
          dislodged: dict[str, list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """A whole state: home centres, no units, every country empty, four players with
    $3,150 and no share unless told otherwise."""
    given = {p: country() for p in POWERS}
    given.update(countries or {})
    return {
        "phase": phase,
        "units": {p: list((units or {}).get(p, [])) for p in POWERS},
        "centers": {p: list((centers or HOMES).get(p, [])) for p in POWERS},
        "dislodged": dislodged or {},
        "contested": [],
        "players": players if players is not None
        else {n: {"cash": 3150, "shares": {}} for n in FOUR},
        "countries": given,
    }


def mail(sender: str, *lines: str, as_: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"from": sender, "lines": list(lines)}
    if as_ is not None:
        out["as"] = as_
    return out


def play(given: dict[str, Any], *mails: dict[str, Any], params: dict[str, Any] | None = None,
         case_id: str = "t") -> dict[str, Any]:
    """One turn through the batch interface."""
    case = {"id": case_id, "variant": "standard", "game": "shareholders", "rules": [],
            "params": params or {}, "seed": 0, "state": copy.deepcopy(given),
            "mails": list(mails)}
    return run_case(case)


def start(*names: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    return run_case({"id": "s", "variant": "standard", "game": "shareholders", "rules": [],
                     "params": params or {}, "seed": 0, "start": list(names)})


def refused(result: dict[str, Any]) -> set[tuple[str, str]]:
    """The (sender key, line) pairs refused, as the contract compares them."""
    return {(key, " ".join(entry.split(": ")[0].upper().split()))
            for key, entries in result["errors"].items() for entry in entries}


def cash(result: dict[str, Any], player: str) -> int:
    return result["state"]["players"][player]["cash"]


def shares(result: dict[str, Any], player: str) -> dict[str, int]:
    return result["state"]["players"][player]["shares"]


def ccash(result: dict[str, Any], name: str) -> int:
    return result["state"]["countries"][name]["cash"]


def office(result: dict[str, Any], name: str) -> list[str]:
    return result["state"]["countries"][name]["office"]
