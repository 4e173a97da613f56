"""Properties over random positions and random (legal and illegal) orders."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.adjudicate import adjudicate
from judge.engine.board import Map, Terrain, UnitType
from judge.engine.choices import random_orders
from judge.engine.legality import check_order
from judge.engine.maps import load_map
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    SupportHold,
    SupportMove,
)
from judge.engine.outcomes import Reason
from judge.engine.phase import Phase
from judge.engine.position import Position, Unit, starting_position

BOARD = load_map("standard")
PROVINCES = sorted(p for p, v in BOARD.provinces.items() if v.terrain is not Terrain.IMPASSABLE)
LOCATIONS = sorted({loc for p in PROVINCES for loc in BOARD.fleet_locations(p)} | set(PROVINCES))
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_position(rng: random.Random, phase: str = "S1901M") -> Position:
    """Units scattered at random, each power owning random centres."""
    units: dict[str, list[Unit]] = {}
    for prov in rng.sample(PROVINCES, rng.randint(1, 34)):
        kinds = []
        if BOARD.terrain(prov) in (Terrain.LAND, Terrain.COAST):
            kinds.append(Unit(UnitType.ARMY, prov))
        kinds += [Unit(UnitType.FLEET, loc) for loc in BOARD.fleet_locations(prov)]
        units.setdefault(rng.choice(BOARD.powers), []).append(rng.choice(kinds))
    centers: dict[str, set[str]] = {}
    for c in sorted(BOARD.centers):
        if rng.random() < 0.8:
            centers.setdefault(rng.choice(BOARD.powers), set()).add(c)
    return Position(
        Phase.parse(phase),
        {p: tuple(us) for p, us in units.items()},
        {p: frozenset(cs) for p, cs in centers.items()},
    )


def wild_order(rng: random.Random) -> Order:
    """Any order shape at all, naming random places: mostly illegal."""
    unit = Unit(rng.choice([UnitType.ARMY, UnitType.FLEET, None]), rng.choice(LOCATIONS))
    other = Unit(rng.choice([UnitType.ARMY, UnitType.FLEET, None]), rng.choice(PROVINCES))
    dest = rng.choice(LOCATIONS) if rng.random() < 0.95 else "XYZ"  # now and then, nowhere
    return rng.choice(
        [
            Hold(unit),
            Move(unit, dest, rng.random() < 0.2),
            SupportHold(unit, other),
            SupportMove(unit, other, dest),
            Convoy(unit, other, dest),
            Disband(unit),
            Build(unit),
            Remove(unit),
        ]
    )


def check_invariants(position: Position, orders: dict[str, list[Order]], board: Map) -> Position:
    result = adjudicate(position, orders, board)
    provinces = [u.province for us in result.next.units.values() for u in us]
    assert len(provinces) == len(set(provinces)), "two units in one province"
    for us in result.next.units.values():
        for u in us:
            assert board.can_stand(u.type, u.location), f"{u} cannot stand there"
    if result.next.phase.kind.value == "R":
        for power, ds in result.next.dislodged.items():
            for d in ds:
                options = result.retreats[d.unit]
                assert options, f"{d.unit} listed with no retreat"
                for loc in options:
                    checked = check_order(Move(d.unit, loc), power, result.next, board)
                    assert not isinstance(checked, Reason), f"{d.unit} - {loc}: {checked}"
    assert adjudicate(position, orders, board) == result, "not deterministic"
    return result.next


@PROPERTY
@given(st.integers(0, 2**32 - 1), st.sampled_from(["S1901M", "F1901M"]))
def test_random_positions_and_random_legal_orders(seed: int, phase: str) -> None:
    rng = random.Random(seed)
    position = random_position(rng, phase)
    check_invariants(position, random_orders(position, BOARD, rng), BOARD)


@PROPERTY
@given(st.integers(0, 2**32 - 1), st.sampled_from(["S1901M", "F1901R", "W1901A"]))
def test_random_wild_orders_never_crash(seed: int, phase: str) -> None:
    rng = random.Random(seed)
    position = random_position(rng, "S1901M" if phase == "F1901R" else phase)
    if phase == "F1901R":
        position = adjudicate(position, random_orders(position, BOARD, rng), BOARD).next
    orders: dict[str, list[Order]] = {}
    for _ in range(rng.randint(0, 40)):
        orders.setdefault(rng.choice(BOARD.powers), []).append(wild_order(rng))
    check_invariants(position, orders, BOARD)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_whole_random_games_keep_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    position = starting_position(BOARD)
    for _ in range(25):
        position = check_invariants(position, random_orders(position, BOARD, rng), BOARD)
