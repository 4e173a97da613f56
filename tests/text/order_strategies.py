"""Hypothesis strategies for orders on the standard map, shared by the order reader's
property tests and the canonical shortcut's."""

from __future__ import annotations

from hypothesis import strategies as st

from judge.engine.board import UnitType
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
    Waive,
)
from judge.engine.position import Unit

BOARD = load_map("standard")
LOCATIONS = sorted(
    {*BOARD.provinces, *(f"{abbr}/{c}" for abbr, p in BOARD.provinces.items() for c in p.coasts)}
)
SEAS = sorted(abbr for abbr, p in BOARD.provinces.items() if p.terrain.value == "sea")

locations = st.sampled_from(LOCATIONS)
units = st.builds(Unit, st.sampled_from([UnitType.ARMY, UnitType.FLEET, None]), locations)
typed_units = st.builds(Unit, st.sampled_from([UnitType.ARMY, UnitType.FLEET]), locations)
routes = st.lists(st.sampled_from(SEAS), min_size=1, max_size=4).map(tuple)
orders: st.SearchStrategy[Order] = st.one_of(
    st.builds(Hold, units),
    st.builds(Move, units, locations, st.booleans()),
    st.builds(lambda u, d, p: Move(u, d, True, p), units, locations, routes),
    st.builds(SupportHold, units, units),
    st.builds(SupportMove, units, units, locations),
    st.builds(Convoy, units, units, locations),
    st.builds(Disband, units),
    st.builds(Build, typed_units),
    st.builds(Remove, units),
    st.just(Waive()),
)
