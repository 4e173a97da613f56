"""The players of tests/e2e/test_whole_game_no_gm.py: how a game of each kind is played
by mail from CREATE to its end (who joins, what each member sends in each phase, how
it ends), and seeded random legal orders on the board."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.adjustments import adjustment_due, buildable_centers
from judge.engine.board import UnitType
from judge.engine.choices import random_orders
from judge.engine.maps import load_map
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    SupportMove,
    Waive,
)
from judge.engine.phase import PhaseKind
from judge.engine.position import Position, Unit

BOARD = load_map("standard")
State = Mapping[str, Any]


def address(name: str) -> str:
    return f"{name.lower()}@nogm.example"


def password(name: str) -> str:
    return f"pw{name.lower()}"


@dataclass(frozen=True)
class Play:
    """How a game of one kind is played here, from CREATE to its end."""

    params: str  # CREATE's words after the kind's own
    members: tuple[str, ...]  # who joins: powers in a board game, names in a market
    end: str  # what SUMMARY says of how it ended
    # a market member's lines as himself in the phase a state opens, or None
    own: Callable[[State, str], list[str] | None] = lambda state, name: None
    # the lines a power's member sends besides its units' orders (dividends, ...)
    extra: Callable[[State, str], list[str]] = lambda state, power: []
    draw_from: str | None = None  # a board game: the players vote a draw from this phase


@dataclass(frozen=True)
class Rider:
    """How an attachment is played beside its host game."""

    params: str  # CREATE's words after the attachment's own
    members: tuple[str, ...]  # who joins it (pseudonyms), before the start
    turn: Callable[[str], list[str]]  # a member's lines in a host phase (by its name)


# -- the market members' own lines ----------------------------------------------------

FOUNDS = {"ALICE": "FRANCE", "BOB": "GERMANY", "CAROL": "RUSSIA"}  # Exchange


def _exchange(state: State, name: str) -> list[str] | None:
    """Each investor founds one corporation and buys shares of the others', votes for
    their founders, and keeps what he leads as it is; CLEAR his empty offer sheet."""
    letter = str(state["phase"])[-1:]
    corporations = state.get("corporations", {})
    mine = FOUNDS[name]
    leads = [p for p, c in sorted(corporations.items()) if c.get("leader") == name]
    if letter == "B":
        if corporations.get(mine, {}).get("status", "UNSTARTED") == "UNSTARTED":
            return [f"BID {mine} 100 SHARES 6 PRICE 1"]
        return [f"NOISSUE {p}" for p in leads] or [f"NOBID {mine}"]  # nothing to bid
    if letter == "O":  # a leader with nothing to change prices his shares as they are
        if corporations.get(mine, {}).get("status") == "STARTED":
            return [f"SETUP {mine} SHARES 6 PRICE 1"]
        return [f"PRICE {p} {corporations[p]['price']}" for p in leads] or None
    if letter == "P":
        return ["PURCHASE " + " ".join(f"2*{p}" for n, p in sorted(FOUNDS.items())
                                       if n != name)]
    if letter == "E":
        held = state.get("investors", {}).get(name, {}).get("shares", {})
        return [f"VOTE {p} {c.get('founder') or name}" for p, c in sorted(corporations.items())
                if c.get("status") == "FLOATED" and held.get(p)] or None
    if letter == "M":
        return ["CLEAR"]  # an investor who bribes nobody
    return None


def _exchange_extra(state: State, power: str) -> list[str]:
    return [f"DIVIDEND {power} 0"] if str(state["phase"]).endswith("A") else []


BUYS = {"ANN": "BUY 4 FRANCE", "BEN": "BUY 5 ENGLAND", "CID": "BUY 4 FRANCE"}  # Shareholders


def _shareholders(state: State, name: str) -> list[str] | None:
    return [BUYS[name]] if str(state["phase"]).endswith("D") else None


def _shareholders_extra(state: State, power: str) -> list[str]:
    return ["NO DIVIDEND"] if str(state["phase"]).endswith("A") else []


def _capitalist(state: State, name: str) -> list[str] | None:
    """MIDAS sells lira and CROESUS buys them, while Italy lives; then neither trades."""
    if not str(state["phase"]).endswith("C"):
        return None
    if "ITALY" in state.get("annihilated", []):
        return ["NOTRADE"]
    return [{"MIDAS": "SELL 50 LIRA", "CROESUS": "BUY 20 LIRA"}[name]]


BOARD_PLAYERS = ("FRANCE", "GERMANY", "ITALY", "AUSTRIA")
LAST_YEAR = "its last year was played"
DRAWN = "a draw among"

PLAYS: dict[str, Play] = {  # the games of their own, by the kind's name
    "standard": Play("", BOARD_PLAYERS, DRAWN, draw_from="S1904M"),
    "payola": Play("", BOARD_PLAYERS, DRAWN, draw_from="S1904M"),
    "exchange": Play("MIN_BID=100 END_YEAR=1903", tuple(FOUNDS), LAST_YEAR, own=_exchange,
                     extra=_exchange_extra),
    "shareholders": Play("END_YEAR=1903", tuple(BUYS), LAST_YEAR, own=_shareholders,
                         extra=_shareholders_extra),
    "capitalist": Play("MIN_PLAYERS=2 END_YEAR=1903", ("MIDAS", "CROESUS"), LAST_YEAR,
                       own=_capitalist),
}


def _bourse_turn(phase: str) -> list[str]:
    """A Bourse member's trades in a host phase with a turn (movement, by default)."""
    return ["SELL 10 LIRA", "BUY 10 MARKS"] if phase.endswith("M") else []


RIDERS: dict[str, Rider] = {  # the attachments, by the kind's name
    "bourse": Rider("", ("CROWN", "ARGENT"), _bourse_turn),
}

# -- the orders on the board --------------------------------------------------------------

def _plain(order: Order) -> bool:
    """Not a convoy, a move by convoy nor the support of a move only a convoy makes
    (Payola refuses those when no fleet can carry the army)."""
    if isinstance(order, Convoy) or isinstance(order, Move) and order.via_convoy:
        return False
    if isinstance(order, SupportMove):
        assert order.target.type is not None
        return BOARD.reaches_province(order.target.type, order.target.location, order.dest)
    return True


def board_orders(position: Position, rng: random.Random) -> dict[str, list[Order]]:
    """Random legal orders for every power that has something to order: each unit in a
    movement phase, each dislodged unit in a retreat phase (disbanded when it cannot
    go), the builds (waived where no home centre is free) or removals due."""
    kind = position.phase.kind
    chosen = random_orders(position, BOARD, rng)
    if kind is PhaseKind.MOVEMENT:
        return {p: [o if _plain(o) else Hold(o.unit) for o in os]  # type: ignore[union-attr]
                for p, os in chosen.items()}
    out: dict[str, list[Order]] = {}
    if kind is PhaseKind.RETREAT:
        for power, dislodged in position.dislodged.items():
            given = {getattr(o, "unit", None): o for o in chosen.get(power, [])}
            out[power] = [given.get(d.unit) or Disband(d.unit) for d in dislodged]
        return out
    for power in sorted(set(position.units) | set(position.centers)):
        due = adjustment_due(position, BOARD, power)
        if due > 0:
            free = buildable_centers(position, BOARD, power)[:due]
            out[power] = [Build(Unit(UnitType.ARMY, c)) for c in free]
            out[power] += [Waive()] * (due - len(free))
        elif due < 0:
            out[power] = [Remove(u) for u in position.units.get(power, ())[:-due]]
    return out
