"""The movement phase: strengths (attack, hold, defend, prevent) and every order's decision.

Decisions are keyed ``("m", p)`` (the move from p succeeds), ``("p", p)`` (the
convoy carrying the army from p holds) and ``("s", p)`` (the support from p is
given, i.e. valid and not cut). Definitions follow the DATC and Kruijswijk's
"Math of Adjudication"; paradoxes are broken by the Szykman rule (DATC 4.A.2).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from judge.engine.board import Map, Terrain, UnitType
from judge.engine.convoy import convoy_chain_exists, convoying_fleets, goes_by_convoy
from judge.engine.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove, Waive
from judge.engine.outcomes import Outcome
from judge.engine.position import Unit
from judge.engine.resolver import Resolver


@dataclass(frozen=True)
class MovementResult:
    """What the movement phase decided, by the province each unit stood in."""

    outcomes: Mapping[str, Outcome]
    moved: Mapping[str, str]  # origin province -> destination location, successful moves
    dislodged: Mapping[str, str | None]  # province -> attacker origin (None: by convoy)
    contested: frozenset[str]  # provinces left empty by a standoff


class _Movement:
    """One movement phase being resolved; built once, asked many questions."""

    def __init__(
        self, board: Map, units: Mapping[str, tuple[str, Unit]], orders: Mapping[str, Order]
    ):
        self.board = board
        self.units = units
        self.given = orders  # as ordered, before impossible convoys became holds
        self.power = {p: pw for p, (pw, _) in units.items()}
        self.location = {p: u.location for p, (_, u) in units.items()}
        self.convoyers = convoying_fleets(orders)
        self.orders = orders = _without_impossible_convoys(
            board, orders, self.convoyers, self.location
        )
        self.moves = {p: o for p, o in orders.items() if isinstance(o, Move)}
        self.attackers: dict[str, list[str]] = {}
        for p, m in self.moves.items():
            self.attackers.setdefault(_prov(m.dest), []).append(p)
        self.target = {p: _prov(m.dest) for p, m in self.moves.items()}  # province moved into
        self.by_convoy = {
            p: goes_by_convoy(board, p, m, self.convoyers, self.power.__getitem__, self.location)
            for p, m in self.moves.items()
        }
        self.move_supporters: dict[str, list[str]] = {}
        self.hold_supporters: dict[str, list[str]] = {}
        for p, o in orders.items():
            if isinstance(o, SupportMove):
                supported = self.moves.get(o.target.province)
                if (
                    supported is not None
                    and _aims_at(o.dest, supported.dest)
                    and _same_unit(o.target, supported.unit)
                ):
                    self.move_supporters.setdefault(o.target.province, []).append(p)
            elif isinstance(o, SupportHold):
                t = o.target.province
                if t in units and t not in self.moves and _same_unit(o.target, units[t][1]):
                    self.hold_supporters.setdefault(t, []).append(p)
        self.resolver = Resolver(self._decide, self._backup)

    def head_to_head(self, p: str) -> str | None:
        """The unit moving straight back into p's origin, if both go by land."""
        d = self.target[p]
        if self.target.get(d) != p or self.by_convoy[p] or self.by_convoy[d]:
            return None
        return d

    def _supports(self, supporters: Sequence[str], exclude_power: str | None = None) -> int:
        resolve = self.resolver.resolve
        power = self.power
        count = 0
        for s in supporters:
            if power[s] != exclude_power and resolve(("s", s)):
                count += 1
        return count

    def attack(self, p: str) -> int:
        if self.by_convoy[p] and not self.resolver.resolve(("p", p)):
            return 0
        d = self.target[p]
        supporters = self.move_supporters.get(p, ())
        occupant = self.units.get(d)
        if occupant is None or (
            d in self.moves and self.head_to_head(p) is None and self.resolver.resolve(("m", d))
        ):
            return 1 + self._supports(supporters)
        if occupant[0] == self.power[p]:
            return 0
        return 1 + self._supports(supporters, exclude_power=occupant[0])

    def hold(self, d: str) -> int:
        if d not in self.units:
            return 0
        if d in self.moves:
            return 0 if self.resolver.resolve(("m", d)) else 1
        return 1 + self._supports(self.hold_supporters.get(d, ()))

    def defend(self, p: str) -> int:
        return 1 + self._supports(self.move_supporters.get(p, ()))

    def prevent(self, p: str) -> int:
        if self.by_convoy[p] and not self.resolver.resolve(("p", p)):
            return 0
        opponent = self.head_to_head(p)
        if opponent is not None and self.resolver.resolve(("m", opponent)):
            return 0
        return 1 + self._supports(self.move_supporters.get(p, ()))

    def dislodged(self, d: str) -> bool:
        if d in self.moves and self.resolver.resolve(("m", d)):
            return False
        return any(self.resolver.resolve(("m", a)) for a in self.attackers.get(d, ()))

    def _decide(self, _: Resolver, key: Hashable) -> bool:
        kind, p = cast(tuple[str, str], key)
        if kind == "m":
            return self._move_succeeds(p)
        if kind == "p":
            return self._path(p)
        return self._support_given(p)

    def _move_succeeds(self, p: str) -> bool:
        if self.by_convoy[p] and not self.resolver.resolve(("p", p)):
            return False
        d = self.target[p]
        strength = self.attack(p)
        opponent = self.head_to_head(p)
        if opponent is not None:
            if strength <= self.defend(opponent):
                return False
        elif strength <= self.hold(d):
            return False
        return all(strength > self.prevent(a) for a in self.attackers[d] if a != p)

    def _path(self, p: str) -> bool:
        m = self.moves[p]
        fleets = self.convoyers.get((p, m.dest), ())
        if not convoy_chain_exists(self.board, p, m.dest, fleets, self.location):
            return False
        standing = [f for f in fleets if not self.dislodged(f)]
        return convoy_chain_exists(self.board, p, m.dest, standing, self.location)

    def _support_given(self, p: str) -> bool:
        order = self.orders[p]
        if isinstance(order, SupportMove):
            if p not in self.move_supporters.get(order.target.province, ()):
                return False
            against = _prov(order.dest)
        else:
            assert isinstance(order, SupportHold)
            if p not in self.hold_supporters.get(order.target.province, ()):
                return False
            against = None
        mine = self.power[p]
        for a in self.attackers.get(p, ()):
            if self.power[a] == mine or a == against:
                continue
            if self.by_convoy[a] and not self.resolver.resolve(("p", a)):
                continue
            return False
        # An attack from the province the support is aimed at cuts it only by dislodging.
        return not (against in self.attackers.get(p, ()) and self.resolver.resolve(("m", against)))

    def _backup(self, resolver: Resolver, cycle: Sequence[Hashable]) -> None:
        paths = [k for k in cycle if cast(tuple[str, str], k)[0] == "p"]
        if paths:
            # Szykman: the convoyed armies of a paradox do not move and have no effect.
            for k in paths:
                resolver.settle(k, False)
            return
        for k in cycle:
            if cast(tuple[str, str], k)[0] == "m":
                # Circular movement: everyone moves.
                resolver.settle(k, True)


