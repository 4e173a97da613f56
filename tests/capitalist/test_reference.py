"""A commerce phase against a small reference model written straight from capitalist.md
4.1, 5.2-5.4 and market-contract.md section 1 (hypothesis): the refused lines, every
account, the rates and the commanders must agree."""

from __future__ import annotations

import hashlib
import re
import runpy
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import judge.games.capitalist.batch  # noqa: F401 - imported before hypothesis runs (recursion limit)
from judge.batch import run_case

G = runpy.run_path(str(Path(__file__).with_name("game.py")))
POWERS, NINE = G["POWERS"], G["NINE"]

WORDS = {
    "AUSTRIA": ["KRONEN", "KRONE", "AUSTRIA", "AUS", "A"],
    "ENGLAND": ["POUND", "POUNDS", "ENGLAND", "ENG", "E"],
    "FRANCE": ["FRANC", "FRANCS", "FRANCE", "FRA", "F"],
    "GERMANY": ["MARK", "MARKS", "GERMANY", "GER", "G"],
    "ITALY": ["LIRA", "LIRE", "LIRAS", "ITALY", "ITA", "I"],
    "RUSSIA": ["RUBEL", "RUBELS", "RUBLE", "RUBLES", "RUSSIA", "RUS", "R"],
    "TURKEY": ["PIASTER", "PIASTERS", "TURKEY", "TUR", "T"],
}
NAMED = {w: p for p, ws in WORDS.items() for w in ws}
LINE = re.compile(r"^\s*(SELL|BUY)\s+(-?\d+)\s+([A-Z]+)\s*$", re.IGNORECASE)


def reference(case: dict[str, Any]) -> dict[str, Any]:
    """The phase as the spec tells it, written without the judge's code."""
    state = case["state"]
    dead = set(state["annihilated"])
    rates = {p: 0 if p in dead else state["rates"][p] for p in POWERS}
    players = {n: {"sfr": a["sfr"], "holdings": dict(a["holdings"])}
               for n, a in state["players"].items()}
    refused: set[tuple[str, str]] = set()
    sets: dict[str, list[tuple[str, str, int]]] = {}
    for m in case["mails"]:
        who = m["from"]
        if who not in players:
            refused |= {(who, line) for line in m["lines"]}
            continue
        built: list[tuple[str, str, int]] = []
        accepted = False
        for line in m["lines"]:
            if line.strip().upper() == "NOTRADE":
                built, accepted = [], True
                continue
            found = LINE.match(line)
            if not found:
                refused.add((who, line))
                continue
            side, n, word = found.group(1).upper(), int(found.group(2)), found.group(3).upper()
            power = NAMED.get(word)
            same = [t for t in built if t[1] == power]
            sold = n + sum(t[2] for t in same if t[0] == "SELL")
            if (n < 1 or power is None or power in dead
                    or (side == "SELL" and (sold > 500 or sold > players[who]["holdings"][power]))
                    or any(t[0] != side for t in same)):
                refused.add((who, line))
                continue
            built.append((side, power, n))
            accepted = True
        if accepted:
            sets[who] = built
    bought = dict.fromkeys(POWERS, 0)
    sold_ = dict.fromkeys(POWERS, 0)
    for who, trades in sets.items():
        account = players[who]
        funds = account["sfr"]
        for side, power, n in trades:
            if side == "SELL":
                funds += n * rates[power]
                account["holdings"][power] -= n
                sold_[power] += n
        for side, power, n in trades:
            if side == "BUY":
                got = min(n, funds // rates[power])
                funds -= got * rates[power]
                account["holdings"][power] += got
                bought[power] += got
        account["sfr"] = funds
    new_rates = {}
    for p in POWERS:
        if p in dead:
            new_rates[p] = 0
            continue
        net = bought[p] - sold_[p]
        step = int(net / 100)
        new_rates[p] = max(rates[p] + step, 1)
    commanders = {}
    for p in POWERS:
        if p in dead:
            continue
        most = max(a["holdings"][p] for a in players.values())
        if most == 0:
            continue
        tied = [n for n, a in players.items() if a["holdings"][p] == most]
        context = f"{case['seed']}/{state['phase']}/COMMAND/{p}"
        commanders[p] = min(tied, key=lambda n: hashlib.sha256(
            f"{context}/{n}".encode()).hexdigest())
    return {"refused": refused, "players": players, "rates": new_rates,
            "commanders": commanders}


def _line(side: str, n: int, power: str, pick: int) -> str:
    words = WORDS[power]
    return f"{side} {n} {words[pick % len(words)]}"


lines = st.one_of(
    st.builds(_line, st.sampled_from(["SELL", "BUY", "sell", "Buy"]), st.integers(-2, 700),
              st.sampled_from(POWERS), st.integers(0, 6)),
    st.sampled_from(["NOTRADE", "notrade", "SELL 10 DOLLARS", "HELLO", "BUY MARK",
                     "SELL 5"]),
)


@st.composite
def commerce_cases(draw: st.DrawFn) -> dict[str, Any]:
    dead = draw(st.lists(st.sampled_from(POWERS), max_size=2, unique=True))
    rates = {p: 0 if p in dead else draw(st.integers(1, 250)) for p in POWERS}
    players = {n: {"sfr": draw(st.integers(0, 60_000)), "holdings": {
        p: draw(st.sampled_from([0, 0, 100, 450, 1000, 1000, 1600])) for p in POWERS}}
        for n in NINE}
    mails = draw(st.lists(st.tuples(st.sampled_from(NINE[:5] + ("STRANGER",)),
                                    st.lists(lines, min_size=1, max_size=6)), max_size=10))
    return G["case"](draw(st.sampled_from(["S1902C", "F1905C"])), players,
                     [G["mail"](who, *ls) for who, ls in mails], rates=rates,
                     annihilated=dead, seed=draw(st.integers(0, 10**6)))


@settings(max_examples=80, deadline=None)
@given(commerce_cases())
def test_a_commerce_phase_agrees_with_the_reference(given_case: dict[str, Any]) -> None:
    want = reference(given_case)
    got = run_case(given_case)
    assert "error" not in got, got
    pairs = {(key, text.split(": ", 1)[0]) for key, texts in got["errors"].items()
             for text in texts}
    assert pairs == want["refused"]
    state = got["state"]
    assert state["players"] == want["players"]
    assert state["rates"] == want["rates"]
    assert state["commanders"] == want["commanders"]
