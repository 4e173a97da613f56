"""Capitalist Diplomacy by mail (capitalist.md): pseudonyms trade the seven currencies, and
whoever holds the most of one commands its power.

Everything the judge sends shows pseudonyms only (spec 7, D15): the letters are built from
the runner's state and result, which hold no address, and are rendered from
``templates/market/capitalist_*.txt.j2``. What each reader is told:

- after a commerce phase (public): each pseudonym's trades as executed (reductions
  marked), holdings and SFr; per currency the units bought and sold and the old and new
  rate; the commander of every surviving power. Each commander is also told privately
  which powers he commands and how to sign on as them;
- after a military phase (public): each power's orders under its commander's pseudonym,
  the results, units and centres; at the year-end step the annihilations, the centre
  changes, the rates after the military bonus and every pseudonym's points; at the end
  the final points and the winners;
- every letter ends with the rates in force for the next phase; at the start (public) the
  rates and every pseudonym's holdings and SFr as S1901C opens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.maps import STANDARD_MAP, load_map
from judge.engine.state import StateError
from judge.games import CAPITALIST
from judge.money.capitalist.currency import CURRENCIES
from judge.money.capitalist.params import DEFAULTS, ParamError, Params
from judge.money.capitalist.state import centimes
from judge.money.capitalist.state_json import opening_state
from judge.service.markets.capitalist_reader import READER
from judge.service.markets.charts import capitalist_chart
from judge.service.markets.game import MarketGame
from judge.service.markets.kind import Letter, MarketKind, State

SUBJECT = CAPITALIST.word.title()  # how the letters' subjects name the game

POWERS = CURRENCIES.powers


def _opening(envelope: Mapping[str, Any], names: Sequence[str]) -> State:
    try:
        params = Params.of(envelope.get("params", {}))
        return opening_state(names, load_map(str(envelope.get("variant", STANDARD_MAP))),
                             params)
    except (StateError, ParamError) as e:
        raise ValueError(str(e)) from None


def _acting(state: State, power: str) -> list[str]:
    """The power's commander in this state (none while a commerce phase is open)."""
    commander = state.get("commanders", {}).get(power)
    return [commander] if commander else []


def _actors(state: State) -> list[str]:
    """Who may act in the phase the state opens (spec 3's table): every player in a
    commerce phase; in a military phase each commander, signed on as the power he
    commands, for a power with units (movement), dislodged units (retreats), or builds
    or removals to make (adjustments)."""
    kind = str(state.get("phase", ""))[-1:]
    if kind == "C":
        return sorted(state.get("players", {}))
    units, centers = state.get("units", {}), state.get("centers", {})
    powers = {"M": {p for p, us in units.items() if us},
              "R": {p for p, ds in state.get("dislodged", {}).items() if ds},
              "A": {p for p in set(units) | set(centers)
                    if len(units.get(p, [])) != len(centers.get(p, []))}}.get(kind, set())
    commanders = state.get("commanders", {})
    return [f"{commanders[p]}/{p}" for p in sorted(powers) if commanders.get(p)]


def _terms(state: State, params: Mapping[str, Any]) -> list[str]:
    """The start notice's terms: each player's starting SFr and currencies, and the end
    (spec 3, 6)."""
    players = list(state.get("players", {}).values())
    first = players[0] if players else {}
    units = sorted(set((first.get("holdings") or {}).values()))
    holdings = (f" and {units[0]} units of every currency" if len(units) == 1 and units[0]
                else "")
    return [f"Each player starts with {centimes(first.get('sfr', 0))} SFr{holdings}.",
            f"The game ends at the end of {params.get('END_YEAR')} at the latest, or "
            f"earlier once a power owns {params.get('VICTORY_SCS', 18)} centres; the best "
            "scores win (there are no draws)."]


def _currency(power: str) -> str:
    return CURRENCIES.name_of(power)


