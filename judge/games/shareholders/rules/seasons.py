"""Spring and Fall (spec 3.1): each country's executed orders after agreement (5.3) and
fees (5.7), adjudicated by the standard engine; and the retreats that follow."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from judge.engine.adjudicate import adjudicate
from judge.engine.board import Map
from judge.engine.orders import Disband, Hold, Order
from judge.engine.outcomes import Outcome
from judge.engine.position import Position, Unit
from judge.games.shareholders.rules.fees import charge
from judge.games.shareholders.rules.office_orders import Instruction, OrderSet, agreed_orders
from judge.games.shareholders.rules.params import Params
from judge.games.shareholders.rules.state import ShareholdersGame


@dataclass(frozen=True)
class Season:
    """A played movement or retreat phase: the board after it (still at the played turn),
    every unit's executed order, the fees paid and the engine's outcomes."""

    game: ShareholdersGame
    executed: Mapping[Unit, Instruction]
    fees: Mapping[str, int] = field(default_factory=dict)
    cancelled: Mapping[str, tuple[Instruction, ...]] = field(default_factory=dict)
    outcomes: Mapping[Unit, Outcome] = field(default_factory=dict)


SetsByHolder = Mapping[str, Mapping[str, OrderSet]]  # country -> office holder -> set


def movement(game: ShareholdersGame, params: Params, board: Map, sets: SetsByHolder) -> Season:
    """A movement phase: agreement, fees (cancelling what cash cannot pay), adjudication."""
    executed: dict[Unit, Instruction] = {}
    fees: dict[str, int] = {}
    cancelled: dict[str, tuple[Instruction, ...]] = {}
    countries = dict(game.countries)
    engine_orders: dict[str, list[Order]] = {}
    for name, country in game.countries.items():
        agreed = agreed_orders(country.office, sets.get(name, {}))
        charged = charge(agreed, country.cash, params)
        if charged.fee:
            fees[name] = charged.fee
        if charged.cancelled:
            cancelled[name] = charged.cancelled
        countries[name] = replace(country, cash=country.cash - charged.fee)
        ordered = {i.unit: i for i in charged.orders}
        for unit in game.units_of(name):
            executed[unit] = ordered.get(unit, Instruction(Hold(unit)))
        engine_orders[name] = [i.order for i in charged.orders]
    result = adjudicate(game.position, engine_orders, board)
    after = _board_after(game, result.next)
    played = replace(game, countries=countries).with_board(after)
    return Season(played, executed, fees, cancelled, result.outcomes)


def retreats(game: ShareholdersGame, board: Map, sets: SetsByHolder) -> Season:
    """A retreat phase: a dislodged unit retreats only on its office holders' unanimous
    order; otherwise it is disbanded."""
    executed: dict[Unit, Instruction] = {}
    engine_orders: dict[str, list[Order]] = {}
    for name, dislodged in game.position.dislodged.items():
        country = game.countries[name]
        agreed = {i.unit: i for i in agreed_orders(country.office, sets.get(name, {}))}
        for d in dislodged:
            executed[d.unit] = agreed.get(d.unit, Instruction(Disband(d.unit)))
        engine_orders[name] = [executed[d.unit].order for d in dislodged]
    result = adjudicate(game.position, engine_orders, board)
    return Season(game.with_board(_board_after(game, result.next)), executed,
                  outcomes=result.outcomes)


def _board_after(game: ShareholdersGame, nxt: Position) -> Position:
    """The engine's next position, with the centres as they were: ownership changes in the
    year-end step, never in between."""
    return Position(game.position.phase, nxt.units, game.position.centers, nxt.dislodged,
                    nxt.contested)
