"""The contract's ``state`` object (JSON-ready dicts) to and from Position values."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from judge.engine.board import Map
from judge.engine.phase import Phase
from judge.engine.position import Dislodgement, Position, Unit


class StateError(ValueError):
    """A state object that does not describe a position on this map."""


def position_from_state(state: Mapping[str, Any], board: Map) -> Position:
    """Read a contract ``state`` (canonical or aliased names) into a Position."""
    try:
        phase = _phase(str(state["phase"]))
    except KeyError:
        raise StateError("state has no phase") from None
    units: dict[str, tuple[Unit, ...]] = {}
    seen: set[str] = set()
    for power, texts in (state.get("units") or {}).items():
        p = _power(power, board)
        us, provinces = _units(texts, board)
        if len(provinces) == len(us) and seen.isdisjoint(provinces):
            seen |= provinces
        else:
            for u in us:
                if u.province in seen:
                    raise StateError(f"two units in {u.province}")
                seen.add(u.province)
        earlier = units.get(p)
        units[p] = us if earlier is None else earlier + us
    centers: dict[str, frozenset[str]] = {}
    for power, cs in (state.get("centers") or {}).items():
        p = _power(power, board)
        try:
            provs = _known_centers(tuple(cs), board)
        except TypeError:  # something unhashable in the list: read it to say what
            provs = _centers(cs, board)
        named = centers.get(p)
        centers[p] = provs if named is None else named | provs
    dislodged: dict[str, tuple[Dislodgement, ...]] = {}
    for power, ds in (state.get("dislodged") or {}).items():
        p = _power(power, board)
        out = []
        for d in ds:
            if not isinstance(d, Mapping) or "unit" not in d:
                raise StateError(f"dislodged entry {d!r} has no unit")
            attacker = d.get("attacker")
            out.append(
                Dislodgement(
                    _unit(d["unit"], board),
                    None if attacker is None else _province(attacker, board),
                )
            )
        dislodged[p] = tuple(out)
    empty = state.get("contested")
    contested = frozenset(_province(c, board) for c in empty) if empty else frozenset()
    return Position(phase, units, centers, dislodged, contested)


# Phases repeat from case to case; Phase.parse raises (and remembers nothing) for a bad one.
_phase = lru_cache(maxsize=1024)(Phase.parse)


def lines_by_power(given: Any, board: Map, what: str) -> dict[str, list[str]]:
    """A case's per-power lists of text lines (``orders``, ``offers``), by canonical power;
    StateError names the first thing that is not one."""
    if not isinstance(given, Mapping):
        raise StateError(f"{what!r} must be a JSON object")
    out: dict[str, list[str]] = {}
    for power, lines in given.items():
        name = _power(power, board)
        if not isinstance(lines, list) or not _all_text(lines):
            raise StateError(f"{what} of {name} must be a list of strings")
        out[name] = lines
    return out


def _all_text(items: list[Any]) -> bool:
    """Whether every item is a string: a plain loop (measured with callgrind, less than
    half the instructions of all() over a generator, a little under all() over map())."""
    for x in items:
        if not isinstance(x, str):
            return False
    return True


def state_from_position(position: Position) -> dict[str, Any]:
    """The canonical contract ``state`` of a position (sorted, so output is stable)."""
    return {
        "phase": str(position.phase),
        "units": {
            p: sorted([u.text for u in us]) for p, us in sorted(position.units.items()) if us
        },
        "centers": {p: sorted(cs) for p, cs in sorted(position.centers.items()) if cs},
        "dislodged": {
            p: [{"unit": str(d.unit), "attacker": d.attacker} for d in ds]
            for p, ds in sorted(position.dislodged.items())
            if ds
        },
        "contested": sorted(position.contested),
    }


# Powers are named by the keys of a state's (or a case's) objects, so always hashable;
# the few names repeat from case to case (a failed name raises and is not remembered).
@lru_cache(maxsize=256)
def _power(name: Any, board: Map) -> str:
    if not isinstance(name, str):
        raise StateError(f"a power must be named by a string, not {name!r}")
    p = name.strip().upper()
    if p not in board.powers:
        raise StateError(f"unknown power {name!r}")
    return p


def _province(name: Any, board: Map) -> str:
    if not isinstance(name, str):
        raise StateError(f"a province must be named by a string, not {name!r}")
    return _known_province(name, board)


@lru_cache(maxsize=1024)
def _known_province(name: str, board: Map) -> str:
    prov = board.canonical(name)
    if prov is None:
        raise StateError(f"unknown province {name!r}")
    return prov


def _units(texts: Any, board: Map) -> tuple[tuple[Unit, ...], frozenset[str]]:
    """A power's units as listed, and the provinces they stand in (remembered: the
    same lists come back phase after phase)."""
    try:
        return _known_units(tuple(texts), board)
    except TypeError:  # something unhashable in the list: read it to say what
        return _read_units(texts, board)


@lru_cache(maxsize=4096)
def _known_units(texts: tuple[Any, ...], board: Map) -> tuple[tuple[Unit, ...], frozenset[str]]:
    return _read_units(texts, board)


def _read_units(texts: Any, board: Map) -> tuple[tuple[Unit, ...], frozenset[str]]:
    us = tuple([_unit(t, board) for t in texts])  # (lists: no generator to resume)
    return us, frozenset([u.province for u in us])


@lru_cache(maxsize=4096)
def _known_centers(names: tuple[Any, ...], board: Map) -> frozenset[str]:
    return _centers(names, board)


def _centers(names: Any, board: Map) -> frozenset[str]:
    provs = frozenset(_province(c, board) for c in names)
    for c in provs:
        if not board.is_center(c):
            raise StateError(f"{c} is not a supply centre")
    return provs


def _unit(text: Any, board: Map) -> Unit:
    if isinstance(text, str):
        return _known_unit(text, board)
    return _read_unit(text, board)


@lru_cache(maxsize=4096)
def _known_unit(text: str, board: Map) -> Unit:
    return _read_unit(text, board)


def _read_unit(text: Any, board: Map) -> Unit:
    try:
        raw = Unit.parse(str(text))
    except ValueError as e:
        raise StateError(str(e)) from None
    loc = raw.location
    prov, _, coast = loc.partition("/")
    canon = _province(prov, board)
    location = f"{canon}/{coast}" if coast else canon
    assert raw.type is not None
    if not board.can_stand(raw.type, location):
        # a fleet on a split-coast province must name its coast
        raise StateError(f"a {raw.type.name.lower()} cannot stand at {location}")
    return Unit(raw.type, location)
