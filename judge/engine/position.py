"""Units and positions: who stands where, who owns what, who must retreat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from judge.engine.board import Map, UnitType, province_of
from judge.engine.phase import Phase


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit at a location. ``type`` is None only in a player's order that left it out."""

    type: UnitType | None
    location: str
    # Derived once: adjudication and reports ask for these many times a phase.
    province: str = field(init=False, repr=False, compare=False)
    text: str = field(init=False, repr=False, compare=False)  # ``A PAR``, as str() gives

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))
        # _value_ is the member's value without the descriptor ``value`` goes through
        text = self.location if self.type is None else f"{self.type._value_} {self.location}"
        object.__setattr__(self, "text", text)

    def __str__(self) -> str:
        return self.text

    def __hash__(self) -> int:
        # The text names type and location, as equality compares them; a string keeps
        # its hash, where the generated hash would hash the enum (a Python call) each time.
        return hash(self.text)

    @classmethod
    def parse(cls, text: str) -> Unit:
        """Read the canonical form ``A PAR`` / ``F STP/SC``."""
        parts = text.split()
        if len(parts) != 2 or parts[0].upper() not in ("A", "F"):
            raise ValueError(f"not a unit: {text!r} (expected e.g. 'A PAR' or 'F STP/SC')")
        return cls(UnitType(parts[0].upper()), parts[1].upper())


# Units the engine and the order reader make (a unit that moved, a unit an order names),
# one per type and location: a lookup costs a fraction of building a Unit. Bounded by
# the maps' locations.
_UNITS: dict[str, Unit] = {}


def unit_of(unit_type: UnitType | None, location: str) -> Unit:
    """``Unit(unit_type, location)``, made once."""
    key = location if unit_type is None else f"{unit_type._value_} {location}"
    found = _UNITS.get(key)
    if found is None:
        found = _UNITS[key] = Unit(unit_type, location)
    return found


def moved_unit(unit: Unit, location: str) -> Unit:
    """``unit`` standing at ``location`` (where it moved or retreated to)."""
    assert unit.type is not None
    found = _UNITS.get(unit.text[:2] + location)  # "A " or "F ", then the location
    return unit_of(unit.type, location) if found is None else found


@dataclass(frozen=True, slots=True)
class Dislodgement:
    """A dislodged unit awaiting its retreat; ``attacker`` is where the dislodger came from
    (None when it came by convoy, so the unit may retreat there)."""

    unit: Unit
    attacker: str | None


@dataclass(frozen=True, init=False)
class Position:
    """The board at the start of a phase.

    ``units`` and ``centers`` are keyed by power; ``dislodged`` holds the units that
    must retreat in a retreat phase and ``contested`` the provinces left empty by a
    standoff in the movement phase before it.
    """

    phase: Phase
    units: Mapping[str, tuple[Unit, ...]]
    centers: Mapping[str, frozenset[str]]
    dislodged: Mapping[str, tuple[Dislodgement, ...]] = field(default_factory=dict)
    contested: frozenset[str] = frozenset()

    def __init__(
        self,
        phase: Phase,
        units: Mapping[str, tuple[Unit, ...]],
        centers: Mapping[str, frozenset[str]],
        dislodged: Mapping[str, tuple[Dislodgement, ...]] | None = None,
        contested: frozenset[str] = frozenset(),
    ) -> None:
        # The generated __init__ of a frozen dataclass sets each field through
        # object.__setattr__; every phase makes several positions, so they are written
        # into the instance's dict at once (half the cost).
        self.__dict__.update(
            phase=phase,
            units=units,
            centers=centers,
            dislodged={} if dislodged is None else dislodged,
            contested=contested,
        )

    # Derived lookups, computed on first use and kept (functools.cached_property
    # would do, but takes a lock on every access: these are on the hot path).
    @property
    def occupant(self) -> Mapping[str, tuple[str, Unit]]:
        """Province -> (power, unit) for every unit on the board (not the dislodged)."""
        found = self.__dict__.get("_occupant")
        if found is None:
            found = {u.province: (power, u) for power, units in self.units.items() for u in units}
            self.__dict__["_occupant"] = found
        return found

    @property
    def owner(self) -> Mapping[str, str]:
        """Supply centre -> owning power."""
        found = self.__dict__.get("_owner")
        if found is None:
            found = {c: power for power, cs in self.centers.items() for c in cs}
            self.__dict__["_owner"] = found
        return found

    def unit_at(self, province: str) -> tuple[str, Unit] | None:
        return self.occupant.get(province)

    def dislodged_at(self, province: str) -> tuple[str, Dislodgement] | None:
        for power, ds in self.dislodged.items():
            for d in ds:
                if d.unit.province == province:
                    return power, d
        return None

    @property
    def powers(self) -> tuple[str, ...]:
        return tuple(sorted(set(self.units) | set(self.centers) | set(self.dislodged)))


def starting_position(board: Map) -> Position:
    """Spring 1901 on this map: every power's starting units on its home centres."""
    units = {p: tuple(Unit.parse(u) for u in us) for p, us in board.starting_units.items()}
    return Position(Phase.parse("S1901M"), units, dict(board.homes))
