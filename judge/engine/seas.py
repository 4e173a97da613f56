"""Bodies of water: which coasts a chain of seas could connect, whatever fleets stand there.

These are facts of the map alone, worked out once per map and cached; whether
fleets actually carry an army is the movement phase's business (convoy.py).
"""

from __future__ import annotations

from collections import deque
from functools import cache

from judge.engine.board import Map, Terrain, UnitType, province_of


@cache
def _sea_routes(board: Map) -> dict[str, frozenset[str]]:
    """For each coastal province, every coastal province reachable by some chain of seas."""
    seas = {p for p, prov in board.provinces.items() if prov.terrain is Terrain.SEA}
    reach: dict[str, frozenset[str]] = {}
    for start, prov in board.provinces.items():
        if prov.terrain is not Terrain.COAST:
            continue
        found: set[str] = set()
        frontier = deque(s for s in _touching(board, start) if s in seas)
        visited = set(frontier)
        while frontier:
            sea = frontier.popleft()
            for nxt in _touching(board, sea):
                if nxt in seas and nxt not in visited:
                    visited.add(nxt)
                    frontier.append(nxt)
                elif board.terrain(nxt) is Terrain.COAST:
                    found.add(nxt)
        found.discard(start)
        reach[start] = frozenset(found)
    return reach


@cache
def _sea_bodies(board: Map) -> dict[str, int]:
    """Each sea province's connected body of water (seas linked sea to sea)."""
    body: dict[str, int] = {}
    for start, prov in sorted(board.provinces.items()):
        if prov.terrain is not Terrain.SEA or start in body:
            continue
        body[start] = n = len(body)
        frontier = [start]
        while frontier:
            for nxt in _touching(board, frontier.pop()):
                if board.terrain(nxt) is Terrain.SEA and nxt not in body:
                    body[nxt] = n
                    frontier.append(nxt)
    return body


def on_some_sea_route(board: Map, origin: str, sea: str, dest: str) -> bool:
    """Whether a fleet in ``sea`` could be part of some convoy from ``origin`` to ``dest``
    (DATC 6.G.7: a convoy order no route could use is illegal and shows no intent)."""
    body = _sea_bodies(board)
    mine = body[sea]
    return all(any(body.get(s) == mine for s in _touching(board, p)) for p in (origin, dest))


def _touching(board: Map, province: str) -> set[str]:
    """Provinces a fleet at any coast of ``province`` borders."""
    out: set[str] = set()
    for loc in board.fleet_locations(province):
        out.update(province_of(n) for n in board.neighbours(UnitType.FLEET, loc))
    return out


def convoy_possible(board: Map, origin: str, dest: str) -> bool:
    """Whether the map has any chain of seas from ``origin`` to ``dest`` (fleets aside)."""
    return dest in _sea_routes(board).get(origin, frozenset())
