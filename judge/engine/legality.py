"""Is this order legal for this unit here? Resolves unit types and coasts, or names the fault.

An illegal order is never an exception: ``check_order`` returns a Reason, and the
adjudicator makes the unit hold (movement) or disband (retreat), as judges do.
"""

from __future__ import annotations

from judge.engine.board import Map, Terrain, UnitType, coast_of, province_of
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
from judge.engine.outcomes import Reason
from judge.engine.phase import PhaseKind
from judge.engine.position import Position, Unit
from judge.engine.seas import convoy_possible, on_some_sea_route


def check_order(order: Order, power: str | None, position: Position, board: Map) -> Order | Reason:
    """The order as the engine will carry it out, or why it cannot be.

    ``power`` is the power giving the order; None skips the ownership check (a
    Payola bribe may buy any unit). Count limits of adjustments (how many builds)
    are the adjustment step's business, not this one's.
    """
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        # All a movement order's check reads of the position: the units standing where
        # the order's unit and the unit it names (support, convoy) are.
        occupant = position.occupant
        unit: Unit | None = getattr(order, "unit", None)
        target: Unit | None = getattr(order, "target", None)
        return check_movement_order(
            order,
            power,
            None if unit is None else occupant.get(unit.province),
            None if target is None else occupant.get(target.province),
            board,
        )
    if not _places_known(order, board):
        return Reason.UNKNOWN_PROVINCE
    if kind is PhaseKind.RETREAT:
        return _retreat(order, power, position, board)
    return _adjustment(order, power, position, board)


def _places_known(order: Order, board: Map) -> bool:
    """Whether every place an order names is a province of this map (orders built in
    code, not read from text, may name anything)."""
    provinces = board.provinces
    kind = type(order)
    if kind is Waive:
        return True
    if order.unit.province not in provinces:  # type: ignore[union-attr]
        return False
    if kind is Move:
        return province_of(order.dest) in provinces and all(  # type: ignore[union-attr]
            province_of(p) in provinces
            for p in order.path  # type: ignore[union-attr]
        )
    if kind is SupportMove or kind is Convoy:
        return order.target.province in provinces and province_of(order.dest) in provinces  # type: ignore[union-attr]
    if kind is SupportHold:
        return order.target.province in provinces  # type: ignore[union-attr]
    if kind is Retreat:
        return province_of(order.dest) in provinces  # type: ignore[union-attr]
    return True


_MOVEMENT = (Hold, Move, SupportHold, SupportMove, Convoy)
_ARMY = UnitType.ARMY


def _own_unit(given: Unit, power: str | None, found: tuple[str, Unit] | None) -> Unit | Reason:
    """The unit an order names, ``found`` standing in its province (owner, unit)."""
    if found is None:
        return Reason.NO_SUCH_UNIT
    owner, unit = found
    if power is not None and owner != power:
        return Reason.NOT_YOUR_UNIT
    if given.type is not None and given.type is not unit.type:
        return Reason.WRONG_UNIT_TYPE
    return unit


# Remembered: a game's orders and units repeat from phase to phase (and a Payola sheet's
# offers name the same orders many times). The key holds the ids of the order and of
# the units standing where it looks, not the values: hashing those would call their
# Python __hash__ methods, and an order read from text is one object per line, a unit
# one object per text. The entry keeps those objects alive, so no id is reused while
# the entry stands; an equal order or unit that is another object is checked again.
_CHECKED: dict[tuple[object, ...], tuple[object, ...]] = {}
_CHECKED_SIZE = 1 << 16


def check_movement_order(
    order: Order,
    power: str | None,
    found: tuple[str, Unit] | None,
    named: tuple[str, Unit] | None,
    board: Map,
) -> Order | Reason:
    """A movement-phase order, ``found`` and ``named`` standing (owner, unit) where its
    unit and the unit it names are, or None: check_order's movement case, for a caller
    that checks a whole phase's orders (the adjudicator)."""
    if named is None:  # most orders name no other unit
        key: tuple[object, ...] = (
            (id(order), power, board) if found is None
            else (id(order), power, board, found[0], id(found[1]))
        )
    else:  # (a key of another length: never equal to the two above)
        key = (
            id(order), power, board,
            None if found is None else found[0], None if found is None else id(found[1]),
            named[0], id(named[1]),
        )
    entry = _CHECKED.get(key)
    if entry is None:
        if len(_CHECKED) >= _CHECKED_SIZE:
            _CHECKED.clear()
        result = _movement(order, power, found, named, board)
        entry = _CHECKED[key] = (result, order, found, named)
    return entry[0]  # type: ignore[return-value]