def _rates(before: State, after: State) -> list[dict[str, Any]]:
    """Each currency's rate before and after, printed in SFr."""
    annihilated = set(after.get("annihilated", []))
    return [{"power": p, "currency": _currency(p),
             "old": centimes(before.get("rates", {}).get(p, 0)),
             "new": centimes(after.get("rates", {}).get(p, 0)),
             "annihilated": p in annihilated} for p in POWERS]


def _accounts(state: State) -> list[dict[str, Any]]:
    return [{"name": name, "sfr": centimes(p.get("sfr", 0)),
             "holdings": {_currency(k): p.get("holdings", {}).get(k, 0) for k in POWERS}}
            for name, p in sorted(state.get("players", {}).items())]


def _commanders(state: State) -> dict[str, str]:
    out = {p: state.get("commanders", {}).get(p) or "none" for p in POWERS
           if p not in state.get("annihilated", [])}
    return out


def _commerce(before: State, result: Mapping[str, Any]) -> list[Letter]:
    after: State = result["state"]
    phase = str(before.get("phase"))
    trades: dict[str, list[dict[str, Any]]] = result.get("trades", {})
    bought = dict.fromkeys(POWERS, 0)
    sold = dict.fromkeys(POWERS, 0)
    for executed in trades.values():
        for t in executed:
            (bought if t["side"] == "BUY" else sold)[t["power"]] += t["units"]
    markets = [{**r, "bought": bought[r["power"]], "sold": sold[r["power"]]}
               for r in _rates(before, after)]
    view = {
        "phase": phase,
        "trades": {name: [{"side": "bought" if t["side"] == "BUY" else "sold",
                           "units": t["units"], "ordered": t["ordered"],
                           "currency": _currency(t["power"])} for t in executed]
                   for name, executed in sorted(trades.items())},
        "accounts": _accounts(after),
        "markets": markets,
        "commanders": _commanders(after),
        "military": [str(after.get("phase"))],
    }
    letters = [Letter("*", f"{SUBJECT} {phase} commerce results",
                      "market/capitalist_commerce.txt.j2", view)]
    commands: dict[str, list[str]] = {}
    for power, name in sorted(after.get("commanders", {}).items()):
        commands.setdefault(name, []).append(power)
    for name, powers in sorted(commands.items()):
        subject = f"{SUBJECT} {phase}: you command {', '.join(powers)}"
        letters.append(Letter(name, subject,
                              "market/capitalist_command.txt.j2",
                              {"phase": phase, "name": name, "powers": powers,
                               "military": str(after.get("phase"))}))
    return letters


def _military(before: State, result: Mapping[str, Any]) -> list[Letter]:
    after: State = result["state"]
    phase = str(before.get("phase"))
    end = result.get("end")
    points: Mapping[str, int] | None = result.get("points")
    year_end: dict[str, Any] | None = None
    if points is not None:
        last_before = before.get("centers_last", {})
        last_after = after.get("centers_last", {})
        year_end = {
            "annihilated": sorted(set(after.get("annihilated", []))
                                  - set(before.get("annihilated", []))),
            "centres": [{"power": p, "old": last_before.get(p, 0), "new": last_after.get(p, 0)}
                        for p in POWERS],
            "rates": _rates(before, after),
            "points": dict(sorted(points.items(), key=lambda kv: (-kv[1], kv[0]))),
        }
    orders: Mapping[str, Mapping[str, Any]] = result.get("orders", {})
    view = {
        "phase": phase,
        "orders": [{"power": p, "by": o.get("by"), "lines": list(o.get("lines", []))}
                   for p, o in sorted(orders.items())],
        "commanders": _commanders(before),
        "results": dict(sorted(result.get("results", {}).items())),
        "board": [{"power": p, "units": sorted(after.get("units", {}).get(p, [])),
                   "centres": sorted(after.get("centers", {}).get(p, []))} for p in POWERS],
        "year_end": year_end,
        "end": None if end is None else {
            "kind": end.get("kind"), "winners": list(end.get("winners", [])),
            "how": ("a power owns the centres of a victory; the best scores win"
                    if end.get("kind") == "solo" else
                    "the end year was reached; the best scores win"),
            "scores": dict(sorted(end.get("scores", {}).items(),
                                  key=lambda kv: (-kv[1], kv[0])))},
        "rates": [] if end else _rates(after, after),
        "next_is_commerce": str(after.get("phase", "")).endswith("C"),
    }
    return [Letter("*", f"{SUBJECT} {phase} results", "market/capitalist_military.txt.j2",
                   view)]