def resolve_movement(
    board: Map, units: Mapping[str, tuple[str, Unit]], orders: Mapping[str, Order]
) -> MovementResult:
    """Resolve a movement phase; ``orders`` has one legal order for every unit, by province."""
    mv = _Movement(board, units, orders)
    resolve = mv.resolver.resolve
    moved = {p: m.dest for p, m in mv.moves.items() if resolve(("m", p))}
    dislodged: dict[str, str | None] = {}
    for d in units:
        if d in moved:
            continue
        for a in mv.attackers.get(d, ()):
            if a in moved:
                dislodged[d] = None if mv.by_convoy[a] else a
    outcomes = {p: _outcome(mv, p, moved, dislodged) for p in units}
    occupied_after = {_prov(dst) for dst in moved.values()} | {
        p for p in units if p not in moved and p not in dislodged
    }
    contested = set()
    for d, atts in mv.attackers.items():
        if d in occupied_after:
            continue
        if any(a not in moved and mv.prevent(a) > 0 for a in atts):
            contested.add(d)
    mv.resolver.release()  # the phase is decided: free it now, not at the collector's next run
    return MovementResult(outcomes, moved, dislodged, frozenset(contested))


def _outcome(
    mv: _Movement, p: str, moved: Mapping[str, str], dislodged: Mapping[str, str | None]
) -> Outcome:
    if p in dislodged:
        return Outcome.DISLODGED
    order = mv.orders[p]
    if isinstance(order, Move):
        if p in moved:
            return Outcome.OK
        if mv.by_convoy[p] and not mv.resolver.resolve(("p", p)):
            return Outcome.NO_CONVOY
        return Outcome.BOUNCE
    if isinstance(order, (SupportMove, SupportHold)):
        given = mv.move_supporters if isinstance(order, SupportMove) else mv.hold_supporters
        if p not in given.get(order.target.province, ()):
            return Outcome.VOID  # it matches no order of the unit it names
        return Outcome.OK if mv.resolver.resolve(("s", p)) else Outcome.CUT
    if isinstance(order, Convoy):
        m = mv.moves.get(order.target.province)
        carried = m is not None and m.dest == order.dest and mv.by_convoy[order.target.province]
        return Outcome.OK if carried else Outcome.VOID
    assert isinstance(order, Hold)
    # a move no fleets on the board could convoy is no move at all: illegal (DATC 6.D.32)
    return Outcome.VOID if isinstance(mv.given[p], Move) else Outcome.OK


def _without_impossible_convoys(
    board: Map,
    orders: Mapping[str, Order],
    convoyers: Mapping[tuple[str, str], list[str]],
    location: Mapping[str, str],
) -> Mapping[str, Order]:
    """A move that needs a convoy when no fleets on the board could form one is no move
    at all: the army holds (DATC 6.D.32; with fleets there that do not convoy, it is a
    failed move, 6.D.8). A move marked VIA CONVOY that no fleet is ordered to carry,
    but that could go by land, goes by land (6.G.8)."""
    out = dict(orders)
    seas: list[str] | None = None  # the fleets at sea, found when a move needs them (rarely)
    for p, o in orders.items():
        if not isinstance(o, Move) or o.unit.type is not UnitType.ARMY:
            continue
        if board.adjacent(UnitType.ARMY, o.unit.location, o.dest):
            if o.via_convoy and not convoy_chain_exists(
                board, p, o.dest, convoyers.get((p, o.dest), ()), location
            ):
                out[p] = Move(o.unit, o.dest)
        else:
            if seas is None:
                seas = [
                    f
                    for f, fo in orders.items()
                    if not isinstance(fo, Waive)  # a movement phase has none; for mypy
                    and fo.unit.type is UnitType.FLEET
                    and board.terrain(f) is Terrain.SEA
                ]
            if not convoy_chain_exists(board, p, o.dest, seas, location):
                out[p] = Hold(o.unit)
    return out


def _aims_at(support_dest: str, move_dest: str) -> bool:
    """A support names a province, or a coast that must be the one the move goes to (6.B.9)."""
    return support_dest == move_dest if "/" in support_dest else support_dest == _prov(move_dest)


def _prov(location: str) -> str:
    return location.split("/", 1)[0]


def _same_unit(named: Unit, actual: Unit) -> bool:
    return named.type is None or named.type is actual.type