def _movement(
    order: Order,
    power: str | None,
    found: tuple[str, Unit] | None,
    named: tuple[str, Unit] | None,
    board: Map,
) -> Order | Reason:
    if not _places_known(order, board):
        return Reason.UNKNOWN_PROVINCE
    if not isinstance(order, _MOVEMENT):
        return Reason.WRONG_PHASE
    unit = _own_unit(order.unit, power, found)
    if isinstance(unit, Reason):
        return unit
    if isinstance(order, Hold):
        return order if order.unit == unit else Hold(unit)
    if isinstance(order, Move):
        return _move(unit, order, board)
    if isinstance(order, SupportHold):
        return _support_hold(unit, order, named, board)
    if isinstance(order, SupportMove):
        return _support_move(unit, order, named, board)
    return _convoy(unit, order, named, board)


def _move(unit: Unit, order: Move, board: Map) -> Move | Reason:
    dest_prov = province_of(order.dest)
    if dest_prov == unit.province:
        return Reason.MOVE_TO_SELF
    if unit.type is _ARMY and not (order.via_convoy or order.path):
        if dest_prov in board.neighbours(_ARMY, unit.location):
            # The common case, checked first: an army's plain move next door.
            return (
                order if order.unit == unit and order.dest == dest_prov else Move(unit, dest_prov)
            )
    terrain = board.terrain(dest_prov)
    if terrain is Terrain.IMPASSABLE:
        return Reason.NOT_ADJACENT
    if unit.type is _ARMY:
        if terrain is Terrain.SEA:
            return Reason.ARMY_TO_SEA
        path = tuple(province_of(p) for p in order.path)
        if not convoy_possible(board, unit.province, dest_prov):
            if board.adjacent(UnitType.ARMY, unit.location, dest_prov):
                return Move(unit, dest_prov)
            coastal = board.terrain(unit.province) is terrain is Terrain.COAST
            return Reason.NO_CONVOY_ROUTE if coastal else Reason.NOT_ADJACENT
        return Move(unit, dest_prov, via_convoy=True, path=path)
    dest = fleet_destination(board, unit.location, order.dest)
    if isinstance(dest, Reason):
        return dest
    return Move(unit, dest)


def fleet_destination(board: Map, origin: str, dest: str) -> str | Reason:
    """Where a fleet at ``origin`` ordered to ``dest`` goes, choosing the coast when
    only one can be reached (DATC 6.B.2) and refusing when it is ambiguous (6.B.1)."""
    prov = province_of(dest)
    if board.terrain(prov) is Terrain.LAND:
        return Reason.FLEET_INLAND
    coasts = board.coasts(prov)
    coast = coast_of(dest)
    if coast is not None:
        if coast not in coasts:
            return Reason.BAD_COAST
        return dest if board.adjacent(UnitType.FLEET, origin, dest) else Reason.UNREACHABLE_COAST
    reachable = [
        loc for loc in board.fleet_locations(prov) if board.adjacent(UnitType.FLEET, origin, loc)
    ]
    if not reachable:
        return Reason.NOT_ADJACENT
    if len(reachable) > 1:
        return Reason.COAST_NEEDED
    return reachable[0]


def _support_hold(
    unit: Unit, order: SupportHold, named: tuple[str, Unit] | None, board: Map
) -> Order | Reason:
    target_prov = order.target.province
    if target_prov == unit.province:
        return Reason.SUPPORT_SELF
    if not board.reaches_province(unit.type, unit.location, target_prov):  # type: ignore[arg-type]
        return Reason.CANNOT_SUPPORT_THERE
    return SupportHold(unit, _target(order.target, named))


def _support_move(
    unit: Unit, order: SupportMove, named: tuple[str, Unit] | None, board: Map
) -> Order | Reason:
    dest_prov = province_of(order.dest)
    if order.target.province == unit.province or dest_prov == unit.province:
        return Reason.SUPPORT_SELF
    if order.target.province == dest_prov:
        return Reason.MOVE_TO_SELF
    if not board.reaches_province(unit.type, unit.location, dest_prov):  # type: ignore[arg-type]
        return Reason.CANNOT_SUPPORT_THERE
    coast = coast_of(order.dest)
    if coast is not None and coast not in board.coasts(dest_prov):
        return Reason.BAD_COAST
    # A coast named in a support must match the move's (DATC 6.B.9), so it is kept.
    return SupportMove(unit, _target(order.target, named), order.dest)


