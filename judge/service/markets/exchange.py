"""Exchange Diplomacy by mail (exchange.md): investors, corporations and a stock market.

What each reader is told follows spec section 7: the public report shows per
corporation its status, S, T, price, leader, centre values, units and centres, the
starts (not by whom), IPO sales and floats, elections, open asks without sellers and
the board; the end shows every investor's holdings and portfolio value. An investor's
own letter shows his cash, holdings and refused lines; a leader's adds his
corporations' treasuries; a shareholder gets the annual report (treasury, S, T,
leader, holders' names without quantities) when a Bids phase opens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.batch import run_case
from judge.money.exchange.params import DEFAULTS
from judge.service.markets.kind import Letter, MarketKind, State


def _opening(envelope: Mapping[str, Any], names: Sequence[str]) -> State:
    answer = run_case({**envelope, "start": list(names)})
    if "error" in answer:
        raise ValueError(answer["error"])
    state: State = answer["state"]
    return state


def _acting(state: State, power: str) -> list[str]:
    leader = state.get("corporations", {}).get(power, {}).get("leader")
    return [leader] if leader else []


def _corporations(state: State) -> list[dict[str, Any]]:
    """The public face of every corporation (no treasury: that is for its leader and
    shareholders)."""
    out = []
    for name, c in sorted(state.get("corporations", {}).items()):
        out.append({"name": name, "status": c.get("status"), "S": c.get("S", 0),
                    "T": c.get("T", 0), "price": c.get("price", 0), "leader": c.get("leader"),
                    "sc_values": dict(sorted((c.get("sc_values") or {}).items())),
                    "units": sorted(state.get("units", {}).get(name, [])),
                    "centers": sorted(state.get("centers", {}).get(name, []))})
    return out


def _held(state: State, power: str) -> int:
    return sum(i.get("shares", {}).get(power, 0) for i in state.get("investors", {}).values())


def _letters(before: State, result: Mapping[str, Any]) -> list[Letter]:
    after: State = result["state"]
    phase = str(before.get("phase"))
    b_corp, a_corp = before.get("corporations", {}), after.get("corporations", {})
    started = [p for p, c in sorted(a_corp.items())
               if b_corp.get(p, {}).get("status") == "UNSTARTED" and c.get("status") != "UNSTARTED"]
    floated = [p for p, c in sorted(a_corp.items())
               if b_corp.get(p, {}).get("status") != "FLOATED" and c.get("status") == "FLOATED"]
    sold = {p: _held(after, p) - _held(before, p) for p in sorted(a_corp)
            if phase.endswith("P") and _held(after, p) > _held(before, p)}
    elected = {p: c.get("leader") for p, c in sorted(a_corp.items())
               if c.get("leader") and c.get("leader") != b_corp.get(p, {}).get("leader")}
    end = result.get("end")
    public = {
        "phase": phase, "corporations": _corporations(after), "started": started,
        "floated": floated, "sold": sold, "elected": elected,
        "asks": [f"#{a['id']} {a['corporation']} {a['remaining']} @ {a['price']}"
                 for a in after.get("asks", [])],
        "orders": {p: list(o) for p, o in sorted(result.get("orders", {}).items())},
        "results": dict(sorted(result.get("results", {}).items())),
        "end": end,
        "final": _final(after, end) if end else [],
    }
    letters = [Letter("*", f"Exchange {phase} results", "market/exchange_public.txt.j2",
                      public)]
    errors: Mapping[str, list[str]] = result.get("errors", {})
    for name, investor in sorted(after.get("investors", {}).items()):
        was = before.get("investors", {}).get(name, {})
        led = [p for p, c in sorted(a_corp.items()) if c.get("leader") == name]
        own = {
            "phase": phase, "name": name, "cash_before": was.get("cash", 0),
            "cash": investor.get("cash", 0),
            "shares": dict(sorted(investor.get("shares", {}).items())),
            "refused": [line for key, lines in sorted(errors.items())
                        if key.split("/")[0] == name for line in lines],
            "led": [{"name": p, "treasury_before": b_corp.get(p, {}).get("treasury", 0),
                     "treasury": a_corp[p].get("treasury", 0),
                     "accept": a_corp[p].get("accept")} for p in led],
            "won": [p for p in started if a_corp[p].get("founder") == name],
            "reports": _annual(after, name) if str(after.get("phase")).endswith("B") else [],
        }
        letters.append(Letter(name, f"Exchange {phase}: your statement",
                              "market/exchange_private.txt.j2", own))
    return letters


def _annual(state: State, name: str) -> list[dict[str, Any]]:
    """The annual report of each corporation ``name`` holds shares of (holders' names
    without quantities)."""
    mine = state.get("investors", {}).get(name, {}).get("shares", {})
    out = []
    for power, c in sorted(state.get("corporations", {}).items()):
        if mine.get(power, 0) <= 0:
            continue
        holders = sorted(n for n, i in state.get("investors", {}).items()
                         if i.get("shares", {}).get(power, 0) > 0)
        out.append({"name": power, "treasury": c.get("treasury", 0), "S": c.get("S", 0),
                    "T": c.get("T", 0), "leader": c.get("leader"), "holders": holders})
    return out


def _final(state: State, end: Mapping[str, Any]) -> list[dict[str, Any]]:
    scores = end.get("scores", {})
    return [{"name": n, "shares": dict(sorted(i.get("shares", {}).items())),
             "cash": i.get("cash", 0), "value": scores.get(n)}
            for n, i in sorted(state.get("investors", {}).items())]


def _status(state: State, name: str) -> list[str]:
    investor = state.get("investors", {}).get(name)
    if investor is not None:
        shares = ", ".join(f"{p} {n}" for p, n in sorted(investor.get("shares", {}).items()))
        asks = [f"#{a['id']} {a['corporation']} {a['remaining']} @ {a['price']}"
                for a in state.get("asks", []) if a.get("seller") == name]
        votes = ", ".join(f"{p}: {v}" for p, v in sorted(investor.get("last_vote", {}).items()))
        return [f"  Investor {name}: cash {investor.get('cash', 0)} AgP",
                f"  Shares: {shares or 'none'}",
                f"  Your open asks: {', '.join(asks) or 'none'}",
                f"  Last votes: {votes or 'none'}"]
    corp = state.get("corporations", {}).get(name)
    if corp is None:
        return []
    return [f"  Corporation {name}: {corp.get('status')}, S {corp.get('S')}, "
            f"T {corp.get('T')}, price {corp.get('price')}, treasury {corp.get('treasury')} AgP",
            f"  Leader {corp.get('leader') or 'none'}; acceptance list "
            f"{corp.get('accept') or 'none'}",
            f"  Units: {', '.join(sorted(state.get('units', {}).get(name, []))) or 'none'}",
            f"  Centres: {', '.join(sorted(state.get('centers', {}).get(name, []))) or 'none'}"]


KIND = MarketKind(
    name="exchange", title="Exchange", member="investor", defaults=DEFAULTS,
    players=(2, 30), opening=_opening, acting=_acting, letters=_letters, status=_status,
)
