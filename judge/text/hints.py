"""The "did you mean" of a line whose first word is no command (issue 23): the command
words of the kind that reads it that the word is a near miss of (``BIDD`` -> ``BID``,
``BYU`` -> ``BUY``, ``SEL`` -> ``SELL``). Every kind's reader asks it with its own
words; the nearness is ``judge.money.names.nearest``, which names and provinces use too.
"""

from __future__ import annotations

from collections.abc import Iterable

from judge.engine.board import Map
from judge.money.names import did_you_mean

_UNIT_WORDS = frozenset({"A", "F", "ARMY", "FLEET"})


def command_hint(line: str, words: Iterable[str], board: Map | None = None) -> str:
    """`` (did you mean BID?)`` when the line's first word is a near miss of one of
    ``words``, else the empty string. On a ``board``, a first word that is a unit type or
    a province starts an order, not a misspelt command (``BUL - XYZ`` is no ``BUY``)."""
    parts = line.split()
    if not parts:
        return ""
    first = parts[0].upper().rstrip(":!>@&.,")
    if board is not None and (first in _UNIT_WORDS
                              or board.canonical(first.split("/")[0]) is not None):
        return ""
    return did_you_mean(first, words)
