"""The maps on the pages, drawn by ``judge.maps`` from a stored phase as everyone may
see it: the position being played, or a played phase with its orders carried out and
their outcomes (``recorded``, the same reading ``judge map`` and MAP by mail use). The
pages draw no board of a BLIND game (``pages.board_shown``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.maps import board_png
from judge.service.reports.maps import recorded
from judge.storage.schema import PhaseRecord


def png(state: Mapping[str, Any], title: str, record: PhaseRecord | None = None) -> bytes:
    """The map of the position ``state``, or of the played phase ``record``."""
    drawn = recorded(state if record is None else record.state,
                     None if record is None else record.result)
    return board_png(drawn.state, orders=drawn.orders, results=drawn.results, title=title)
