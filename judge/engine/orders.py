"""Orders as values, with their canonical text (``A PAR - BUR``, ``F ENG C A LON - BEL``)."""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.position import Unit


@dataclass(frozen=True, slots=True)
class Hold:
    unit: Unit

    def __str__(self) -> str:
        return f"{self.unit} H"


@dataclass(frozen=True, slots=True)
class Move:
    """A move; ``via_convoy`` forces a convoy, ``path`` is a route the player spelled out
    (the provinces of the convoying fleets, ``A LON - NTH - NWY``)."""

    unit: Unit
    dest: str
    via_convoy: bool = False
    path: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.path:
            return f"{self.unit} - {' - '.join(self.path)} - {self.dest}"
        return f"{self.unit} - {self.dest}" + (" VIA CONVOY" if self.via_convoy else "")


@dataclass(frozen=True, slots=True)
class SupportHold:
    unit: Unit
    target: Unit

    def __str__(self) -> str:
        return f"{self.unit} S {self.target}"


@dataclass(frozen=True, slots=True)
class SupportMove:
    unit: Unit
    target: Unit
    dest: str

    def __str__(self) -> str:
        return f"{self.unit} S {self.target} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Convoy:
    unit: Unit
    target: Unit
    dest: str

    def __str__(self) -> str:
        return f"{self.unit} C {self.target} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Retreat:
    unit: Unit
    dest: str

    def __str__(self) -> str:
        return f"{self.unit} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Disband:
    unit: Unit

    def __str__(self) -> str:
        return f"{self.unit} D"


@dataclass(frozen=True, slots=True)
class Build:
    unit: Unit

    def __str__(self) -> str:
        return f"BUILD {self.unit}"


@dataclass(frozen=True, slots=True)
class Remove:
    unit: Unit

    def __str__(self) -> str:
        return f"REMOVE {self.unit}"


@dataclass(frozen=True, slots=True)
class Waive:
    def __str__(self) -> str:
        return "WAIVE"


MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy
RetreatOrder = Retreat | Disband
AdjustmentOrder = Build | Remove | Waive
Order = MovementOrder | RetreatOrder | AdjustmentOrder