def _convoy(
    unit: Unit, order: Convoy, named: tuple[str, Unit] | None, board: Map
) -> Order | Reason:
    if unit.type is not UnitType.FLEET:
        return Reason.CONVOY_BY_ARMY
    if board.terrain(unit.province) is not Terrain.SEA:
        return Reason.CONVOY_FROM_LAND
    if order.target.type is UnitType.FLEET:
        return Reason.CONVOY_NOT_ARMY
    dest_prov = province_of(order.dest)
    if (
        board.terrain(order.target.province) is not Terrain.COAST
        or board.terrain(dest_prov) is not Terrain.COAST
    ):
        return Reason.CONVOY_NOT_COASTAL
    if order.target.province == dest_prov:
        return Reason.MOVE_TO_SELF
    if not on_some_sea_route(board, order.target.province, unit.province, dest_prov):
        return Reason.NO_CONVOY_ROUTE
    target = _target(order.target, named)
    if target.type is UnitType.FLEET:
        return Reason.CONVOY_NOT_ARMY
    return Convoy(unit, target, dest_prov)


def _target(given: Unit, found: tuple[str, Unit] | None) -> Unit:
    """The unit a support or convoy names, as it stands (``found`` in its province; the
    order is void if none does)."""
    if found is not None and (given.type is None or given.type is found[1].type):
        return found[1]
    return Unit(given.type, given.province)


def _retreat(order: Order, power: str | None, position: Position, board: Map) -> Order | Reason:
    if not isinstance(order, (Move, Retreat, Disband)):
        return Reason.WRONG_PHASE
    found = position.dislodged_at(order.unit.province)
    if found is None:
        return (
            Reason.NOT_DISLODGED if position.unit_at(order.unit.province) else Reason.NO_SUCH_UNIT
        )
    owner, dislodgement = found
    unit = dislodgement.unit
    if order.unit.type is not None and order.unit.type is not unit.type:
        return Reason.WRONG_UNIT_TYPE
    if power is not None and owner != power:
        return Reason.NOT_YOUR_UNIT
    if isinstance(order, Disband):
        return Disband(unit)
    if isinstance(order, Move) and (order.via_convoy or order.path):
        return Reason.NOT_ADJACENT
    dest = retreat_destination(board, unit, order.dest)
    if isinstance(dest, Reason):
        return dest
    dest_prov = province_of(dest)
    if dest_prov == dislodgement.attacker:
        return Reason.RETREAT_TO_ATTACKER
    if dest_prov in position.contested:
        return Reason.RETREAT_CONTESTED
    if position.unit_at(dest_prov) is not None:
        return Reason.RETREAT_OCCUPIED
    return Retreat(unit, dest)


def retreat_destination(board: Map, unit: Unit, dest: str) -> str | Reason:
    """The location a retreat to ``dest`` reaches by one ordinary move, or why not."""
    prov = province_of(dest)
    if prov == unit.province:
        return Reason.MOVE_TO_SELF
    if unit.type is UnitType.FLEET:
        return fleet_destination(board, unit.location, dest)
    if board.terrain(prov) is Terrain.SEA:
        return Reason.ARMY_TO_SEA
    return prov if board.adjacent(UnitType.ARMY, unit.location, prov) else Reason.NOT_ADJACENT


def _adjustment(order: Order, power: str | None, position: Position, board: Map) -> Order | Reason:
    if isinstance(order, Waive):
        return order
    if isinstance(order, (Remove, Disband)):
        unit = _own_unit(order.unit, power, position.occupant.get(order.unit.province))
        return unit if isinstance(unit, Reason) else Remove(unit)
    if not isinstance(order, Build):
        return Reason.WRONG_PHASE
    return _build(order, power, position, board)


def _build(order: Build, power: str | None, position: Position, board: Map) -> Order | Reason:
    prov = order.unit.province
    owner = position.owner.get(prov)
    home = board.provinces[prov].home
    if home is None or (power is not None and home != power):
        return Reason.NOT_HOME_CENTER
    if owner != home:
        return Reason.NOT_OWNED
    if position.unit_at(prov) is not None:
        return Reason.OCCUPIED
    utype = order.unit.type
    if utype is None:
        return Reason.WRONG_UNIT_TYPE
    if utype is UnitType.ARMY:
        return Build(Unit(UnitType.ARMY, prov))
    if board.terrain(prov) is not Terrain.COAST:
        return Reason.FLEET_INLAND
    locations = board.fleet_locations(prov)
    if order.unit.location in locations:
        return Build(Unit(UnitType.FLEET, order.unit.location))
    if coast_of(order.unit.location) is not None:
        return Reason.BAD_COAST
    if len(locations) > 1:
        return Reason.COAST_NEEDED
    return Build(Unit(UnitType.FLEET, locations[0]))
