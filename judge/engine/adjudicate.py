"""adjudicate(position, orders) -> PhaseResult: one phase of a game, any kind."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from judge.engine.board import Map
from judge.engine.orders import Order
from judge.engine.outcomes import Outcome, Reason
from judge.engine.position import Position, Unit


@dataclass(frozen=True, slots=True)
class OrderError:
    """An order that was refused: the text as given and the reason."""

    power: str
    text: str
    reason: Reason

    def __str__(self) -> str:
        return f"{self.text}: {self.reason.value}"


@dataclass(frozen=True)
class PhaseResult:
    """Everything a phase produced.

    ``orders`` holds, per power, the orders the engine carried out (after legality
    and defaults: unordered units hold, unordered retreats disband, civil-disorder
    removals). ``outcomes`` is keyed by unit as it stood at the start of the phase
    (a built unit by its new self). ``retreats`` gives each dislodged unit its legal
    retreat locations (empty: destroyed). ``next`` is the next phase that has
    anything to do.
    """

    position: Position
    orders: Mapping[str, tuple[Order, ...]]
    outcomes: Mapping[Unit, Outcome]
    errors: Mapping[str, tuple[OrderError, ...]]
    next: Position
    retreats: Mapping[Unit, tuple[str, ...]] = field(default_factory=dict)
    victory: str | None = None


def adjudicate(
    position: Position, orders: Mapping[str, Sequence[Order]], board: Map
) -> PhaseResult:
    """Play one phase: check every order, resolve, and return the next position."""
    raise NotImplementedError
