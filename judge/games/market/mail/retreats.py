"""STATUS in a market game's retreat phase (issue 23): each of a power's dislodged units
and where it may retreat, read from the typed board (Shareholders, Capitalist)."""

from __future__ import annotations

from judge.engine.board import Map
from judge.engine.position import Position
from judge.engine.retreats import options_in


def retreat_lines(position: Position, board: Map, power: str) -> list[str]:
    """One line a dislodged unit of ``power``: where it may retreat, or that it has
    nowhere to go (a unit not ordered to retreat is disbanded)."""
    out = []
    for d in position.dislodged.get(power, ()):
        options = options_in(position, board, d.unit) or ()
        out.append(f"  Dislodged {d.unit}: may retreat to {', '.join(options)}" if options
                   else f"  Dislodged {d.unit}: no retreat open; it will be disbanded")
    return out
