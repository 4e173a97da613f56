"""The map that goes with a phase's results: the board as adjudicated (judge.maps), as
each reader may see it.

A BLIND reader's map shows what that reader's results text shows (``sight``): the
units whose lines the text gives, with the orders as the text words them (a refused
order as the hold it became, no void mark), the reader's own centres and dislodged
units; an observer of a BLIND game sees no unit. Offers and bribes are never drawn:
the map is drawn from the orders carried out, not from what was paid for them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.adjudicate import PhaseResult
from judge.engine.board import Map
from judge.games import kind_of
from judge.maps import board_png, board_svg
from judge.maps.played import Played, played
from judge.maps.reading import orders_by_unit
from judge.service.reports.marks import marked_orders
from judge.service.reports.roster import Roster
from judge.service.reports.sight import sight_of, unsaid_void

MAX_BYTES = 150_000  # one map in a mail, at most


def draws_maps(roster: Roster) -> bool:
    """The game's phases are played on the board (the kind's ``board``)."""
    return kind_of(roster.variant).board


def view(roster: Roster, result: PhaseResult, board: Map, reader: str) -> Played:
    """What ``reader`` may see of the phase, as the map draws it."""
    drawn = played(result)
    if not roster.blind or reader == "MASTER":
        return drawn
    seen = sight_of(result, reader, board) if reader in board.powers else None
    lines = [] if seen is None else [unsaid_void(m) for m in marked_orders(result, board)
                                     if seen.shows(m)]
    shown = {(m.power, m.unit.text) for m in lines if m.unit is not None}
    state = dict(drawn.state)
    state["units"] = {p: [u for u in us if (p, u) in shown]
                      for p, us in drawn.state["units"].items()}
    state["dislodged"] = {p: [d for d in ds if (p, d["unit"]) in shown]
                          for p, ds in drawn.state["dislodged"].items()}
    # the reader's own centres, and those a build in sight shows to be its builder's
    builds = {(m.power, m.unit.province) for m in lines
              if m.unit is not None and str(m.order).startswith("BUILD")}
    state["centers"] = {p: [c for c in cs if p == reader or (p, c) in builds]
                        for p, cs in drawn.state["centers"].items()}
    units = {unit for _, unit in shown}
    orders = {m.unit.text: str(m.order) for m in lines if m.unit is not None}
    results = {u: r for u, r in drawn.results.items() if u in units and r != "void"}
    return Played(state, orders, results)


def title(roster: Roster) -> str:
    return f"Game {roster.game}"


def results_svg(roster: Roster, result: PhaseResult, board: Map, reader: str) -> str:
    drawn = view(roster, result, board, reader)
    return board_svg(drawn.state, orders=drawn.orders, results=drawn.results,
                     title=title(roster))


def results_png(roster: Roster, result: PhaseResult, board: Map, reader: str) -> bytes:
    drawn = view(roster, result, board, reader)
    return board_png(drawn.state, orders=drawn.orders, results=drawn.results,
                     title=title(roster))


def file_name(roster: Roster, result: PhaseResult) -> str:
    return f"{roster.game}-{result.position.phase}.png"


def recorded(state: Mapping[str, Any], result: Mapping[str, Any] | None) -> Played:
    """A stored phase as the map draws it, in every kind: the state it was played from
    and, once it is processed, its orders carried out and each unit's outcome. A board
    game's result keeps ``orders`` by power and ``outcomes`` (judge.storage.phases); a
    market game's is its runner's, ``orders`` by unit or by power and unit and
    ``results``: ``orders_by_unit`` reads every shape."""
    result = result or {}
    outcomes = result.get("outcomes") or result.get("results") or {}
    return Played(dict(state), orders_by_unit(result.get("orders") or {}), dict(outcomes))
