"""Case builders for the Capitalist tests (loaded with runpy: tests are not a package)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judge.batch import run_case

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
NINE = ("MIDAS", "CROESUS", "PLUTUS", "MAMMON", "FUGGER", "MEDICI", "SCROOGE", "GEKKO",
        "RICHIE")
HOMES = {
    "AUSTRIA": ["VIE", "BUD", "TRI"], "ENGLAND": ["LON", "EDI", "LVP"],
    "FRANCE": ["BRE", "PAR", "MAR"], "GERMANY": ["KIE", "BER", "MUN"],
    "ITALY": ["NAP", "ROM", "VEN"], "RUSSIA": ["STP", "MOS", "WAR", "SEV"],
    "TURKEY": ["ANK", "CON", "SMY"],
}
START = {
    "AUSTRIA": ["A VIE", "A BUD", "F TRI"], "ENGLAND": ["F LON", "F EDI", "A LVP"],
    "FRANCE": ["F BRE", "A PAR", "A MAR"], "GERMANY": ["F KIE", "A BER", "A MUN"],
    "ITALY": ["F NAP", "A ROM", "A VEN"], "RUSSIA": ["F STP/SC", "A MOS", "A WAR", "F SEV"],
    "TURKEY": ["F ANK", "A CON", "A SMY"],
}
CURRENCY = {"AUSTRIA": "KRONEN", "ENGLAND": "POUND", "FRANCE": "FRANC", "GERMANY": "MARK",
            "ITALY": "LIRA", "RUSSIA": "RUBEL", "TURKEY": "PIASTER"}


def account(sfr: int = 0, each: int = 1000, **holdings: int) -> dict[str, Any]:
    """A player's account: ``each`` units of every currency, overridden by power."""
    held = {p: each for p in POWERS}
    held.update(holdings)
    return {"sfr": sfr, "holdings": held}


def accounts(names: Iterable[str] = NINE, **special: dict[str, Any]) -> dict[str, Any]:
    """Every named player at the start (1000 of each, 0 SFr), some given accounts."""
    out = {n: account() for n in names}
    out.update(special)
    return out


def case(phase: str, players: Mapping[str, Any] | None = None,
         mails: Iterable[Mapping[str, Any]] = (), *,
         units: Mapping[str, list[str]] | None = None,
         centers: Mapping[str, list[str]] | None = None,
         rates: Mapping[str, int] | None = None, annihilated: Iterable[str] = (),
         centers_last: Mapping[str, int] | None = None,
         commanders: Mapping[str, str] | None = None,
         dislodged: Mapping[str, Any] | None = None, contested: Iterable[str] = (),
         params: Mapping[str, Any] | None = None, seed: int = 5,
         case_id: str = "c") -> dict[str, Any]:
    """A whole case with every state key present; unnamed values are the start's."""
    all_rates = {p: 100 for p in POWERS}
    all_rates.update(rates or {})
    last = {p: len(HOMES[p]) for p in POWERS}
    last.update(centers_last or {})
    return {
        "id": case_id, "variant": "standard", "game": "capitalist", "rules": [],
        "params": dict(params or {}), "seed": seed,
        "state": {
            "phase": phase,
            "units": dict(START if units is None else units),
            "centers": dict(HOMES if centers is None else centers),
            "dislodged": dict(dislodged or {}), "contested": list(contested),
            "players": dict(accounts() if players is None else players),
            "rates": all_rates, "annihilated": list(annihilated), "centers_last": last,
            "commanders": dict(commanders or {}),
        },
        "mails": [dict(m) for m in mails],
    }


def mail(sender: str, *lines: str, power: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"from": sender, "lines": list(lines)}
    if power is not None:
        out["as"] = power
    return out


def play(given: Mapping[str, Any]) -> dict[str, Any]:
    """The result of a case; fails the test on a whole-case error."""
    result = run_case(dict(given))
    assert "error" not in result, result.get("error")
    return result


def refused(result: Mapping[str, Any]) -> set[tuple[str, str]]:
    """The refused (sender key, line) pairs, as the contract compares them."""
    out = set()
    for key, texts in result["errors"].items():
        for text in texts:
            out.add((key, text))
    return out


def holdings(result: Mapping[str, Any], name: str) -> dict[str, int]:
    return result["state"]["players"][name]["holdings"]


def follow(result: Mapping[str, Any], mails: Iterable[Mapping[str, Any]] = (),
           seed: int = 5, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The next case: the result's state fed back, with new mail."""
    return {"id": "next", "variant": "standard", "game": "capitalist", "rules": [],
            "params": dict(params or {}), "seed": seed, "state": result["state"],
            "mails": [dict(m) for m in mails]}
