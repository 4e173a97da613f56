"""Maps as data: builds Map objects from the JSON files in ``judge/engine/maps/``."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from judge.engine.board import Map, Province, Terrain, build_map

STANDARD_MAP = "standard"  # the board every game of the judge is played on


@cache
def load_map(name: str = STANDARD_MAP) -> Map:
    """The named map, read once from ``judge/engine/maps/<name>.json``."""
    path = resources.files("judge.engine").joinpath("maps", f"{name}.json")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise KeyError(f"unknown map {name!r}") from None
    return map_from_data(json.loads(text))


def map_from_data(data: dict[str, Any]) -> Map:
    """Build a Map from its JSON form (see docs/maps.md for the format)."""
    provinces = [
        Province(
            abbr=p["abbr"],
            name=p["name"],
            terrain=Terrain(p["terrain"]),
            center=bool(p.get("center", False)),
            home=p.get("home"),
            coasts=tuple(p.get("coasts", ())),
        )
        for p in data["provinces"]
    ]
    return build_map(
        name=data["name"],
        powers=data["powers"],
        provinces=provinces,
        army_edges=[tuple(e) for e in data["army_edges"]],
        fleet_edges=[tuple(e) for e in data["fleet_edges"]],
        aliases=data.get("aliases", {}),
        starting_units=data["starting_units"],
        victory_centers=int(data["victory_centers"]),
    )
