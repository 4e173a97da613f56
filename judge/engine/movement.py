"""The movement phase: strengths (attack, hold, defend, prevent) and every order's decision.

Decisions are keyed ``("m", p)`` (the move from p succeeds), ``("p", p)`` (the
convoy carrying the army from p holds) and ``("s", p)`` (the support from p is
given, i.e. valid and not cut). Definitions follow the DATC and Kruijswijk's
"Math of Adjudication"; paradoxes are broken by the Szykman rule (DATC 4.A.2).

This is the engine's innermost loop (every phase of every game), so it reads the
orders once into plain dicts keyed by province and dispatches on ``type(order)``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from judge.engine.board import Map, Terrain, UnitType
from judge.engine.convoy import convoy_chain_exists
from judge.engine.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from judge.engine.outcomes import Outcome
from judge.engine.position import Unit
from judge.engine.resolver import Resolver

_ARMY = UnitType.ARMY
_FLEET = UnitType.FLEET
_OK, _BOUNCE, _CUT = Outcome.OK, Outcome.BOUNCE, Outcome.CUT
_DISLODGED, _VOID, _NO_CONVOY = Outcome.DISLODGED, Outcome.VOID, Outcome.NO_CONVOY
_NOWHERE: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class MovementResult:
    """What the movement phase decided, by the province each unit stood in."""

    outcomes: Mapping[str, Outcome]
    moved: Mapping[str, str]  # origin province -> destination location, successful moves
    dislodged: Mapping[str, str | None]  # province -> attacker origin (None: by convoy)
    contested: frozenset[str]  # provinces left empty by a standoff


class _Movement:
    """One movement phase being resolved; built once, asked many questions."""

    __slots__ = (
        "board", "units", "given", "orders", "power", "location", "convoyers", "moves",
        "attackers", "target", "by_convoy", "move_supporters", "hold_supporters",
        "resolver", "resolve",
    )

    def __init__(
        self, board: Map, units: Mapping[str, tuple[str, Unit]], orders: Mapping[str, Order]
    ):
        self.board = board
        self.units = units
        self.given = orders  # as ordered, before impossible convoys became holds
        power: dict[str, str] = {}
        location: dict[str, str] = {}
        for p, (pw, u) in units.items():
            power[p] = pw
            location[p] = u.location
        self.power = power
        self.location = location
        # One pass over the orders: moves, supports and convoys by kind.
        moves: dict[str, Move] = {}
        convoyers: dict[tuple[str, str], list[str]] = {}
        support_moves: list[tuple[str, SupportMove]] = []
        support_holds: list[tuple[str, SupportHold]] = []
        for p, o in orders.items():
            kind = type(o)
            if kind is Move:
                moves[p] = o  # type: ignore[assignment]
            elif kind is SupportMove:
                support_moves.append((p, o))  # type: ignore[arg-type]
            elif kind is SupportHold:
                support_holds.append((p, o))  # type: ignore[arg-type]
            elif kind is Convoy:
                key = (o.target.province, o.dest)  # type: ignore[union-attr]
                convoyers.setdefault(key, []).append(p)
        self.convoyers = convoyers
        self.orders = orders = _by_land_or_sea(board, orders, moves, convoyers, location)
        self.moves = moves
        self.by_convoy = _going_by_convoy(board, moves, convoyers, power, location)
        attackers: dict[str, list[str]] = {}
        target: dict[str, str] = {}
        for p, m in moves.items():
            d = m.dest.split("/", 1)[0]
            target[p] = d  # the province moved into
            found = attackers.get(d)
            if found is None:
                attackers[d] = [p]
            else:
                found.append(p)
        self.attackers = attackers
        self.target = target
        move_supporters: dict[str, list[str]] = {}
        for p, o in support_moves:
            t = o.target.province
            supported = moves.get(t)
            if (
                supported is not None
                and _aims_at(o.dest, supported.dest)
                and _same_unit(o.target, supported.unit)
            ):
                move_supporters.setdefault(t, []).append(p)
        hold_supporters: dict[str, list[str]] = {}
        for p, o in support_holds:
            t = o.target.province
            if t in units and t not in moves and _same_unit(o.target, units[t][1]):
                hold_supporters.setdefault(t, []).append(p)
        self.move_supporters = move_supporters
        self.hold_supporters = hold_supporters
        self.resolver = Resolver(self._decide, self._backup)
        self.resolve = self.resolver.resolve

    def head_to_head(self, p: str) -> str | None:
        """The unit moving straight back into p's origin, if both go by land."""
        d = self.target[p]
        if self.target.get(d) != p or self.by_convoy[p] or self.by_convoy[d]:
            return None
        return d

    def _supports(self, supporters: Sequence[str], exclude_power: str | None = None) -> int:
        resolve = self.resolve
        power = self.power
        count = 0
        for s in supporters:
            if power[s] != exclude_power and resolve(("s", s)):
                count += 1
        return count

    def attack(self, p: str) -> int:
        if self.by_convoy[p] and not self.resolve(("p", p)):
            return 0
        d = self.target[p]
        supporters = self.move_supporters.get(p, ())
        occupant = self.units.get(d)
        if occupant is None or (
            d in self.moves and self.head_to_head(p) is None and self.resolve(("m", d))
        ):
            return 1 + self._supports(supporters) if supporters else 1
        if occupant[0] == self.power[p]:
            return 0
        return 1 + self._supports(supporters, occupant[0]) if supporters else 1

    def hold(self, d: str) -> int:
        if d not in self.units:
            return 0
        if d in self.moves:
            return 0 if self.resolve(("m", d)) else 1
        supporters = self.hold_supporters.get(d)
        return 1 + self._supports(supporters) if supporters else 1

    def defend(self, p: str) -> int:
        supporters = self.move_supporters.get(p)
        return 1 + self._supports(supporters) if supporters else 1

    def prevent(self, p: str) -> int:
        if self.by_convoy[p] and not self.resolve(("p", p)):
            return 0
        opponent = self.head_to_head(p)
        if opponent is not None and self.resolve(("m", opponent)):
            return 0
        supporters = self.move_supporters.get(p)
        return 1 + self._supports(supporters) if supporters else 1

    def dislodged(self, d: str) -> bool:
        if d in self.moves and self.resolve(("m", d)):
            return False
        return any(self.resolve(("m", a)) for a in self.attackers.get(d, ()))

    def _decide(self, _: Resolver, key: Hashable) -> bool:
        kind, p = key  # type: ignore[misc]
        if kind == "m":
            return self._move_succeeds(p)
        if kind == "p":
            return self._path(p)
        return self._support_given(p)

    def _move_succeeds(self, p: str) -> bool:
        if self.by_convoy[p] and not self.resolve(("p", p)):
            return False
        strength = self.attack(p)
        opponent = self.head_to_head(p)
        if opponent is not None:
            if strength <= self.defend(opponent):
                return False
        elif strength <= self.hold(self.target[p]):
            return False
        for a in self.attackers[self.target[p]]:
            if a != p and strength <= self.prevent(a):
                return False
        return True

    def _path(self, p: str) -> bool:
        m = self.moves[p]
        fleets = self.convoyers.get((p, m.dest), ())
        if not convoy_chain_exists(self.board, p, m.dest, fleets, self.location):
            return False
        standing = [f for f in fleets if not self.dislodged(f)]
        return convoy_chain_exists(self.board, p, m.dest, standing, self.location)

    def _support_given(self, p: str) -> bool:
        order = self.orders[p]
        if type(order) is SupportMove:
            if p not in self.move_supporters.get(order.target.province, ()):
                return False
            against: str | None = order.dest.split("/", 1)[0]
        else:
            assert isinstance(order, SupportHold)
            if p not in self.hold_supporters.get(order.target.province, ()):
                return False
            against = None
        attackers = self.attackers.get(p)
        if attackers is None:
            return True
        mine = self.power[p]
        for a in attackers:
            if self.power[a] == mine or a == against:
                continue
            if self.by_convoy[a] and not self.resolve(("p", a)):
                continue
            return False
        # An attack from the province the support is aimed at cuts it only by dislodging.
        return not (against in attackers and self.resolve(("m", against)))

    def _backup(self, resolver: Resolver, cycle: Sequence[Hashable]) -> None:
        paths = [k for k in cycle if k[0] == "p"]  # type: ignore[index]
        if paths:
            # Szykman: the convoyed armies of a paradox do not move and have no effect.
            for k in paths:
                resolver.settle(k, False)
            return
        for k in cycle:
            if k[0] == "m":  # type: ignore[index]
                # Circular movement: everyone moves.
                resolver.settle(k, True)

    def outcome(
        self, p: str, moved: Mapping[str, str], dislodged: Mapping[str, str | None]
    ) -> Outcome:
        if p in dislodged:
            return _DISLODGED
        order = self.orders[p]
        kind = type(order)
        if kind is Move:
            if p in moved:
                return _OK
            if self.by_convoy[p] and not self.resolve(("p", p)):
                return _NO_CONVOY
            return _BOUNCE
        if kind is SupportMove or kind is SupportHold:
            given = self.move_supporters if kind is SupportMove else self.hold_supporters
            if p not in given.get(order.target.province, ()):  # type: ignore[union-attr]
                return _VOID  # it matches no order of the unit it names
            return _OK if self.resolve(("s", p)) else _CUT
        if kind is Convoy:
            m = self.moves.get(order.target.province)  # type: ignore[union-attr]
            carried = (
                m is not None
                and m.dest == order.dest  # type: ignore[union-attr]
                and self.by_convoy[order.target.province]  # type: ignore[union-attr]
            )
            return _OK if carried else _VOID
        assert kind is Hold
        # a move no fleets on the board could convoy is no move at all: illegal (DATC 6.D.32)
        return _VOID if type(self.given[p]) is Move else _OK


