"""The board: provinces, coasts, supply centres, homes and adjacency of one map."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum


class UnitType(Enum):
    """An army or a fleet; the value is the letter the judge prints."""

    ARMY = "A"
    FLEET = "F"


class Terrain(Enum):
    """What kind of ground a province is."""

    LAND = "land"  # inland: armies only
    COAST = "coast"  # coastal land: armies and fleets
    SEA = "sea"  # water: fleets only
    IMPASSABLE = "impassable"  # nobody (Switzerland)


# Enum member lookups are slow on hot paths; these are the same objects.
_ARMY = UnitType.ARMY
_NOWHERE: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Province:
    """One province of a map; ``coasts`` names its split coasts (``("NC", "SC")``)."""

    abbr: str
    name: str
    terrain: Terrain
    center: bool = False
    home: str | None = None
    coasts: tuple[str, ...] = ()


def province_of(location: str) -> str:
    """The province of a location: ``STP/NC`` -> ``STP``."""
    return location.split("/", 1)[0]


def coast_of(location: str) -> str | None:
    """The coast of a location, or None: ``STP/NC`` -> ``NC``."""
    _, _, coast = location.partition("/")
    return coast or None


@dataclass(frozen=True, eq=False)
class Map:
    """A complete map: everything the adjudicator needs to know about the ground.

    Locations are canonical strings: a province abbreviation (``PAR``) or, for a
    split-coast province, province and coast (``STP/NC``). Armies stand in
    provinces; fleets stand in sea or coastal provinces, or on a named coast.
    Maps compare and hash by identity: each is loaded once and cached.
    """

    name: str
    powers: tuple[str, ...]
    provinces: Mapping[str, Province]
    army_edges: Mapping[str, frozenset[str]]
    fleet_edges: Mapping[str, frozenset[str]]
    aliases: Mapping[str, str]
    starting_units: Mapping[str, tuple[str, ...]]
    victory_centers: int
    homes: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # Derived from the edges: the provinces a unit at a location can reach in one step.
    army_reach: Mapping[str, frozenset[str]] = field(default_factory=dict)
    fleet_reach: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def is_province(self, abbr: str) -> bool:
        return abbr in self.provinces

    def is_center(self, province: str) -> bool:
        p = self.provinces.get(province)
        return p is not None and p.center

    @property
    def centers(self) -> frozenset[str]:
        return frozenset(a for a, p in self.provinces.items() if p.center)

    def terrain(self, province: str) -> Terrain:
        return self.provinces[province].terrain

    def coasts(self, province: str) -> tuple[str, ...]:
        return self.provinces[province].coasts

    def fleet_locations(self, province: str) -> tuple[str, ...]:
        """Where a fleet can stand in a province: its coasts, or the province itself."""
        p = self.provinces.get(province)
        if p is None or p.terrain in (Terrain.LAND, Terrain.IMPASSABLE):
            return ()
        if p.coasts:
            return tuple(f"{province}/{c}" for c in p.coasts)
        return (province,)

    def can_stand(self, unit_type: UnitType, location: str) -> bool:
        """Whether a unit of this type may occupy this exact location."""
        prov = province_of(location)
        p = self.provinces.get(prov)
        if p is None:
            return False
        if unit_type is UnitType.ARMY:
            return location == prov and p.terrain in (Terrain.LAND, Terrain.COAST)
        return location in self.fleet_locations(prov)

    def neighbours(self, unit_type: UnitType, location: str) -> frozenset[str]:
        """Locations a unit of this type can move to in one step."""
        edges = self.army_edges if unit_type is _ARMY else self.fleet_edges
        return edges.get(location, _NOWHERE)

    def adjacent(self, unit_type: UnitType, location: str, target: str) -> bool:
        """Whether the unit can move from ``location`` to ``target`` in one step."""
        return target in self.neighbours(unit_type, location)

    def reaches_province(self, unit_type: UnitType, location: str, province: str) -> bool:
        """Whether the unit can move to some location of ``province`` (supports ignore coasts)."""
        reach = self.army_reach if unit_type is _ARMY else self.fleet_reach
        return province in reach.get(location, _NOWHERE)

    def power_named(self, word: str) -> str | None:
        """The power a word names, in any case: its full name, a prefix of three letters or
        more (``FRA``, ``GERM``), or its initial (``F``); None when it names none or
        several."""
        key = word.strip().upper()
        if key in self.powers:
            return key
        if len(key) == 1:
            found = [p for p in self.powers if p[0] == key]
        elif len(key) >= 3:
            found = [p for p in self.powers if p.startswith(key)]
        else:
            return None
        return found[0] if len(found) == 1 else None

    def canonical(self, name: str) -> str | None:
        """The canonical abbreviation for a province name or alias, in any case."""
        key = " ".join(name.upper().replace(".", " ").split())
        if key in self.provinces:
            return key
        return self.aliases.get(key)


def build_map(
    name: str,
    powers: Iterable[str],
    provinces: Iterable[Province],
    army_edges: Iterable[tuple[str, str]],
    fleet_edges: Iterable[tuple[str, str]],
    aliases: Mapping[str, str],
    starting_units: Mapping[str, Iterable[str]],
    victory_centers: int,
) -> Map:
    """Assemble a Map from undirected edge lists, checking that every edge is sound."""
    provs = {p.abbr: p for p in provinces}
    army: dict[str, set[str]] = {}
    fleet: dict[str, set[str]] = {}
    for a, b in army_edges:
        for x, y in ((a, b), (b, a)):
            if not _army_can_stand(provs, x):
                raise ValueError(f"map {name}: army edge {a}-{b}: {x} is not land")
            army.setdefault(x, set()).add(y)
    for a, b in fleet_edges:
        for x, y in ((a, b), (b, a)):
            if not _fleet_can_stand(provs, x):
                raise ValueError(f"map {name}: fleet edge {a}-{b}: {x} is not water or coast")
            fleet.setdefault(x, set()).add(y)
    homes: dict[str, set[str]] = {pw: set() for pw in powers}
    for p in provs.values():
        if p.home is not None:
            homes.setdefault(p.home, set()).add(p.abbr)
    canon_aliases = {" ".join(k.upper().split()): v for k, v in aliases.items()}
    for alias, target in canon_aliases.items():
        if target not in provs:
            raise ValueError(f"map {name}: alias {alias} names unknown province {target}")
    return Map(
        name=name,
        powers=tuple(powers),
        provinces=provs,
        army_edges={k: frozenset(v) for k, v in army.items()},
        fleet_edges={k: frozenset(v) for k, v in fleet.items()},
        aliases=canon_aliases,
        starting_units={k: tuple(v) for k, v in starting_units.items()},
        victory_centers=victory_centers,
        homes={k: frozenset(v) for k, v in homes.items()},
        army_reach={k: frozenset(map(province_of, v)) for k, v in army.items()},
        fleet_reach={k: frozenset(map(province_of, v)) for k, v in fleet.items()},
    )


def _army_can_stand(provs: Mapping[str, Province], loc: str) -> bool:
    p = provs.get(loc)
    return p is not None and p.terrain in (Terrain.LAND, Terrain.COAST)


def _fleet_can_stand(provs: Mapping[str, Province], loc: str) -> bool:
    p = provs.get(province_of(loc))
    if p is None or p.terrain in (Terrain.LAND, Terrain.IMPASSABLE):
        return False
    coast = coast_of(loc)
    return coast in p.coasts if p.coasts else coast is None
