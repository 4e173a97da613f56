"""1901-Shareholders' letters (spec section 7), read from the typed state as the turn
opened and the typed turn played (judge.games.shareholders.rules.outcome), as the service
hands them.

Public: the share prices at each January's opening; after January every player's
holdings and cash and every country's office holders, with the coming February's income
and cash per country; after February each country's dividend per share and amount kept,
units dissolved by choice or for upkeep, builds made or void with their reasons, and new
cash; after a movement phase the executed orders, fees, orders cancelled for lack of
cash, Codirected units held for disagreement, results and new cash; after a retreat
phase the retreats; at the year-end the centres and every player's net worth; the end.
Private: each player's January statement (cash, holdings, offices); in February each
player's dividends; each office holder of a codirected country is told what his
Codirectors did not all order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.games import SHAREHOLDERS
from judge.games.market.mail.kind import History, Letter
from judge.games.shareholders.mail.reader import Kept, board
from judge.games.shareholders.rules.outcome import Turned
from judge.games.shareholders.rules.params import Params
from judge.games.shareholders.rules.state import ShareholdersGame, Step, Turn
from judge.money.market.played import Ending

SUBJECT = SHAREHOLDERS.word.title()  # how the letters' subjects name the game

PUBLIC = "market/shareholders_public.txt.j2"
PRIVATE = "market/shareholders_private.txt.j2"
_LABELS = {Step.JANUARY: "January", Step.FEBRUARY: "February", Step.SPRING: "Spring",
           Step.SPRING_RETREAT: "Spring", Step.FALL: "Fall", Step.FALL_RETREAT: "Fall"}


def label(phase: str) -> str:
    """``W1900D`` -> January 1901, ``S1901M`` -> Spring 1901, ``F1901R`` -> Fall 1901
    retreats."""
    turn = Turn.parse(phase)
    retreats = turn.step in (Step.SPRING_RETREAT, Step.FALL_RETREAT)
    return f"{_LABELS[turn.step]} {turn.year}" + (" retreats" if retreats else "")


def office_word(office: Sequence[str]) -> str:
    if not office:
        return "no office holder"
    if len(office) == 1:
        return f"Director {office[0]}"
    return f"Codirectors {', '.join(office)}"


def _countries(game: ShareholdersGame, params: Params) -> list[dict[str, Any]]:
    """Every country's public face: cash, office holders, units, centres, income."""
    return [{"name": name, "cash": c.cash, "office": office_word(c.office),
             "units": sorted(str(u) for u in game.units_of(name)),
             "centers": sorted(game.centers_of(name)),
             "income": params.sc_income * len(game.centers_of(name))}
            for name, c in sorted(game.countries.items())]


def _players(game: ShareholdersGame) -> list[dict[str, Any]]:
    return [{"name": n, "cash": p.cash, "shares": dict(sorted(p.holdings.items()))}
            for n, p in sorted(game.players.items())]


def _owner_of(game: ShareholdersGame) -> dict[str, str]:
    """Province -> country of every unit on the board (dislodged ones too)."""
    out = {u.province: country for country, units in game.position.units.items()
           for u in units}
    out.update({d.unit.province: country
                for country, dislodged in game.position.dislodged.items() for d in dislodged})
    return out


def _province(unit: str) -> str:
    words = unit.split()
    return (words[1] if len(words) > 1 else words[0]).split("/")[0].upper()


def _by_country(before: ShareholdersGame, keyed: Mapping[str, str]) -> dict[str, list[str]]:
    """``{unit: text}`` grouped by the unit's country, in the order given."""
    owner = _owner_of(before)
    out: dict[str, list[str]] = {}
    for unit, text in keyed.items():
        out.setdefault(owner.get(_province(unit), "?"), []).append(text)
    return dict(sorted(out.items()))


def _how(end: Ending, params: Params) -> str:
    """How the game ended, in words (never the runner's token), spec 5.8, 5.9, 3.1."""
    return {"solo": f"a military victory (the Director of countries owning "
                    f"{params.victory_scs} centres or more between them)",
            "economic": f"an economic victory (a net worth of ${params.econ_threshold} or "
                        "more)",
            "end_year": "the end year was reached; the highest net worth wins"}.get(
        end.kind, "the game's end")


def _end(end: Ending | None) -> dict[str, Any] | None:
    """The end as the templates read it (the runner's keys)."""
    return None if end is None else {"kind": end.kind, "winners": sorted(end.winners),
                                     "scores": dict(sorted(end.scores.items()))}


def _public(**given: Any) -> dict[str, Any]:
    """The public letter's view: every key the template reads, empty unless given."""
    view: dict[str, Any] = {"phase": "", "label": "", "step": "", "end": None, "how": "",
                            "next_label": "", "players": [], "offices": [], "february": [],
                            "moves": [], "results": {}, "dislodged": {}, "year_end": None,
                            "prices": {}, "positions": []}
    view.update(given)
    return view


