"""1901-Shareholders by mail (shareholders.md): players deal in the seven countries'
shares each January; each country's office holders (its Director, or its Codirectors
each with his own set) send its February decisions, movement and retreat orders signed
on as the country with their own passwords.

What each reader is told follows spec section 7. Public: the share prices at each
January's opening; after January every player's holdings and cash and every country's
office holders, with the coming February's income and cash per country; after February
each country's dividend per share and amount kept, units dissolved by choice or for
upkeep, builds made or void with their reasons, and new cash; after a movement phase the
executed orders, fees, orders cancelled for lack of cash, Codirected units held for
disagreement, results and new cash; after a retreat phase the retreats; at the year-end
the centres and every player's net worth; the end. Private: each player's January
statement (cash, holdings, offices); in February each player's dividends; each office
holder of a codirected country is told what his Codirectors did not all order.

The state kept between phases is the contract's, plus ``params`` (the game's GM
parameters, for incomes and prices) and ``prices`` (those published at the last January
opening), which the runner ignores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.games import SHAREHOLDERS
from judge.money.shareholders.params import DEFAULTS, ParamError, Params
from judge.money.shareholders.results import started
from judge.service.markets.charts import shareholders_chart
from judge.service.markets.game import MarketGame
from judge.service.markets.kind import Letter, MarketKind, State, units_and_centres
from judge.service.markets.shareholders_reader import READER, setup

SUBJECT = SHAREHOLDERS.word.title()  # how the letters' subjects name the game

PUBLIC = "market/shareholders_public.txt.j2"
PRIVATE = "market/shareholders_private.txt.j2"
STEPS = {"D": "January", "A": "February"}


def label(phase: str) -> str:
    """``W1900D`` -> January 1901, ``S1901M`` -> Spring 1901, ``F1901R`` -> Fall 1901
    retreats."""
    season, year, kind = phase[:1], int(phase[1:5]), phase[5:]
    if season == "W":
        return f"{STEPS.get(kind, 'Winter')} {year + 1}"
    name = "Spring" if season == "S" else "Fall"
    return f"{name} {year}" + (" retreats" if kind == "R" else "")


def _opening(envelope: Mapping[str, Any], names: Sequence[str]) -> State:
    board, params = setup(envelope)
    answer = started(names, params, board)
    return {**answer["state"], "params": dict(envelope.get("params", {})),
            "prices": answer["prices"]}


def _setup_problem(envelope: Mapping[str, Any]) -> str | None:
    """Why a game with these rule flags and GM parameters cannot be played, or None."""
    if envelope.get("rules"):
        return f"1901-Shareholders has no rule flags: {', '.join(envelope['rules'])}"
    try:
        Params.from_mapping(envelope.get("params") or {})
    except ParamError as e:
        return str(e)
    return None


def _params(state: State) -> Params:
    return Params.from_mapping(state.get("params") or {})


def _carry(before: State, result: Mapping[str, Any]) -> dict[str, Any]:
    return {**result["state"], "params": dict(before.get("params") or {}),
            "prices": dict(result.get("prices") or before.get("prices") or {})}


def _acting(state: State, power: str) -> list[str]:
    return list(state.get("countries", {}).get(power, {}).get("office", []))


def _actors(state: State) -> list[str]:
    """Who may act in the phase the state opens (spec 3's table): every player in
    January; in February each office holder of each country, signed on as it; in a
    movement or retreat phase the office holders of the countries with units (with
    dislodged units), each signed on as the country."""
    kind = str(state.get("phase", ""))[-1:]
    if kind == "D":
        return sorted(state.get("players", {}))
    with_units = {"A": set(state.get("countries", {})),
                  "M": {p for p, us in state.get("units", {}).items() if us},
                  "R": {p for p, ds in state.get("dislodged", {}).items() if ds}}.get(kind, set())
    return [f"{holder}/{country}" for country in sorted(with_units)
            for holder in state.get("countries", {}).get(country, {}).get("office", [])]


def _terms(state: State, params: Mapping[str, Any]) -> list[str]:
    """The start notice's terms: each player's starting cash and the end (spec 3, 5.8)."""
    cash = sorted({p.get("cash", 0) for p in state.get("players", {}).values()})
    start = (f"Each player starts with ${cash[0]} in cash." if len(cash) == 1
             else "The players start with the cash the rules give (STATUS shows yours).")
    end = params.get("END_YEAR")
    close = (f"The game ends at the end of {end} at the latest (the highest net worth "
             "wins), earlier by a military or an economic victory." if end else
             "The game has no end year: it ends by a military or an economic victory.")
    return [start, close]


def office_word(office: Sequence[str]) -> str:
    if not office:
        return "no office holder"
    if len(office) == 1:
        return f"Director {office[0]}"
    return f"Codirectors {', '.join(office)}"


def _countries(state: State, params: Params) -> list[dict[str, Any]]:
    """Every country's public face: cash, office holders, units, centres, income."""
    return [{"name": name, "cash": c.get("cash", 0), "office": office_word(c.get("office", [])),
             "units": sorted(state.get("units", {}).get(name, [])),
             "centers": sorted(state.get("centers", {}).get(name, [])),
             "income": params.sc_income * len(state.get("centers", {}).get(name, []))}
            for name, c in sorted(state.get("countries", {}).items())]


def _players(state: State) -> list[dict[str, Any]]:
    return [{"name": n, "cash": p.get("cash", 0),
             "shares": dict(sorted(p.get("shares", {}).items()))}
            for n, p in sorted(state.get("players", {}).items())]


def _owner_of(state: State) -> dict[str, str]:
    """Province -> country of every unit on the board (dislodged ones too)."""
    out: dict[str, str] = {}
    for country, units in state.get("units", {}).items():
        for unit in units:
            out[_province(unit)] = country
    for country, dislodged in state.get("dislodged", {}).items():
        for d in dislodged:
            out[_province(str(d.get("unit", "")))] = country
    return out


def _province(unit: str) -> str:
    words = unit.split()
    return (words[1] if len(words) > 1 else words[0]).split("/")[0].upper()


def _by_country(before: State, keyed: Mapping[str, str]) -> dict[str, list[str]]:
    """``{unit: text}`` grouped by the unit's country, in the order given."""
    owner = _owner_of(before)
    out: dict[str, list[str]] = {}
    for unit, text in keyed.items():
        out.setdefault(owner.get(_province(unit), "?"), []).append(text)
    return dict(sorted(out.items()))


def _how(end: Mapping[str, Any], params: Params) -> str:
    """How the game ended, in words (never the runner's token), spec 5.8, 5.9, 3.1."""
    return {"solo": f"a military victory (the Director of countries owning "
                    f"{params.victory_scs} centres or more between them)",
            "economic": f"an economic victory (a net worth of ${params.econ_threshold} or "
                        "more)",
            "end_year": "the end year was reached; the highest net worth wins"}.get(
        str(end.get("kind")), "the game's end")


def _public(**given: Any) -> dict[str, Any]:
    """The public letter's view: every key the template reads, empty unless given."""
    view: dict[str, Any] = {"phase": "", "label": "", "step": "", "end": None, "how": "",
                            "next_label": "", "players": [], "offices": [], "february": [],
                            "moves": [], "results": {}, "dislodged": {}, "year_end": None,
                            "prices": {}, "positions": []}
    view.update(given)
    return view


def _letters(before: State, result: Mapping[str, Any]) -> list[Letter]:
    after: State = result["state"]
    params = _params(before)
    phase = str(before.get("phase"))
    step = phase[0] + phase[-1]
    end = result.get("end")
    b_countries = before.get("countries", {})
    a_countries = after.get("countries", {})
    public = _public(phase=phase, label=label(phase), step=step, end=end,
                     next_label=label(str(after.get("phase"))),
                     how=_how(end, params) if end else "")
    if step == "WD":
        public["players"] = _players(after)
        public["offices"] = [{"name": n, "office": office_word(c.get("office", []))}
                             for n, c in sorted(a_countries.items())]
        public["february"] = _countries(after, params)
    if step == "WA":
        feb = result.get("february", {})
        public["february"] = [
            {"name": n, "income": f.get("income", 0), "dividend": f.get("dividend"),
             "paid": f.get("paid", 0), "kept": f.get("income", 0) - f.get("paid", 0),
             "dissolved": f.get("dissolved", []), "removed": f.get("removed", []),
             "builds": [f"{u}: {o}" for u, o in result.get("builds", {}).get(n, [])],
             "cash_before": b_countries.get(n, {}).get("cash", 0),
             "cash": a_countries.get(n, {}).get("cash", 0)}
            for n, f in sorted(feb.items())]
    if step[1] in "MR":
        orders = _by_country(before, result.get("orders", {}))
        held = {c: units for c, units in result.get("disagreed", {}).items()}
        public["moves"] = [
            {"name": n, "orders": orders.get(n, []), "fee": result.get("fees", {}).get(n, 0),
             "cancelled": result.get("cancelled", {}).get(n, []), "held": held.get(n, []),
             "cash": a_countries.get(n, {}).get("cash", 0)}
            for n in sorted(set(orders) | set(held)) if n in a_countries]
        public["results"] = dict(sorted(result.get("results", {}).items()))
        public["dislodged"] = {c: sorted(str(x.get("unit")) for x in d)
                               for c, d in sorted(after.get("dislodged", {}).items()) if d}
        # every country's units as they now stand, those with no office holder too
        public["positions"] = [
            {"name": n, "units": sorted(after.get("units", {}).get(n, []))}
            for n in sorted(set(a_countries) | set(after.get("units", {})))]
    if "net_worth" in result:
        public["year_end"] = {
            "centers": {n: sorted(cs) for n, cs in sorted(after.get("centers", {}).items())},
            "net_worth": dict(sorted(result["net_worth"].items(), key=lambda kv: (-kv[1], kv[0]))),
        }
    if result.get("prices") and end is None:
        public["prices"] = dict(sorted(result["prices"].items()))
    subject = f"{SUBJECT} {phase} ({label(phase)}) results"
    letters = [Letter("*", subject, PUBLIC, public)]
    letters += _private(before, result, phase, step)
    return letters


def _private(before: State, result: Mapping[str, Any], phase: str,
             step: str) -> list[Letter]:
    after: State = result["state"]
    errors: Mapping[str, list[str]] = result.get("errors", {})
    disagreed: Mapping[str, list[str]] = result.get("disagreed", {})
    out: list[Letter] = []
    for name, player in sorted(after.get("players", {}).items()):
        was = before.get("players", {}).get(name, {})
        offices = [{"name": c, "office": office_word(k.get("office", []))}
                   for c, k in sorted(after.get("countries", {}).items())
                   if name in k.get("office", [])]
        held_before = [c for c, k in sorted(before.get("countries", {}).items())
                       if name in k.get("office", [])]
        disagreements = {c: disagreed[c] for c in held_before if c in disagreed}
        refused = [line for key, lines in sorted(errors.items())
                   if key.split("/")[0] == name for line in lines]
        if step != "WD" and not (step == "WA" and player.get("cash") != was.get("cash")) \
                and not disagreements and not refused:
            continue
        own = {"phase": phase, "label": label(phase), "step": step, "name": name,
               "cash_before": was.get("cash", 0), "cash": player.get("cash", 0),
               "shares_before": dict(sorted(was.get("shares", {}).items())),
               "shares": dict(sorted(player.get("shares", {}).items())),
               "offices": offices, "disagreed": disagreements, "refused": refused}
        out.append(Letter(name, f"{SUBJECT} {phase} ({label(phase)}): your statement",
                          PRIVATE, own))
    return out


def _opening_letters(state: State) -> list[Letter]:
    view = _public(phase=state.get("phase"), label=label(str(state.get("phase"))),
                   step="start", prices=dict(sorted(state.get("prices", {}).items())),
                   players=_players(state))
    return [Letter("*", f"{SUBJECT} {state.get('phase')} ({view['label']}): share prices",
                   PUBLIC, view)]


def _status(state: State, name: str) -> list[str]:
    prices: Mapping[str, int] = state.get("prices", {})
    player = state.get("players", {}).get(name)
    if player is not None:
        shares = player.get("shares", {})
        held = ", ".join(f"{c} {n} (${n * prices.get(c, 0)})" for c, n in sorted(shares.items())
                         if n > 0)
        worth = player.get("cash", 0) + sum(n * prices.get(c, 0) for c, n in shares.items())
        offices = [f"{c} ({office_word(k.get('office', []))})"
                   for c, k in sorted(state.get("countries", {}).items())
                   if name in k.get("office", [])]
        return [f"  Player {name}: cash ${player.get('cash', 0)}",
                f"  Shares: {held or 'none'}",
                f"  Worth at these prices: ${worth}",
                "  Share prices: " + (", ".join(f"{c} ${p}" for c, p in sorted(prices.items()))
                                       or "none published"),
                f"  Offices held: {'; '.join(offices) or 'none'}"]
    country = state.get("countries", {}).get(name)
    if country is None:
        return []
    params = _params(state)
    centers = sorted(state.get("centers", {}).get(name, []))
    return [f"  Country {name}: cash ${country.get('cash', 0)}, "
            f"{office_word(country.get('office', []))}",
            f"  Last February: income ${country.get('revenue_last', 0)}, "
            f"{'dividend paid' if country.get('dividend_last') else 'no dividend'}; "
            f"income now ${params.sc_income * len(centers)}",
            *units_and_centres(state, name)]


def _in_force(state: State, now: Mapping[str, Any], name: str,
              acting: str | None) -> list[str]:
    """STATUS: the member's set in force in the open phase, as the runner played the
    mails kept so far (the latest mail with an accepted line replaced the set): his
    January orders when signed on as himself in January; signed on as a country he
    holds office in, his own set for it (each Codirector's apart, none of the others')."""
    phase = str(state.get("phase", ""))
    sets: Mapping[str, list[str]] = now.get("sets") or {}
    january = phase.endswith("D")
    if acting is None:
        if not january:
            return []
        given = sets.get(name)
        if given is None:
            return ["  Your January orders in force: none sent (no trade)"]
        return [f"  Your January orders in force: {', '.join(given) or 'NOTRADE'}"]
    office = state.get("countries", {}).get(acting, {}).get("office", [])
    if january or name not in office:
        return []
    given = sets.get(f"{name}/{acting}")
    what = "none sent" if given is None else ", ".join(given) or "none"
    apart = " (yours alone; each Codirector's set is kept apart)" if len(office) > 1 else ""
    return [f"  Your {acting} orders for {label(phase)} in force{apart}: {what}"]


KIND = MarketKind(
    # the bounds are the GM parameters MIN_PLAYERS and MAX_PLAYERS: the runner checks
    # them at the start with the spec's reasons
    game=SHAREHOLDERS, member="player", defaults=DEFAULTS, opening=_opening,
    acting=_acting, letters=_letters, status=_status,
    setup_problem=_setup_problem, carry=_carry, opening_letters=_opening_letters,
    in_force=_in_force, reader=READER, actors=_actors, terms=_terms,
    chart=shareholders_chart, year_end=lambda phase, result: "net_worth" in result,
)

GAME = MarketGame(KIND)
