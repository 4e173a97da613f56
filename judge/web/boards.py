"""The maps on the pages, drawn by ``judge.maps.board_png`` (the maps issue). The web
draws nothing itself: until the judge has ``judge.maps``, a map URL answers 404 and the
pages say that no map is drawn yet."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from judge.storage.schema import PhaseRecord

Drawer = Callable[..., bytes]


@cache
def drawer() -> Drawer | None:
    """``judge.maps.board_png``, or None when the judge has no maps yet."""
    try:
        module = importlib.import_module("judge.maps")
    except ModuleNotFoundError:
        return None
    found: Drawer | None = getattr(module, "board_png", None)
    return found


def orders_and_results(record: PhaseRecord) -> tuple[dict[str, str], dict[str, str]]:
    """A played phase's orders (unit -> order) and their results (unit -> result), both
    public once the phase is played (HISTORY shows them)."""
    kept: Mapping[str, Any] = record.result or {}
    orders: dict[str, str] = {}
    for lines in (kept.get("orders") or {}).values():
        for order in lines:
            orders[" ".join(str(order).split()[:2])] = str(order)
    outcomes = {str(k): str(v) for k, v in (kept.get("outcomes") or {}).items()}
    return orders, outcomes


def png(state: Mapping[str, Any], title: str, record: PhaseRecord | None = None
        ) -> bytes | None:
    draw = drawer()
    if draw is None:
        return None
    if record is None:
        return draw(dict(state), title=title)
    orders, results = orders_and_results(record)
    return draw(dict(record.state), orders=orders, results=results, title=title)
