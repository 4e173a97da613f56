"""A stored phase drawn again (MAP, the web's boards, ``judge map``): its orders and
outcomes are read from the stored result in every kind's shape. A board game keeps its
orders by power; a market game keeps its runner's result, orders by unit (or by power
and unit) and ``results``."""

from __future__ import annotations

from typing import Any

import pytest

from judge.service.reports.maps import recorded

STATE = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "F BRE"]},
         "centers": {"FRANCE": ["PAR", "BRE", "MAR"]}}


@pytest.mark.parametrize("result", [
    {"orders": {"FRANCE": ["A PAR - BUR", "F BRE - MAO"]},
     "outcomes": {"A PAR": "bounce"}},                          # a board game's
    {"orders": {"A PAR": "A PAR - BUR", "F BRE": "F BRE - MAO"},
     "results": {"A PAR": "bounce"}},                           # a market runner's, by unit
    {"orders": {"FRANCE": {"A PAR": "A PAR - BUR", "F BRE": "F BRE - MAO"}},
     "results": {"A PAR": "bounce"}},                           # by power and unit
], ids=["board", "market-by-unit", "market-by-power"])
def test_a_stored_phase_is_drawn_with_its_orders_in_every_kind(result: dict[str, Any]) -> None:
    drawn = recorded(STATE, result)
    assert drawn.orders == {"A PAR": "A PAR - BUR", "F BRE": "F BRE - MAO"}
    assert drawn.results == {"A PAR": "bounce"}


def test_a_phase_not_yet_played_is_drawn_without_orders() -> None:
    drawn = recorded(STATE, None)
    assert drawn.orders == {} and drawn.results == {}
    assert drawn.state["units"] == STATE["units"]
