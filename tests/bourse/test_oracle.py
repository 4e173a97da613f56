"""An independent model of one Bourse turn, written from bourse.md sections 3-5 alone
(not from the engine), compared with ``judge adjudicate``'s ``run_case`` on random
members, rates, eliminations, parameters and mails."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import judge.engine.movement  # noqa: F401 - raises the recursion limit on import, not mid-test
from judge.batch import run_case

C = runpy.run_path(str(Path(__file__).with_name("cases.py")))
case, mail, POWERS = C["case"], C["mail"], C["POWERS"]
NAMES = ["ARGENT", "BULLION", "CROWN"]
STRANGERS = ["s1@example.com", "s2@example.com"]

# D29, D33: every accepted word for each power's currency
WORDS = {
    "AUSTRIA": ["CROWN", "CROWNS", "AUSTRIA", "AUS", "A"],
    "ENGLAND": ["POUND", "POUNDS", "ENGLAND", "ENG", "E"],
    "FRANCE": ["FRANC", "FRANCS", "FRANCE", "FRA", "F"],
    "GERMANY": ["MARK", "MARKS", "GERMANY", "GER", "G"],
    "ITALY": ["LIRA", "LIRE", "LIRAS", "ITALY", "ITA", "I"],
    "RUSSIA": ["ROUBLE", "ROUBLES", "RUBLE", "RUBLES", "RUSSIA", "RUS", "R"],
    "TURKEY": ["PIASTRE", "PIASTRES", "PIASTER", "PIASTERS", "TURKEY", "TUR", "T"],
}
POWER_OF = {w: p for p, ws in WORDS.items() for w in ws}


def _model(players: dict[str, Any], rates: dict[str, int], eliminated: list[str],
           params: dict[str, Any], mails: list[dict[str, Any]], turn_open: bool,
           ) -> tuple[dict[str, Any], dict[str, int], set[tuple[str, str]]]:
    """Players after the turn, the new rates, the refused (sender, line) pairs."""
    surplus = params.get("CASH_SURPLUS", False)
    limit, step = params.get("SELL_LIMIT", 500), params.get("STEP_UNITS", 100)
    floor, units0 = params.get("MIN_RATE", 1), params.get("START_UNITS", 1000)
    members = {n: {"cash": p["cash"], "turns": p["turns_played"],
                   "hold": dict(p["holdings"])} for n, p in players.items()}
    alias: dict[str, str] = {}
    sets: dict[str, list[tuple[str, str, int]]] = {}
    refused: set[tuple[str, str]] = set()
    for m in mails:
        sender = m["from"]
        who = alias.get(sender, sender if sender in members else None)
        built: list[tuple[str, str, int]] = []
        accepted = False
        for line in m["lines"]:
            words = line.upper().split()
            if words[:2] == ["JOIN", "BOURSE"]:
                name = " ".join(words[2:])
                if who is not None or not re.fullmatch(r"[A-Z0-9_]{1,20}", name) \
                        or name in members:
                    refused.add((sender, line))
                else:
                    members[name] = {"cash": 0, "turns": 0, "hold": {
                        p: 0 if p in eliminated else units0 for p in POWERS}}
                    alias[sender] = who = name
                continue
            if who is None or not turn_open:
                refused.add((sender, line))
                continue
            if words == ["NOTRADE"]:
                built, accepted = [], True
                continue
            side, n, power = words[0], int(words[1]), POWER_OF.get(words[2])
            sold = sum(k for s, p, k in built if s == "SELL" and p == power)
            bad = (n < 1 or power is None or power in eliminated
                   or (side == "SELL" and (sold + n > limit
                                           or sold + n > members[who]["hold"][power]))
                   or any(p == power and s != side for s, p, _ in built))
            if bad:
                refused.add((sender, line))
            else:
                built.append((side, power, n))
                accepted = True
        if accepted:
            assert who is not None
            sets[who] = built
    new_rates = dict(rates)
    if turn_open:
        net = dict.fromkeys(POWERS, 0)
        for name, trades in sets.items():
            me = members[name]
            funds = sum(n * rates[p] for s, p, n in trades if s == "SELL")
            funds += me["cash"] if surplus else 0
            for s, p, n in trades:
                if s == "SELL":
                    me["hold"][p] -= n
                    net[p] -= n
                else:
                    got = min(n, funds // rates[p])
                    funds -= got * rates[p]
                    me["hold"][p] += got
                    net[p] += got
            if surplus:
                me["cash"] = funds if me["turns"] > 0 else 0
        for p in POWERS:
            if p not in eliminated:
                moved = abs(net[p]) // step * (1 if net[p] >= 0 else -1)
                new_rates[p] = max(floor, rates[p] + moved)
        for me in members.values():
            me["turns"] += 1
    out = {n: {"cash": me["cash"], "turns_played": me["turns"], "holdings": me["hold"],
               "net_worth": sum(me["hold"][p] * new_rates[p] for p in POWERS) + me["cash"]}
           for n, me in members.items()}
    return out, new_rates, refused


def _word(power: str) -> st.SearchStrategy[str]:
    return st.sampled_from(WORDS[power]).flatmap(
        lambda w: st.sampled_from([w, w.lower(), w.capitalize()]))


trade_lines = st.builds(
    lambda verb, n, w: f"{verb} {n} {w}", st.sampled_from(["SELL", "BUY", "sell", "Buy"]),
    st.integers(1, 150) | st.integers(-2, 650),
    st.sampled_from(POWERS).flatmap(_word) | st.just("DOLLARS"))
lines = st.one_of(
    trade_lines, trade_lines, trade_lines, st.just("NOTRADE"),
    st.sampled_from(["JOIN BOURSE NEWBIE", "JOIN BOURSE argent", "JOIN BOURSE x-y",
                     "join bourse Other_2", "JOIN BOURSE"]))
members = st.fixed_dictionaries({
    "cash": st.integers(0, 30000), "turns_played": st.integers(0, 1),
    "holdings": st.fixed_dictionaries({p: st.integers(0, 1200) for p in POWERS})})
senders = st.sampled_from([*NAMES, *NAMES, *STRANGERS])
mail_lists = st.lists(st.builds(lambda who, ls: mail(who, *ls), senders,
                                st.lists(lines, min_size=1, max_size=6)), max_size=6)
params_st = st.fixed_dictionaries({
    "CASH_SURPLUS": st.booleans(), "SELL_LIMIT": st.sampled_from([500, 300]),
    "STEP_UNITS": st.sampled_from([100, 50]), "MIN_RATE": st.sampled_from([1, 3])})


@settings(max_examples=250, deadline=None)
@given(st.dictionaries(st.sampled_from(NAMES), members, max_size=3),
       st.fixed_dictionaries({p: st.integers(3, 250) for p in POWERS}),
       st.lists(st.sampled_from(POWERS), max_size=2, unique=True),
       params_st, mail_lists, st.booleans())
def test_the_engine_agrees_with_a_model_of_the_spec(
        players: dict[str, Any], rates: dict[str, int], eliminated: list[str],
        params: dict[str, Any], sent: list[dict[str, Any]], spring: bool) -> None:
    rates = {p: 0 if p in eliminated else r for p, r in rates.items()}
    for p in players.values():
        p["net_worth"] = 0
        for gone in eliminated:
            p["holdings"][gone] = p["holdings"][gone] // 2
        if not params["CASH_SURPLUS"]:
            p["cash"] = 0
    result = run_case(case(players, *sent, phase="S1902M" if spring else "W1901A",
                           rates=rates, eliminated=eliminated, params=params))
    assert "error" not in result, result["error"]
    want_players, want_rates, want_refused = _model(players, rates, eliminated, params, sent,
                                                    turn_open=spring)
    bourse = result["state"]["bourse"]
    assert bourse["rates"] == want_rates
    assert bourse["players"] == want_players
    assert sorted(bourse["eliminated"]) == sorted(eliminated)
    got_refused = {(k, line.split(": ", 1)[0]) for k, ls in result["errors"].items()
                   for line in ls if k not in POWERS}
    assert got_refused == want_refused


def _board(gone: list[str]) -> dict[str, Any]:
    """Home centres and starting units, without the powers in ``gone`` (their centres
    left unowned, their units off the board): every unit holds, nothing changes hands."""
    return {"centers": {p: cs for p, cs in C["home_centers"]().items() if p not in gone},
            "units": {p: us for p, us in C["starting_units"]().items() if p not in gone}}


@settings(max_examples=120, deadline=None)
@given(st.dictionaries(st.sampled_from(NAMES), members, max_size=3),
       st.fixed_dictionaries({p: st.integers(3, 250) for p in POWERS}),
       st.lists(st.sampled_from(POWERS), max_size=3, unique=True),
       st.integers(0, 3), params_st, st.booleans(), mail_lists,
       st.sampled_from(["S1902M", "F1902M", "W1902A"]),
       st.sampled_from([None, "solo", "draw"]))
def test_turns_eliminations_and_the_end_agree_with_the_model(
        players: dict[str, Any], rates: dict[str, int], without_centers: list[str],
        already: int, params: dict[str, Any], winter: bool, sent: list[dict[str, Any]],
        phase: str, host_end: str | None) -> None:
    # the first ``already`` powers without a centre were eliminated at an earlier Fall
    eliminated = without_centers[:already]
    rates = {p: 0 if p in eliminated else r for p, r in rates.items()}
    for p in players.values():
        p["net_worth"] = 0
        if not params["CASH_SURPLUS"]:
            p["cash"] = 0
    params = {**params, "WINTER_TURNS": winter}
    given_case = case(players, *sent, phase=phase, rates=rates, eliminated=eliminated,
                      params=params, host_end=host_end, **_board(without_centers))
    result = run_case(given_case)
    assert "error" not in result, result["error"]
    open_turn = phase.endswith("M") or winter
    played = host_end != "draw"
    want_players, want_rates, want_refused = _model(
        players, rates, eliminated, params, sent, turn_open=open_turn)
    if not played:  # the open turn is discarded; JOINs and refusals stand
        want_players, _, _ = _model(players, rates, eliminated, params,
                                    [{**m, "lines": [x for x in m["lines"]
                                                     if x.upper().startswith("JOIN")]}
                                     for m in sent], turn_open=False)
        want_rates = rates
    now_eliminated = set(eliminated)
    if played and phase.startswith("F"):
        now_eliminated |= set(without_centers)
        want_rates = {p: 0 if p in now_eliminated else r for p, r in want_rates.items()}
        for me in want_players.values():
            me["net_worth"] = sum(me["holdings"][p] * want_rates[p] for p in POWERS) + me["cash"]
    bourse = result["state"]["bourse"]
    assert bourse["players"] == want_players
    assert bourse["rates"] == want_rates
    assert set(bourse["eliminated"]) == now_eliminated
    got_refused = {(k, line.split(": ", 1)[0]) for k, ls in result["errors"].items()
                   for line in ls if k not in POWERS}
    assert got_refused == want_refused
    if played:
        assert result["state"]["phase"] != phase
    else:
        assert result["state"]["phase"] == phase
    if host_end is None:
        assert result["end"] is None
        return
    centers = {p: len(cs) for p, cs in _board(without_centers)["centers"].items()}
    scores = {n: sum(centers.get(p, 0) * me["holdings"][p] for p in POWERS
                     if p not in now_eliminated) / 100 for n, me in want_players.items()}
    best = max(scores.values(), default=None)
    assert result["end"] == {"kind": host_end, "scores": scores,
                             "winners": sorted(n for n, s in scores.items() if s == best)}
