"""The movement phase: strengths (attack, hold, defend, prevent) and every order's decision.

Decisions are keyed ``("m", p)`` (the move from p succeeds), ``("p", p)`` (the
convoy carrying the army from p holds) and ``("s", p)`` (the support from p is
given, i.e. valid and not cut). Definitions follow the DATC and Kruijswijk's
"Math of Adjudication"; paradoxes are broken by the Szykman rule (DATC 4.A.2).

This is the engine's innermost loop (every phase of every game), so it reads the
orders once into plain dicts keyed by province and dispatches on ``type(order)``.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
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
        "board", "units", "given", "orders", "_location", "_fleets", "convoyers", "moves",
        "attackers", "target", "by_convoy", "head_to_head", "move_supporters", "hold_supporters",
        "resolver", "resolve",
    )

    def __init__(
        self, board: Map, units: Mapping[str, tuple[str, Unit]], orders: Mapping[str, Order]
    ):
        self.board = board
        self.units = units
        self.given = orders  # as ordered, before impossible convoys became holds
        self._location: dict[str, str] | None = None
        self._fleets: list[str] | None = None
        # One pass over the orders: moves, supports and convoys by kind.
        given_moves: list[tuple[str, Move]] = []
        convoyers: dict[tuple[str, str], list[str]] = {}
        support_moves: list[tuple[str, SupportMove]] = []
        support_holds: list[tuple[str, SupportHold]] = []
        for p, o in orders.items():
            kind = type(o)
            if kind is Move:
                given_moves.append((p, o))  # type: ignore[arg-type]
            elif kind is SupportMove:
                support_moves.append((p, o))  # type: ignore[arg-type]
            elif kind is SupportHold:
                support_holds.append((p, o))  # type: ignore[arg-type]
            elif kind is Convoy:
                key = (o.target.province, o.dest)  # type: ignore[union-attr]
                convoyers.setdefault(key, []).append(p)
        self.convoyers = convoyers
        self.orders = orders
        # Then the moves: by land or by sea, and where each one goes.
        moves: dict[str, Move] = {}
        by_convoy: dict[str, bool] = {}
        target: dict[str, str] = {}  # the province moved into
        attackers: dict[str, list[str]] = {}
        army_edges = board.army_edges
        for p, m in given_moves:
            unit = m.unit
            if unit.type is not _ARMY:
                by_convoy[p] = False
            elif m.dest in army_edges.get(unit.location, _NOWHERE):
                if m.via_convoy:
                    # VIA CONVOY that no fleet is ordered to carry goes by land (6.G.8).
                    by_convoy[p] = self._carried(p, m.dest, convoyers.get((p, m.dest), ()))
                    if not by_convoy[p]:
                        m = self._replace(p, Move(unit, m.dest))  # type: ignore[assignment]
                else:
                    by_convoy[p] = bool(convoyers) and self._convoy_intended(p, m.dest)
            elif self._carried(p, m.dest, self._fleets_at_sea()):
                by_convoy[p] = True
            else:
                # No fleets on the board could carry it: no move at all (6.D.32).
                self._replace(p, Hold(unit))
                continue
            moves[p] = m
            d = m.dest
            if "/" in d:  # a coast: the province is what is attacked
                d = d.split("/", 1)[0]
            target[p] = d
            found = attackers.get(d)
            if found is None:
                attackers[d] = [p]
            else:
                found.append(p)
        self.moves = moves
        self.by_convoy = by_convoy
        self.target = target
        self.attackers = attackers
        # p -> the unit moving straight back into p's origin, when both go by land.
        self.head_to_head = {
            p: d for p, d in target.items()
            if target.get(d) == p and not by_convoy[p] and not by_convoy[d]
        }
        # Supports that match what the unit they name does.
        move_supporters: dict[str, list[str]] = {}
        for p, o in support_moves:
            t = o.target.province
            supported = moves.get(t)
            if supported is None:
                continue
            named = o.target.type
            if named is not None and named is not supported.unit.type:
                continue
            # A support names a province, or a coast that must be the move's (6.B.9).
            to = o.dest
            if to == supported.dest if "/" in to else to == target[t]:
                move_supporters.setdefault(t, []).append(p)
        hold_supporters: dict[str, list[str]] = {}
        for p, o in support_holds:
            t = o.target.province
            if t in units and t not in moves and _same_unit(o.target, units[t][1]):
                hold_supporters.setdefault(t, []).append(p)
        self.move_supporters = move_supporters
        self.hold_supporters = hold_supporters
        self.resolver = resolver = Resolver(self._decide, self._backup)
        self.resolve = resolver.resolve
        # A move by land, unsupported, into a province no unit holds and no other unit
        # enters, succeeds (attack 1 against hold 0, nothing to prevent it), and deciding
        # it asks about nothing else: settled now (about two moves in five).
        for p, d in target.items():
            if (
                not by_convoy[p] and d not in units and len(attackers[d]) == 1
                and p not in move_supporters
            ):
                resolver.settle(("m", p), True)

    # What the moves by sea need (rarely asked): locations, fleets, chains.

    def _locations(self) -> dict[str, str]:
        if self._location is None:
            self._location = {p: u.location for p, (_, u) in self.units.items()}
        return self._location

    def _fleets_at_sea(self) -> list[str]:
        if self._fleets is None:
            sea = Terrain.SEA
            self._fleets = [
                p for p, (_, u) in self.units.items()
                if u.type is _FLEET and self.board.terrain(p) is sea
            ]
        return self._fleets

    def _carried(self, p: str, dest: str, fleets: Collection[str]) -> bool:
        return convoy_chain_exists(self.board, p, dest, fleets, self._locations())

    def _convoy_intended(self, p: str, dest: str) -> bool:
        """A move the army could make by land goes by convoy only when a fleet of its own
        power is (legally) ordered to convoy it and the fleets so ordered could carry it
        (DATC 4.A.3, the 2000 rules with intent; 6.G.5, 6.G.6; an own fleet that could lie
        on no route has an illegal order and shows no intent, 6.G.7)."""
        fleets = self.convoyers.get((p, dest), ())
        units = self.units
        mine = units[p][0]
        return any(units[f][0] == mine for f in fleets) and self._carried(p, dest, fleets)

    def _replace(self, p: str, order: Order) -> Order:
        """The order carried out instead of the one given (the given ones are kept)."""
        if self.orders is self.given:
            self.orders = dict(self.given)
        self.orders[p] = order  # type: ignore[index]
        return order

    def _supports(self, supporters: Sequence[str], exclude_power: str | None = None) -> int:
        resolve = self.resolve
        count = 0
        if exclude_power is None:
            for s in supporters:
                if resolve(("s", s)):
                    count += 1
            return count
        units = self.units
        for s in supporters:
            if units[s][0] != exclude_power and resolve(("s", s)):
                count += 1
        return count

    def attack(self, p: str) -> int:
        if self.by_convoy[p] and not self.resolve(("p", p)):
            return 0
        d = self.target[p]
        supporters = self.move_supporters.get(p, ())
        occupant = self.units.get(d)
        if occupant is None or (
            d in self.moves and p not in self.head_to_head and self.resolve(("m", d))
        ):
            return 1 + self._supports(supporters) if supporters else 1
        if occupant[0] == self.units[p][0]:
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
        opponent = self.head_to_head.get(p)
        if opponent is not None and self.resolve(("m", opponent)):
            return 0
        supporters = self.move_supporters.get(p)
        return 1 + self._supports(supporters) if supporters else 1

    def dislodged(self, d: str) -> bool:
        if d in self.moves and self.resolve(("m", d)):
            return False
        return any(self.resolve(("m", a)) for a in self.attackers.get(d, ()))

    def _decide(self, _: Resolver, key: Hashable) -> bool:
        kind: str
        p: str
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
        opponent = self.head_to_head.get(p)
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
        if not self._carried(p, m.dest, fleets):
            return False
        return self._carried(p, m.dest, [f for f in fleets if not self.dislodged(f)])

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
        units = self.units
        mine = units[p][0]
        for a in attackers:
            if units[a][0] == mine or a == against:
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
        if kind is Hold:
            # a move no fleets on the board could convoy is no move at all: illegal (6.D.32)
            return _VOID if type(self.given[p]) is Move else _OK
        if kind is SupportMove or kind is SupportHold:
            given = self.move_supporters if kind is SupportMove else self.hold_supporters
            if p not in given.get(order.target.province, ()):  # type: ignore[union-attr]
                return _VOID  # it matches no order of the unit it names
            return _OK if self.resolve(("s", p)) else _CUT
        assert kind is Convoy
        m = self.moves.get(order.target.province)  # type: ignore[union-attr]
        carried = (
            m is not None
            and m.dest == order.dest  # type: ignore[union-attr]
            and self.by_convoy[order.target.province]  # type: ignore[union-attr]
        )
        return _OK if carried else _VOID


def resolve_movement(
    board: Map, units: Mapping[str, tuple[str, Unit]], orders: Mapping[str, Order]
) -> MovementResult:
    """Resolve a movement phase; ``orders`` has one legal order for every unit, by province."""
    mv = _Movement(board, units, orders)
    resolve = mv.resolve
    moved = {p: m.dest for p, m in mv.moves.items() if resolve(("m", p))}
    # Where each successful move went (at most one succeeds into a province).
    target, by_convoy = mv.target, mv.by_convoy
    entered = {target[a]: a for a in moved}
    dislodged: dict[str, str | None] = {}
    for d, a in entered.items():
        if d in units and d not in moved:
            dislodged[d] = None if by_convoy[a] else a
    if len(dislodged) > 1:  # listed in the order of the units
        dislodged = {d: dislodged[d] for d in units if d in dislodged}
    outcome = mv.outcome
    outcomes = {p: _OK if p in moved else outcome(p, moved, dislodged) for p in units}
    contested = set()
    for d, attackers in mv.attackers.items():
        if d in entered or (d in units and d not in moved and d not in dislodged):
            continue  # occupied after the moves
        for a in attackers:
            if mv.prevent(a) > 0:  # (none of them moved: nobody entered)
                contested.add(d)
                break
    mv.resolver.release()  # the phase is decided: free it now, not at the collector's next run
    return MovementResult(outcomes, moved, dislodged, frozenset(contested))


def _same_unit(named: Unit, actual: Unit) -> bool:
    return named.type is None or named.type is actual.type
