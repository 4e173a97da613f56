"""Exchange's letters of a processed phase (exchange.md 7), and a corporation's ledger.

What each reader is told follows spec section 7, derived from the phase's opening state,
the state after it and the runner's ``events`` (the engine's journal of the phase):

- public: per corporation its status, S, T, price, leader, centre values, units and
  centres; the starts (not by whom nor for how much), the offering terms, IPO sales and
  floats, election winners, the fills (``ask #id: q sold``) and open asks without their
  sellers, the board (orders issued and results; bribe totals only under PUBLIC_TOTALS);
  at the end every investor's holdings and portfolio value;
- an investor: his cash, holdings, bids and their results, purchases (count and cost per
  corporation), fills, transfers made and received (the sender hidden under
  ANON_TRANSFER), his bribes, dividends received, votes that fell back, his refused lines;
  after a movement phase his own account's Payola statement (none under NO_LEDGERS);
- a leader: each corporation's treasury statement (income, IPO proceeds, dividends,
  bribes, transfers received), after a movement phase its Payola statement, and on
  taking office for the first time its whole ledger (from the phase's ``history``); a
  founder: the SETUP reminder and the defaults applied;
- a shareholder: the annual report when a Bids phase opens, the pending issue and its
  result, the election tally (totals per candidate) and the dividend declared.

Nothing else: another investor's cash, bids, purchases, votes and offers, and a
corporation's treasury to anyone who neither holds its shares nor leads it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from judge.games import EXCHANGE
from judge.money.counted import counted
from judge.money.exchange.params import DEFAULTS
from judge.money.payola.statement_json import statement_of
from judge.money.payola.statements import Statement
from judge.service.markets.kind import History, Letter, State
from judge.service.reports.ledgers import StatementView, statement_view

SUBJECT = EXCHANGE.title  # how the letters' subjects name the game

Event = Mapping[str, Any]
PRIVATE = "market/exchange_private.txt.j2"
PUBLIC = "market/exchange_public.txt.j2"


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


def holders(state: State, power: str) -> list[str]:
    return sorted(n for n, i in state.get("investors", {}).items()
                  if i.get("shares", {}).get(power, 0) > 0)


def _of(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.get("event") == kind]


def split(events: Sequence[Event]) -> tuple[list[Event], list[Event]]:
    """The events of the mail read during the phase, and those of its processing."""
    for i, e in enumerate(events):
        if e.get("event") == "processed":
            return list(events[:i]), list(events[i + 1:])
    return list(events), []


def _public(before: State, after: State, result: Mapping[str, Any],
            events: Sequence[Event], rules: Sequence[str]) -> dict[str, Any]:
    phase = str(before.get("phase"))
    b_corp, a_corp = before.get("corporations", {}), after.get("corporations", {})
    started = [e["corporation"] for e in _of(events, "auction")]
    floated = [p for p, c in sorted(a_corp.items())
               if b_corp.get(p, {}).get("status") != "FLOATED" and c.get("status") == "FLOATED"]
    sold: dict[str, int] = {}
    for e in _of(events, "purchase"):
        sold[e["corporation"]] = sold.get(e["corporation"], 0) + e["count"]
    terms = ([{"name": p, "S": c.get("S"), "T": c.get("T"), "price": c.get("price")}
              for p, c in sorted(a_corp.items()) if c.get("status") != "UNSTARTED"]
             if phase.endswith("O") else [])
    elected = {e["corporation"]: e["leader"] for e in _of(events, "elected")}
    totals: dict[str, int] = {}
    if "PUBLIC_TOTALS" in {r.upper() for r in rules}:
        for units in result.get("paid", {}).values():
            for unit, amount in units.items():
                totals[unit] = totals.get(unit, 0) + amount
    end = result.get("end")
    return {
        "phase": phase, "corporations": _corporations(after), "started": started,
        "terms": terms, "floated": floated, "sold": dict(sorted(sold.items())),
        "elected": dict(sorted(elected.items())),
        "fills": [f"ask #{e['id']}: {e['quantity']} sold" for e in _of(events, "fill")],
        "asks": [f"#{a['id']} {a['corporation']} {a['remaining']} @ {a['price']}"
                 for a in after.get("asks", [])],
        "by_power": _by_power(before, after, result.get("orders", {}),
                              result.get("results", {})),
        "totals": dict(sorted(totals.items())),
        "end": end, "final": _final(after, end) if end else [],
        "how": _how(end, events, after) if end else "",
    }


def _how(end: Mapping[str, Any], events: Sequence[Event], after: State) -> str:
    """How the game ended, in words (never the runner's token): whose solo, which
    corporations drew, or the end year with the corporations still holding centres."""
    kind = end.get("kind")
    centres = after.get("centers", {})
    if kind == "solo":
        corp = max(sorted(centres), key=lambda p: len(centres[p]), default="?")
        return f"a solo victory of {corp} ({len(centres.get(corp, []))} centres)"
    if kind == "draw":
        drawn = [e.get("members", []) for e in events if e.get("event") == "draw"]
        members = ", ".join(drawn[-1]) if drawn else "the corporations voted"
        return f"a draw of {members}, agreed by their leaders"
    holding = ", ".join(sorted(p for p, cs in centres.items() if cs)) or "none"
    return (f"the end year was reached; the floated corporations holding centres drew "
            f"({holding})")


def _by_power(before: State, after: State, orders: Mapping[str, str],
              results: Mapping[str, str]) -> list[dict[str, Any]]:
    """The phase's orders and results under the corporation whose unit each is (its units
    as the phase opened, its dislodged units, the units it built): each line the order the
    unit issued (movement) or the unit, and what came of it."""
    owner: dict[str, str] = {}
    for source in (after.get("units", {}), before.get("units", {})):
        owner.update({u: p for p, units in source.items() for u in units})
    owner.update({d["unit"]: p for p, gone in before.get("dislodged", {}).items()
                  for d in gone if isinstance(d, Mapping) and "unit" in d})
    grouped: dict[str, list[str]] = {}
    for unit in sorted(set(orders) | set(results)):
        text = orders.get(unit, unit)
        outcome = results.get(unit)
        grouped.setdefault(owner.get(unit, "?"), []).append(
            f"{text} ({outcome})" if outcome else text)
    return [{"power": p, "lines": lines} for p, lines in sorted(grouped.items())]


_CODE = re.compile(r": E\d{1,2} ")  # the contract's error code before a refusal's reason


def phase_letters(before: State, result: Mapping[str, Any]) -> list[Letter]:
    """The letters of a processed phase: the public results to everyone, and to each
    investor his statement (with his refused lines and his Payola statements)."""
    after: State = result["state"]
    rules: Sequence[str] = result.get("rules", [])
    phase = str(before.get("phase"))
    events: list[Event] = list(result.get("events", []))
    letters = [Letter("*", f"{SUBJECT} {phase} results", PUBLIC,
                      _public(before, after, result, events, rules))]
    errors: Mapping[str, list[str]] = result.get("errors", {})
    anonymous = "ANON_TRANSFER" in {r.upper() for r in rules}
    for name in sorted(after.get("investors", {})):
        own = _private(before, after, result, events, name, anonymous)
        own["refused"] = [_CODE.sub(": ", line) for key, lines in sorted(errors.items())
                          if key.split("/")[0] == name for line in lines]
        own["statements"] = _statements(before, after, result, name)
        letters.append(Letter(name, f"{SUBJECT} {phase}: your statement", PRIVATE, own))
    return letters


def _statements(before: State, after: State, result: Mapping[str, Any],
                name: str) -> list[StatementView]:
    """The Payola statements of a movement phase ``name`` reads (none under NO_LEDGERS):
    his own account's, then each corporation's he led during the phase, laid out as
    Payola's statements are."""
    found: Mapping[str, Any] = result.get("statements") or {}
    given: dict[str, Statement] = {account: statement_of(data)
                                   for account, data in found.items()}
    mine = [given[name]] if name in given else []
    corps = before.get("corporations", {})
    for power in sorted(given):
        led = (corps.get(power, {}).get("leader")
               or after.get("corporations", {}).get(power, {}).get("leader"))
        if power in corps and led == name:
            mine.append(given[power])
    return [statement_view("", s) for s in mine]


