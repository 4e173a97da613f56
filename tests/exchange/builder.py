"""Exchange cases for the tests: the common setup of exchange.md 9 (ALICE, BOB, CAROL, DAVE,
seed 5, 1000 AgP, MIN_BID 100, FINANCING, standard map), changed per test."""

from __future__ import annotations

from typing import Any

from judge.batch import run_case
from judge.engine.maps import load_map

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
NAMES = ("ALICE", "BOB", "CAROL", "DAVE")
BOARD = load_map("standard")


def corporation(**fields: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"status": "UNSTARTED", "founder": None, "S": 0, "T": 0, "price": 0,
                           "treasury": 0, "leader": None, "accept": None, "sc_values": {},
                           "values_request": None, "pending_issue": None, "bid": None}
    out.update(fields)
    return out


def floated(power: str, **fields: Any) -> dict[str, Any]:
    """A floated corporation with its even-split values unless given."""
    base = {"status": "FLOATED", "accept": power[0] + "?"}
    base.update(fields)
    return corporation(**base)


def homes(*powers: str) -> list[str]:
    return sorted(c for p in powers for c in BOARD.homes[p])


def state(phase: str = "W1900B", investors: dict[str, dict] | None = None,
          corporations: dict[str, dict] | None = None, units: dict | None = None,
          centers: dict | None = None, **extra: Any) -> dict[str, Any]:
    corps = {p: corporation() for p in POWERS}
    corps.update(corporations or {})
    invs = {n: {"cash": 1000, "shares": {}, "last_vote": {}} for n in NAMES}
    for name, fields in (investors or {}).items():
        invs[name] = {"cash": 1000, "shares": {}, "last_vote": {}, **fields}
    not_floated = [p for p in POWERS if corps[p]["status"] != "FLOATED"]
    out = {"phase": phase, "units": units or {}, "centers": centers or {}, "dislodged": {},
           "contested": [], "investors": invs, "corporations": corps, "asks": [],
           "inactive": homes(*not_floated), "bank": 0, "next_ask_id": 1, "draw_votes": {}}
    out.update(extra)
    return out


def case(st: dict[str, Any], mails: list[dict] | None = None, params: dict | None = None,
         rules: list[str] | None = None, seed: int = 5) -> dict[str, Any]:
    return {"id": "t", "variant": "standard", "game": "exchange", "rules": rules or [],
            "params": {"MIN_BID": 100, **(params or {})}, "seed": seed, "state": st,
            "mails": mails or []}


def mail(sender: str, *lines: str, signed_on: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"from": sender, "lines": list(lines)}
    if signed_on:
        out["as"] = signed_on
    return out


def play(st: dict[str, Any], *mails: dict, **kw: Any) -> dict[str, Any]:
    result = run_case(case(st, list(mails), **kw))
    assert "error" not in result, result
    return result


def refused(result: dict[str, Any]) -> set[tuple[str, str]]:
    """The refused (sender, line) pairs, as the contract compares them."""
    return {(k, e) for k, es in result["errors"].items() for e in es}