def _letters(before: State, result: Mapping[str, Any]) -> list[Letter]:
    if str(before.get("phase", "")).endswith("C"):
        return _commerce(before, result)
    return _military(before, result)


def _opening_letters(state: State) -> list[Letter]:
    """The commerce opening (spec 7): the rates in force and every pseudonym's holdings
    and SFr, public."""
    phase = str(state.get("phase"))
    view = {"phase": phase, "rates": _rates(state, state), "accounts": _accounts(state),
            "military": phase[:-1] + "M"}
    return [Letter("*", f"{SUBJECT} {phase}: rates and holdings at the opening",
                   "market/capitalist_opening.txt.j2", view)]


def _status(state: State, name: str) -> list[str]:
    """A pseudonym's account, the rates and the commanders; for a power (signed on as
    it), its commander, units and centres."""
    players = state.get("players", {})
    rates = state.get("rates", {})
    commanders = state.get("commanders", {})
    if name in players:
        p = players[name]
        held = ", ".join(f"{_currency(k)} {p.get('holdings', {}).get(k, 0)}" for k in POWERS)
        rate = ", ".join(f"{_currency(k)} {centimes(rates.get(k, 0))}" for k in POWERS)
        command = ", ".join(f"{k} {v}" for k, v in sorted(commanders.items()))
        mine = sorted(k for k, v in commanders.items() if v == name)
        return [f"  Pseudonym {name}: {centimes(p.get('sfr', 0))} SFr",
                f"  Holdings: {held}",
                f"  Rates: {rate}",
                f"  Commanders: {command or 'none while a commerce phase is open'}",
                f"  You command: {', '.join(mine) or 'no power'}"]
    if name in POWERS:
        return [f"  {name}: commander {commanders.get(name) or 'none'}, rate "
                f"{centimes(rates.get(name, 0))} SFr"
                f"{' (annihilated)' if name in state.get('annihilated', []) else ''}",
                f"  Units: {', '.join(sorted(state.get('units', {}).get(name, []))) or 'none'}",
                f"  Centres: "
                f"{', '.join(sorted(state.get('centers', {}).get(name, []))) or 'none'}"]
    return []


def _in_force(state: State, now: Mapping[str, Any], name: str,
              acting: str | None) -> list[str]:
    """What the player's mail kept so far has in force (issue 23: a reply ends with it,
    and STATUS shows it): his own trades in a commerce phase, a line NOTRADE emptied not
    among them; signed on as the power he commands, its orders in a military phase."""
    commerce = str(state.get("phase", "")).endswith("C")
    if commerce and acting is None:
        given = now.get("trades", {}).get(name)
        if given is None:
            return ["  Your trades in force: none sent (no trade)"]
        return [f"  Your trades in force: {'; '.join(given) or 'NOTRADE (no trade)'}"]
    if commerce or acting is None:
        return []
    orders = now.get("orders", {}).get(acting)
    return [f"  {acting}'s orders in force: {', '.join(orders) if orders else 'none sent'}"]


KIND = MarketKind(
    game=CAPITALIST, member="player", defaults=DEFAULTS, opening=_opening,
    acting=_acting, letters=_letters, status=_status, opening_letters=_opening_letters,
    secret=True, reader=READER, actors=_actors, terms=_terms,
    chart=capitalist_chart, year_end=lambda phase, result: "points" in result,
    in_force=_in_force,
)

GAME = MarketGame(KIND)