def _private(before: State, after: State, result: Mapping[str, Any],
             events: Sequence[Event], name: str, anonymous: bool) -> dict[str, Any]:
    """Everything one investor is told of a phase (spec 7, private)."""
    params: Mapping[str, Any] = {**DEFAULTS, **(result.get("params") or {})}
    was = before.get("investors", {}).get(name, {})
    now = after.get("investors", {}).get(name, {})
    b_corp, a_corp = before.get("corporations", {}), after.get("corporations", {})
    news: list[str] = []
    for e in _of(events, "auction"):
        if name in e["bids"]:
            mine = e["bids"][name]
            news.append(f"Your bid of {mine} AgP for {e['corporation']} won: you paid "
                        f"{e['paid']} AgP and founded it." if e["winner"] == name else
                        f"Your bid of {mine} AgP for {e['corporation']} did not win.")
    news += _money_news(events, name, anonymous)
    for e in _of(events, "purchase"):
        if e["investor"] == name:
            news.append(f"You bought {_shares(e['count'], e['corporation'])} at the "
                        f"offering for {e['cost']} AgP.")
    for e in _of(events, "fallback"):
        if e["investor"] == name:
            news.append(f"Your vote for {e['wanted']} as leader of {e['corporation']} was "
                        f"void ({e['wanted']} holds no shares); it counted for "
                        f"{e['counted']}.")
    for e in _of(events, "dividend"):
        if name in e["paid"]:
            news.append(f"Dividend from {e['corporation']}: {e['paid'][name]} AgP "
                        f"({e['per_share']} AgP a share).")
    bribes = result.get("paid", {}).get(name, {})
    if bribes:
        news.append("Your bribes paid: " + ", ".join(
            f"{u} {n}" for u, n in sorted(bribes.items())) + f" ({sum(bribes.values())} AgP).")
    founder = [_setup_news(e) for e in _of(events, "setup") if e["founder"] == name]
    for p, c in sorted(a_corp.items()):
        if c.get("founder") == name and c.get("bid") and str(after.get("phase")).endswith("O"):
            founder.append(_reminder(p, c["bid"], after, params))
    led = sorted(p for p, c in a_corp.items() if c.get("leader") == name
                 or b_corp.get(p, {}).get("leader") == name)
    history: History | None = result.get("history")
    ledgers = [{"name": p, "lines": corporate_ledger(history(), p)}
               for p in _first_offices(events, name, history)] if history else []
    return {
        "phase": str(before.get("phase")), "name": name,
        "cash_before": was.get("cash", 0), "cash": now.get("cash", 0),
        "shares": dict(sorted(now.get("shares", {}).items())),
        "news": news, "founder": founder,
        "led": [_treasury(before, after, result, events, p, anonymous) for p in led],
        "ledgers": ledgers,
        "shareholder": _shareholder_news(before, after, events, name),
        # the annual reports go when a Bids phase opens: none once the game is over
        "reports": _annual(after, name) if str(after.get("phase")).endswith("B")
        and result.get("end") is None else [],
    }