def letters(before: Kept, played: Turned, envelope: Mapping[str, Any],
            history: History[Kept]) -> list[Letter]:
    """The letters of a turn played: the state it opened with, the turn played."""
    b, a, params = before.game, played.game, before.params
    phase = str(b.turn)
    step = phase[0] + phase[-1]
    public = _public(phase=phase, label=label(phase), step=step, end=_end(played.end),
                     next_label=label(str(a.turn)),
                     how=_how(played.end, params) if played.end else "")
    if b.turn.step is Step.JANUARY:
        public["players"] = _players(a)
        public["offices"] = [{"name": n, "office": office_word(c.office)}
                             for n, c in sorted(a.countries.items())]
        public["february"] = _countries(a, params)
    if b.turn.step is Step.FEBRUARY:
        public["february"] = _february(b, played)
    if step[1] in "MR":
        public.update(_season(b, played))
    if played.net_worth is not None:
        public["year_end"] = {
            "centers": {n: sorted(a.centers_of(n)) for n in sorted(board().powers)},
            "net_worth": dict(sorted(played.net_worth.items(), key=lambda kv: (-kv[1], kv[0]))),
        }
    if played.prices and played.end is None:
        public["prices"] = dict(sorted(played.prices.items()))
    subject = f"{SUBJECT} {phase} ({label(phase)}) results"
    return [Letter("*", subject, PUBLIC, public), *_private(before, played, phase, step)]


def _february(before: ShareholdersGame, played: Turned) -> list[dict[str, Any]]:
    builds = played.builds or {}
    return [{"name": n, "income": f.income, "dividend": f.dividend, "paid": f.paid,
             "kept": f.kept, "dissolved": list(f.dissolved), "removed": list(f.removed),
             "builds": [f"{u}: {o}" for u, o in builds.get(n, ())],
             "cash_before": before.countries[n].cash, "cash": played.game.countries[n].cash}
            for n, f in sorted((played.february or {}).items())]


def _season(before: ShareholdersGame, played: Turned) -> dict[str, Any]:
    """A movement or retreat phase's part of the public letter."""
    after = played.game
    orders = _by_country(before, played.orders or {})
    held = dict(played.disagreed or {})
    fees, cancelled = played.fees or {}, played.cancelled or {}
    return {
        "moves": [{"name": n, "orders": orders.get(n, []), "fee": fees.get(n, 0),
                   "cancelled": cancelled.get(n, []), "held": held.get(n, []),
                   "cash": after.countries[n].cash}
                  for n in sorted(set(orders) | set(held)) if n in after.countries],
        "results": dict(sorted((played.results or {}).items())),
        "dislodged": {c: sorted(str(d.unit) for d in ds)
                      for c, ds in sorted(after.position.dislodged.items()) if ds},
        # every country's units as they now stand, those with no office holder too
        "positions": [{"name": n, "units": sorted(str(u) for u in after.units_of(n))}
                      for n in sorted(set(after.countries) | set(after.position.units))],
    }


def _private(before: Kept, played: Turned, phase: str, step: str) -> list[Letter]:
    b, a = before.game, played.game
    disagreed = played.disagreed or {}
    out: list[Letter] = []
    for name, player in sorted(a.players.items()):
        was = b.players.get(name)
        offices = [{"name": c, "office": office_word(k.office)}
                   for c, k in sorted(a.countries.items()) if name in k.office]
        held_before = [c for c, k in sorted(b.countries.items()) if name in k.office]
        disagreements = {c: disagreed[c] for c in held_before if c in disagreed}
        refused = [line for key, lines in sorted(played.errors.items())
                   if key.split("/")[0] == name for line in lines]
        cash_before = was.cash if was else 0
        if step != "WD" and not (step == "WA" and player.cash != cash_before) \
                and not disagreements and not refused:
            continue
        own = {"phase": phase, "label": label(phase), "step": step, "name": name,
               "cash_before": cash_before, "cash": player.cash,
               "shares_before": dict(sorted(was.holdings.items())) if was else {},
               "shares": dict(sorted(player.holdings.items())),
               "offices": offices, "disagreed": disagreements, "refused": refused}
        out.append(Letter(name, f"{SUBJECT} {phase} ({label(phase)}): your statement",
                          PRIVATE, own))
    return out


def opening_letters(opened: Kept) -> list[Letter]:
    """The share prices of the first January, public."""
    phase = str(opened.game.turn)
    view = _public(phase=phase, label=label(phase), step="start",
                   prices=dict(sorted(opened.prices.items())), players=_players(opened.game))
    return [Letter("*", f"{SUBJECT} {phase} ({view['label']}): share prices", PUBLIC, view)]