def resolve_movement(
    board: Map, units: Mapping[str, tuple[str, Unit]], orders: Mapping[str, Order]
) -> MovementResult:
    """Resolve a movement phase; ``orders`` has one legal order for every unit, by province."""
    mv = _Movement(board, units, orders)
    resolve = mv.resolve
    moved = {p: m.dest for p, m in mv.moves.items() if resolve(("m", p))}
    dislodged: dict[str, str | None] = {}
    attackers = mv.attackers
    for d in units:
        if d in moved or d not in attackers:
            continue
        for a in attackers[d]:
            if a in moved:
                dislodged[d] = None if mv.by_convoy[a] else a
    outcome = mv.outcome
    outcomes = {p: outcome(p, moved, dislodged) for p in units}
    contested = set()
    occupied_after: set[str] | None = None
    for d, atts in attackers.items():
        if occupied_after is None:
            occupied_after = {mv.target[p] for p in moved}
            occupied_after.update(p for p in units if p not in moved and p not in dislodged)
        if d in occupied_after:
            continue
        if any(a not in moved and mv.prevent(a) > 0 for a in atts):
            contested.add(d)
    mv.resolver.release()  # the phase is decided: free it now, not at the collector's next run
    return MovementResult(outcomes, moved, dislodged, frozenset(contested))