def _first_offices(events: Sequence[Event], name: str, history: History) -> list[str]:
    """The corporations ``name`` was elected to lead in this phase without having led
    them before: he is sent each one's whole ledger (spec 7, seed 1.3)."""
    won = [e["corporation"] for e in _of(events, "elected")
           if e["leader"] == name and e.get("was") != name]
    if not won:
        return []
    past = history()
    return [p for p in won
            if all(r["state"].get("corporations", {}).get(p, {}).get("leader") != name
                   for r in past)]


def _shares(n: int, power: str) -> str:
    return f"{n} {power} share{'' if n == 1 else 's'}"


def _money_news(events: Sequence[Event], name: str, anonymous: bool) -> list[str]:
    """Transfers made and received and fills, as one investor sees them."""
    out: list[str] = []
    for e in events:
        kind = e.get("event")
        if kind == "transfer" and e["sender"] == name:
            out.append(f"You transferred {e['amount']} AgP to {e['to']}.")
        elif kind == "transfer" and e["to"] == name:
            who = "an investor" if anonymous else e["sender"]
            out.append(f"You received {e['amount']} AgP from {who}.")
        elif kind == "fill" and e["seller"] == name:
            out.append(f"Ask #{e['id']}: {e['quantity']} of your {e['corporation']} shares "
                       f"sold at {e['price']} AgP ({e['quantity'] * e['price']} AgP to you); "
                       f"{e['left']} left.")
        elif kind == "fill" and e["buyer"] == name:
            out.append(f"You bought {_shares(e['quantity'], e['corporation'])} from ask "
                       f"#{e['id']} for {e['quantity'] * e['price']} AgP.")
    return out


def _setup_news(e: Event) -> str:
    how = "as you sent" if e["sent"] else "by default (no SETUP came)"
    return (f"{e['corporation']} is set up {how}: {e['S']} shares at {e['price']} AgP; "
            f"you receive {e['founder_shares']} founder shares.")


