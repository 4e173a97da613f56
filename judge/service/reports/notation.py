"""Orders and units in the judge's long notation that mapping tools read:
``Army Paris -> Burgundy``, ``Fleet St Petersburg (south coast) HOLD``."""

from __future__ import annotations

from textwrap import fill

from judge.engine.board import Map, UnitType, coast_of, province_of
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from judge.engine.phase import Phase, PhaseKind
from judge.engine.position import Unit

WIDTH = 78  # mail readers and mapping tools expect short lines
COASTS = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}
KIND_RESULTS = {
    PhaseKind.MOVEMENT: "Movement results",
    PhaseKind.RETREAT: "Retreat orders",
    PhaseKind.ADJUSTMENT: "Adjustment orders",
}
KIND_NEXT = {
    PhaseKind.MOVEMENT: "Movement",
    PhaseKind.RETREAT: "Retreats",
    PhaseKind.ADJUSTMENT: "Adjustments",
}


def power_name(power: str) -> str:
    """``FRANCE`` -> ``France``, as the judges print powers in results."""
    return power.title()


def place(location: str, board: Map) -> str:
    """``STP/SC`` -> ``St Petersburg (south coast)``."""
    province = board.provinces.get(province_of(location))
    name = province.name if province is not None else province_of(location)
    coast = coast_of(location)
    return f"{name} ({COASTS.get(coast, coast.lower())})" if coast else name


def unit_text(unit: Unit, board: Map) -> str:
    """``Army Paris``; a unit whose type the order left out is named by its place."""
    if unit.type is None:
        return place(unit.location, board)
    kind = "Army" if unit.type is UnitType.ARMY else "Fleet"
    return f"{kind} {place(unit.location, board)}"


def order_text(order: Order, board: Map) -> str:
    """One carried-out order in long notation, without the power and the final stop."""
    match order:
        case Hold(unit):
            return f"{unit_text(unit, board)} HOLD"
        case Move(unit, dest, _, path):
            route = [place(p, board) for p in (*path, dest)]
            return f"{unit_text(unit, board)} -> {' -> '.join(route)}"
        case SupportHold(unit, target):
            return f"{unit_text(unit, board)} SUPPORT {unit_text(target, board)}"
        case SupportMove(unit, target, dest):
            return (f"{unit_text(unit, board)} SUPPORT {unit_text(target, board)}"
                    f" -> {place(dest, board)}")
        case Convoy(unit, target, dest):
            return (f"{unit_text(unit, board)} CONVOY {unit_text(target, board)}"
                    f" -> {place(dest, board)}")
        case Retreat(unit, dest):
            return f"{unit_text(unit, board)} -> {place(dest, board)}"
        case Disband(unit):
            return f"{unit_text(unit, board)} DISBAND"
        case Build(unit):
            return f"Builds {_article(unit)} in {place(unit.location, board)}"
        case Remove(unit):
            return f"Removes the {_kind(unit)} in {place(unit.location, board)}"
        case Waive():
            return "Build waived"
    raise TypeError(f"not an order: {order!r}")


def _kind(unit: Unit) -> str:
    return "fleet" if unit.type is UnitType.FLEET else "army"


def _article(unit: Unit) -> str:
    return "a fleet" if unit.type is UnitType.FLEET else "an army"


def results_title(phase: Phase) -> str:
    """``Movement results for Spring of 1901``."""
    return f"{KIND_RESULTS[phase.kind]} for {phase.long_name}"


def next_title(phase: Phase) -> str:
    """``Retreats for Spring of 1901``: what the next-phase line names."""
    return f"{KIND_NEXT[phase.kind]} for {phase.long_name}"


def heading(phase: Phase) -> str:
    """``SPRING 1901 MOVEMENT``: the phase as Payola statements head it."""
    return f"{phase.season.name} {phase.year} {phase.kind.name}"


def listing(names: list[str]) -> str:
    """``Apulia``, ``Apulia or Piedmont``, ``Apulia, Rome or Venice``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} or {names[-1]}"


def roll(who: str, names: list[str]) -> str:
    """``France:   Brest, Marseilles, Paris.``, wrapped under the names as judges wrap;
    a line never breaks inside one name (``Fleet St Petersburg (south coast)``)."""
    glued = ", ".join(n.replace(" ", "\0") for n in names) + "."
    text = fill(glued, width=WIDTH, initial_indent=f"{who + ':':<9} ",
                subsequent_indent=" " * 10, break_on_hyphens=False)
    return text.replace("\0", " ")
