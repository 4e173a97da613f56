"""Capitalist's letters (capitalist.md 7), read from the typed game as the phase opened
and the typed phase played (judge.games.capitalist.rules.outcome), as the service hands them.
Everything they show is under pseudonyms (spec 7, D15): the state and the result hold no
address.

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

from collections.abc import Mapping
from typing import Any

from judge.games import CAPITALIST
from judge.games.capitalist.rules.currency import CURRENCIES
from judge.games.capitalist.rules.outcome import PhasePlayed
from judge.games.capitalist.rules.state import CapitalistGame, centimes
from judge.games.market.mail.kind import History, Letter

SUBJECT = CAPITALIST.word.title()  # how the letters' subjects name the game

POWERS = CURRENCIES.powers


def currency(power: str) -> str:
    return CURRENCIES.name_of(power)


def _rates(before: CapitalistGame, after: CapitalistGame) -> list[dict[str, Any]]:
    """Each currency's rate before and after, printed in SFr."""
    return [{"power": p, "currency": currency(p),
             "old": centimes(before.economy.rates.get(p, 0)),
             "new": centimes(after.economy.rates.get(p, 0)),
             "annihilated": p in after.economy.annihilated} for p in POWERS]


def _accounts(game: CapitalistGame) -> list[dict[str, Any]]:
    return [{"name": name, "sfr": centimes(p.cash),
             "holdings": {currency(k): p.holding(k) for k in POWERS}}
            for name, p in sorted(game.economy.players.items())]


def _commanders(game: CapitalistGame) -> dict[str, str]:
    commanders = game.economy.commanders
    return {p: commanders.get(p) or "none" for p in POWERS
            if p not in game.economy.annihilated}


def _commerce(before: CapitalistGame, played: PhasePlayed) -> list[Letter]:
    after = played.game
    phase = str(before.phase)
    trades = played.trades or {}
    bought = dict.fromkeys(POWERS, 0)
    sold = dict.fromkeys(POWERS, 0)
    for dealt in trades.values():
        for t in dealt:
            (bought if t.bought else sold)[t.power] += t.units
    markets = [{**r, "bought": bought[r["power"]], "sold": sold[r["power"]]}
               for r in _rates(before, after)]
    view = {
        "phase": phase,
        "trades": {name: [{"side": "bought" if t.bought else "sold", "units": t.units,
                           "ordered": t.ordered, "currency": currency(t.power)}
                          for t in dealt]
                   for name, dealt in sorted(trades.items())},
        "accounts": _accounts(after),
        "markets": markets,
        "commanders": _commanders(after),
        "military": [str(after.phase)],
    }
    letters = [Letter("*", f"{SUBJECT} {phase} commerce results",
                      "market/capitalist_commerce.txt.j2", view)]
    commands: dict[str, list[str]] = {}
    for power, name in sorted(after.economy.commanders.items()):
        commands.setdefault(name, []).append(power)
    for name, powers in sorted(commands.items()):
        subject = f"{SUBJECT} {phase}: you command {', '.join(powers)}"
        letters.append(Letter(name, subject, "market/capitalist_command.txt.j2",
                              {"phase": phase, "name": name, "powers": powers,
                               "military": str(after.phase)}))
    return letters


def _military(before: CapitalistGame, played: PhasePlayed) -> list[Letter]:
    after = played.game
    phase = str(before.phase)
    end = played.end
    year_end: dict[str, Any] | None = None
    if played.points is not None:
        last_before = before.economy.centers_last
        last_after = after.economy.centers_last
        year_end = {
            "annihilated": sorted(after.economy.annihilated - before.economy.annihilated),
            "centres": [{"power": p, "old": last_before.get(p, 0), "new": last_after.get(p, 0)}
                        for p in POWERS],
            "rates": _rates(before, after),
            "points": dict(sorted(played.points.items(), key=lambda kv: (-kv[1], kv[0]))),
        }
    view = {
        "phase": phase,
        "orders": [{"power": p, "by": o.by, "lines": list(o.lines)}
                   for p, o in sorted((played.orders or {}).items())],
        "commanders": _commanders(before),
        "results": dict(sorted((played.results or {}).items())),
        "board": [{"power": p,
                   "units": sorted(str(u) for u in after.position.units.get(p, ())),
                   "centres": sorted(after.position.centers.get(p, ()))} for p in POWERS],
        "year_end": year_end,
        "end": None if end is None else {
            "kind": end.kind, "winners": list(end.winners),
            "how": ("a power owns the centres of a victory; the best scores win"
                    if end.kind == "solo" else
                    "the end year was reached; the best scores win"),
            "scores": dict(sorted(end.scores.items(), key=lambda kv: (-kv[1], kv[0])))},
        "rates": [] if end else _rates(after, after),
        "next_is_commerce": after.commerce,
    }
    return [Letter("*", f"{SUBJECT} {phase} results", "market/capitalist_military.txt.j2",
                   view)]


def letters(before: CapitalistGame, played: PhasePlayed, envelope: Mapping[str, Any],
            history: History[CapitalistGame]) -> list[Letter]:
    """The letters of a phase played: the game as it opened, the phase played."""
    if before.commerce:
        return _commerce(before, played)
    return _military(before, played)


def opening_letters(game: CapitalistGame) -> list[Letter]:
    """The commerce opening (spec 7): the rates in force and every pseudonym's holdings
    and SFr, public."""
    phase = str(game.phase)
    view = {"phase": phase, "rates": _rates(game, game), "accounts": _accounts(game),
            "military": phase[:-1] + "M"}
    return [Letter("*", f"{SUBJECT} {phase}: rates and holdings at the opening",
                   "market/capitalist_opening.txt.j2", view)]