def _reminder(power: str, bid: Mapping[str, Any], state: State,
              params: Mapping[str, Any]) -> str:
    """The founder's SETUP reminder, with the defaults he gets without one (5.3, D28)."""
    n = bid.get("shares") or int(params["DEFAULT_SHARES"])
    p = bid.get("price") or max(1, int(bid.get("paid", 0)) // max(1, n // 5))
    return (f"You founded {power}: send SETUP {power} SHARES <n> PRICE <p> (and VALUES if "
            f"you wish) in {state.get('phase')}. Without it, {power} is set up with {n} "
            f"shares at {p} AgP.")


def _treasury(before: State, after: State, result: Mapping[str, Any],
              events: Sequence[Event], power: str, anonymous: bool) -> dict[str, Any]:
    """A leader's statement for one corporation he led during the phase."""
    lines: list[str] = []
    for e in events:
        kind = e.get("event")
        if e.get("corporation") != power and not (kind == "transfer" and e["to"] == power):
            continue
        if kind == "transfer":
            who = "an investor" if anonymous else e["sender"]
            lines.append(f"received {e['amount']} AgP from {who}")
        elif kind == "auction":
            lines.append(f"started: the founder paid {e['paid']} AgP")
        elif kind == "proceeds" and e["to"] == "treasury":
            lines.append(f"IPO proceeds {e['amount']} AgP")
        elif kind == "proceeds":
            lines.append(f"IPO sales {e['amount']} AgP (to the bank: {power} had not floated)")
        elif kind == "income":
            lines.append(f"income {e['amount']} AgP")
        elif kind == "dividend":
            total = sum(e["paid"].values())
            lines.append(f"dividend {e['per_share']} AgP a share, {total} AgP paid"
                         if e["per_share"] else "no dividend")
        elif kind == "accept":
            lines.append(f"acceptance list now {e['list']}")
    bribes = result.get("paid", {}).get(power, {})
    if bribes:
        lines.append("bribes paid: " + ", ".join(f"{u} {n}" for u, n in sorted(bribes.items())))
    b = before.get("corporations", {}).get(power, {})
    a = after.get("corporations", {}).get(power, {})
    return {"name": power, "treasury_before": b.get("treasury", 0),
            "treasury": a.get("treasury", 0), "accept": a.get("accept"), "lines": lines,
            "leader": a.get("leader")}


def _shareholder_news(before: State, after: State, events: Sequence[Event],
                      name: str) -> list[str]:
    """Issues, tallies and dividends of the corporations ``name`` holds shares of."""
    mine = {p for p, n in before.get("investors", {}).get(name, {}).get("shares", {}).items()
            if n > 0}
    mine |= {p for p, n in after.get("investors", {}).get(name, {}).get("shares", {}).items()
             if n > 0}
    out: list[str] = []
    for e in events:
        power = e.get("corporation")
        if power not in mine:
            continue
        kind = e.get("event")
        if kind == "issue":
            verdict = "approved" if e["approved"] else "rejected"
            out.append(f"{power}: the issue of {counted(e['shares'], 'share')} was {verdict} "
                       f"({e['approving']} of {counted(e['held'], 'share')} approved; 80% "
                       "needed).")
        elif kind == "tally":
            votes = ", ".join(f"{c} {n}" for c, n in e["totals"].items())
            out.append(f"{power} election tally: {votes}.")
        elif kind == "elected":
            out.append(f"{power}: {e['leader']} leads.")
        elif kind == "dividend":
            out.append(f"{power} declared a dividend of {e['per_share']} AgP a share."
                       if e["per_share"] else f"{power}: no dividend (withheld).")
    if str(after.get("phase")).endswith("O"):
        for p, c in sorted(after.get("corporations", {}).items()):
            if p in mine and c.get("pending_issue"):
                out.append(f"{p} proposes to issue {c['pending_issue']} new shares: APPROVE "
                           f"{p} or REJECT {p} in {after.get('phase')} (80% of the held "
                           "shares must approve).")
    return out


def _annual(state: State, name: str) -> list[str]:
    """The annual report of each floated corporation ``name`` holds shares of or leads
    (holders' names without quantities, E20)."""
    mine = state.get("investors", {}).get(name, {}).get("shares", {})
    fiscal = int(str(state.get("phase"))[1:5]) + 1
    out = []
    for power, c in sorted(state.get("corporations", {}).items()):
        if c.get("status") != "FLOATED" or (mine.get(power, 0) <= 0 and c.get("leader") != name):
            continue
        names = holders(state, power)
        out.append(f"{power}, fiscal year {fiscal}: treasury {c.get('treasury', 0)} AgP; "
                   f"{c.get('S', 0)} shares, {c.get('T', 0)} unsold; leader "
                   f"{c.get('leader') or 'none'}; shareholders {', '.join(names) or 'none'}")
    return out


def _final(state: State, end: Mapping[str, Any]) -> list[dict[str, Any]]:
    scores = end.get("scores", {})
    return [{"name": n, "shares": dict(sorted(i.get("shares", {}).items())),
             "value": scores.get(n)}
            for n, i in sorted(state.get("investors", {}).items())]


def corporate_ledger(history: Sequence[Mapping[str, Any]], power: str) -> list[str]:
    """A corporation's ledger from the game's processed phases (each ``{"phase",
    "state", "result"}``): its treasury when each phase opened and what moved it."""
    out: list[str] = []
    for record in history:
        state, result = record["state"], record.get("result") or {}
        treasury = state.get("corporations", {}).get(power, {}).get("treasury", 0)
        view = _treasury(state, state, result, result.get("events", []), power, True)
        if state.get("corporations", {}).get(power, {}).get("status") == "UNSTARTED" \
                and not view["lines"]:
            continue
        out.append(f"{record['phase']}: treasury {treasury} AgP"
                   + (f"; {'; '.join(view['lines'])}" if view["lines"] else ""))
    return out or [f"{power} has no ledger yet."]
