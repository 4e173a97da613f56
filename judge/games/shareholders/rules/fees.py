"""Order fees (spec 5.7, D7, D26): what a country's orders cost and which are turned into
holds when its cash is short."""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.orders import Convoy, Hold, Move, SupportHold, SupportMove
from judge.games.shareholders.rules.office_orders import Instruction, OrderSet
from judge.games.shareholders.rules.params import Params


def fee_of(instruction: Instruction, params: Params) -> int:
    order = instruction.order
    if isinstance(order, Move):
        return params.move_fee
    if isinstance(order, (SupportHold, SupportMove)):
        return params.support_fee
    if isinstance(order, Convoy):
        return params.convoy_fee
    return 0


@dataclass(frozen=True)
class Charged:
    """The orders a country executes after cancellations, the cancelled ones, and the fee."""

    orders: OrderSet
    cancelled: OrderSet
    fee: int


def charge(orders: OrderSet, cash: int, params: Params) -> Charged:
    """Cancel orders while the fees exceed ``cash``: moves from the last listed back to the
    first, then convoys likewise, then supports likewise (a zero fee is no exception)."""
    total = sum(fee_of(i, params) for i in orders)
    sequence = [i for kind in (Move, Convoy, (SupportHold, SupportMove))
                for i in reversed(orders) if isinstance(i.order, kind)]
    cancelled: list[Instruction] = []
    for instruction in sequence:
        if total <= cash:
            break
        cancelled.append(instruction)
        total -= fee_of(instruction, params)
    kept = tuple(i if i not in cancelled else Instruction(Hold(i.unit)) for i in orders)
    return Charged(kept, tuple(cancelled), total)