def _by_land_or_sea(
    board: Map,
    orders: Mapping[str, Order],
    moves: dict[str, Move],
    convoyers: Mapping[tuple[str, str], list[str]],
    location: Mapping[str, str],
) -> Mapping[str, Order]:
    """A move that needs a convoy when no fleets on the board could form one is no move
    at all: the army holds (DATC 6.D.32; with fleets there that do not convoy, it is a
    failed move, 6.D.8). A move marked VIA CONVOY that no fleet is ordered to carry,
    but that could go by land, goes by land (6.G.8). ``moves`` is updated to match;
    the orders are copied only when one changes."""
    out: dict[str, Order] | None = None
    seas: list[str] | None = None  # the fleets at sea, found when a move needs them (rarely)
    army_edges = board.army_edges
    for p, o in list(moves.items()):
        if o.unit.type is not _ARMY:
            continue
        if o.dest in army_edges.get(o.unit.location, _NOWHERE):
            if not o.via_convoy or convoy_chain_exists(
                board, p, o.dest, convoyers.get((p, o.dest), ()), location
            ):
                continue
            moves[p] = by_land = Move(o.unit, o.dest)
            new: Order = by_land
        else:
            if seas is None:
                seas = [
                    f
                    for f, fo in orders.items()
                    if getattr(fo, "unit", None) is not None
                    and fo.unit.type is _FLEET  # type: ignore[union-attr]
                    and board.terrain(f) is Terrain.SEA
                ]
            if convoy_chain_exists(board, p, o.dest, seas, location):
                continue
            new = Hold(o.unit)
            del moves[p]
        if out is None:
            out = dict(orders)
        out[p] = new
    return orders if out is None else out


def _going_by_convoy(
    board: Map,
    moves: Mapping[str, Move],
    convoyers: Mapping[tuple[str, str], list[str]],
    power: Mapping[str, str],
    location: Mapping[str, str],
) -> dict[str, bool]:
    """Whether each move travels by sea (DATC 4.A.3, the 2000 rules with intent).

    A move to a province the army cannot reach by land goes by convoy; a move
    marked VIA CONVOY goes by convoy; a move the army could make by land goes by
    convoy only when a fleet of the army's own power is (legally) ordered to convoy
    it and the fleets so ordered could carry it (6.G.5, 6.G.6; an own fleet that
    could lie on no route has an illegal order and shows no intent, 6.G.7).
    """
    army_edges = board.army_edges
    out: dict[str, bool] = {}
    for p, m in moves.items():
        unit = m.unit
        if unit.type is not _ARMY:
            out[p] = False
        elif m.via_convoy or m.dest not in army_edges.get(unit.location, _NOWHERE):
            out[p] = True
        elif not convoyers:
            out[p] = False
        else:
            fleets = convoyers.get((p, m.dest), ())
            mine = power[p]
            out[p] = any(power[f] == mine for f in fleets) and convoy_chain_exists(
                board, p, m.dest, fleets, location
            )
    return out


def _aims_at(support_dest: str, move_dest: str) -> bool:
    """A support names a province, or a coast that must be the one the move goes to (6.B.9)."""
    return (
        support_dest == move_dest
        if "/" in support_dest
        else support_dest == move_dest.split("/", 1)[0]
    )


def _same_unit(named: Unit, actual: Unit) -> bool:
    return named.type is None or named.type is actual.type
