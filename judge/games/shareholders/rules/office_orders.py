"""Movement and retreat orders of a country's office holders (spec 4.3, D34): checking a
line, the order as executed and its text, and the Codirectors' agreement (5.3, D33)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judge.engine.board import Map, UnitType, province_of
from judge.engine.hints import order_fault
from judge.engine.legality import check_order
from judge.engine.orders import (
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
)
from judge.engine.outcomes import Reason
from judge.engine.position import Position, Unit
from judge.engine.seas import convoy_possible
from judge.games.shareholders.rules.commands import Command, Refused


@dataclass(frozen=True, slots=True)
class Instruction:
    """An accepted order: the engine's checked order, and whether ``VIA CONVOY`` was
    written (part of the order, D33, but not something the engine keeps apart)."""

    order: Order
    via: bool = False

    @property
    def unit(self) -> Unit:
        return self.order.unit  # type: ignore[union-attr]

    @property
    def text(self) -> str:
        """The executed order as results print it: no coasts after S or C."""
        o = self.order
        if isinstance(o, Move):
            return f"{o.unit} - {o.dest}" + (" VIA CONVOY" if self.via else "")
        if isinstance(o, SupportHold):
            return f"{o.unit} S {_bare(o.target)}"
        if isinstance(o, SupportMove):
            return f"{o.unit} S {_bare(o.target)} - {province_of(o.dest)}"
        if isinstance(o, Convoy):
            return f"{o.unit} C {_bare(o.target)} - {province_of(o.dest)}"
        return str(o)  # Hold "A PAR H", Retreat "A BUR - PIC", Disband "A BUR D"

    @property
    def key(self) -> tuple[str, str, bool]:
        """What Codirectors must give identically (D33): the normalised order."""
        return (type(self.order).__name__, str(self.order), self.via)


# A set of orders: per unit province, in the order the lines were listed (a later line
# for the same unit replaces the earlier one and takes its place, D32).
OrderSet = tuple[Instruction, ...]


def with_order(orders: OrderSet, given: Instruction) -> OrderSet:
    prov = given.unit.province
    return (*(i for i in orders if i.unit.province != prov), given)


_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Disband)


class OrderDesk:
    """Checks one office holder's movement or retreat lines for one country."""

    def __init__(self, position: Position, board: Map, country: str, retreats: bool) -> None:
        self.position, self.board, self.country = position, board, country
        self.retreats = retreats

    def check(self, orders: OrderSet, command: Command) -> tuple[OrderSet, str | None] | Refused:
        if not isinstance(command, _ORDERS):
            return Refused(Reason.WRONG_PHASE.value)
        checked = self._check(command)
        if isinstance(checked, Refused):
            return checked
        return with_order(orders, checked), None

    def _fault(self, reason: Reason, order: Order) -> str:
        """The reason, and what would be right (judge.engine.hints)."""
        return order_fault(reason, order, self.country, self.position, self.board)

    def _check(self, order: Order) -> Instruction | Refused:
        if self.retreats:
            result = check_order(order, self.country, self.position, self.board)
            return Refused(self._fault(result, order)) if isinstance(result, Reason) \
                else Instruction(result)
        if isinstance(order, (Retreat, Disband)):
            return Refused(Reason.WRONG_PHASE.value)
        found = self.position.unit_at(order.unit.province)  # type: ignore[union-attr]
        refusal = _beyond_engine(order, found[1] if found else None, self.position, self.board)
        if refusal is not None:
            return Refused(refusal)
        result = check_order(order, self.country, self.position, self.board)
        via = isinstance(order, Move) and order.via_convoy
        if result is Reason.NO_CONVOY_ROUTE and isinstance(order, Convoy):
            # D34 refuses only a convoy by a fleet not at sea or of no army between coasts.
            target = self.position.unit_at(order.target.province)
            assert found is not None and target is not None
            return Instruction(Convoy(found[1], target[1], province_of(order.dest)))
        if isinstance(result, Reason):
            return Refused(self._fault(result, order))
        return Instruction(result, via)


def _beyond_engine(order: Order, unit: Unit | None, position: Position, board: Map) -> str | None:
    """The refusals of D34 the engine's own check does not make."""
    if unit is None:
        return None
    if isinstance(order, Move) and order.via_convoy:
        if unit.type is UnitType.FLEET:
            return "a fleet cannot move by convoy"
        if not convoy_possible(board, unit.province, province_of(order.dest)):
            return Reason.NO_CONVOY_ROUTE.value
    if isinstance(order, (SupportHold, SupportMove)):
        if position.unit_at(order.target.province) is None:
            return "there is no unit to support there"
    if isinstance(order, Convoy) and unit.type is UnitType.FLEET:
        target = position.unit_at(order.target.province)
        if target is None or target[1].type is not UnitType.ARMY:
            return Reason.CONVOY_NOT_ARMY.value
    return None


def _bare(unit: Unit) -> str:
    return f"{unit.type.value} {unit.province}" if unit.type else unit.province


def agreed_orders(office: tuple[str, ...], sets: Mapping[str, OrderSet]) -> OrderSet:
    """The orders a country executes (5.3): a sole Director's, or those every Codirector
    gave identically, in the alphabetically first Codirector's order; ``()`` when there
    is no office holder or a Codirector sent nothing."""
    if not office:
        return ()
    if len(office) == 1:
        return sets.get(office[0], ())
    given = [sets.get(name) for name in office]
    if any(s is None for s in given):
        return ()
    keyed = [{i.unit.province: i.key for i in s or ()} for s in given]
    first = given[0] or ()
    return tuple(i for i in first if all(k.get(i.unit.province) == i.key for k in keyed))
