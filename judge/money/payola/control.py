"""Who plays whom in a Payola game: controlled powers, vassals and DUMMY powers (spec 2.9)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


class ControlError(ValueError):
    """A control relationship that cannot hold; the message names the powers and why."""


@dataclass(frozen=True)
class Control:
    """The control relationships of a game: ``controllers`` maps each controlled power to
    the power whose player plays it; ``dummies`` are the DUMMY powers; ``vassal_rule`` is
    VASSAL_DUMMIES.

    A controlled power keeps its own account, sheet and acceptance list, and everything it
    is told goes to its controller (a CONTROL line). Under VASSAL_DUMMIES a controlled
    DUMMY is a vassal instead: it has no account and sends no sheet; its controller bribes
    its units with its own money, lends it its acceptance list and takes its income. An
    uncontrolled DUMMY sends no sheet and its ties follow the DUMMY rule (spec 5.2.4).
    """

    controllers: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    dummies: frozenset[str] = frozenset()
    vassal_rule: bool = False

    @classmethod
    def parse(cls, given: Mapping[str, str], powers: Collection[str],
              dummies: Collection[str] = (), vassal_rule: bool = False) -> Control:
        """Check a ``controlled -> controller`` mapping; refuse what cannot be played."""
        names = {p.upper() for p in powers}
        controllers: dict[str, str] = {}
        for controlled, controller in given.items():
            who, by = str(controlled).strip().upper(), str(controller).strip().upper()
            for name in (who, by):
                if name not in names:
                    raise ControlError(f"unknown power {name!r} in control")
            if who == by:
                raise ControlError(f"{who} cannot control itself")
            controllers[who] = by
        dummy_set = frozenset(d.upper() for d in dummies)
        for who, by in sorted(controllers.items()):
            if by in controllers:
                raise ControlError(
                    f"{by} is controlled by {controllers[by]}, so it cannot control {who}")
            if by in dummy_set:
                raise ControlError(f"{by} is a DUMMY power and cannot control {who}")
        return cls(MappingProxyType(controllers), dummy_set, vassal_rule)

    def controller(self, power: str) -> str | None:
        return self.controllers.get(power)

    def is_vassal(self, power: str) -> bool:
        return self.vassal_rule and power in self.dummies and power in self.controllers

    def has_account(self, power: str) -> bool:
        """Under VASSAL_DUMMIES no DUMMY power has a bank account (spec 2.1)."""
        return not (self.vassal_rule and power in self.dummies)

    def vassals(self) -> dict[str, str]:
        """Vassal -> its controller."""
        return {v: c for v, c in self.controllers.items() if self.is_vassal(v)}

    def vassals_of(self, power: str) -> tuple[str, ...]:
        return tuple(sorted(v for v, c in self.vassals().items() if c == power))

    def uncontrolled_dummies(self) -> frozenset[str]:
        return frozenset(d for d in self.dummies if d not in self.controllers)

    def recipient(self, power: str) -> str:
        """Who is told about ``power``'s own account: its controller if it has one."""
        return self.controllers.get(power, power)

    def sheet_refusal(self, power: str) -> str | None:
        """Why ``power`` may not send an offer sheet, or None if it may (spec 2.9, 7.5)."""
        if self.is_vassal(power):
            return (f"{power} is a vassal of {self.controllers[power]} and sends no offer "
                    "sheet: its controller bribes its units with its own money")
        if power in self.dummies and power not in self.controllers:
            return f"{power} is an uncontrolled DUMMY power and sends no offer sheet"
        return None

    def signals_for(self, writer: str, owner: str) -> bool:
        """RESTRICT_SIGNAL: a signal order comes from the unit's owner or its controller."""
        return writer in (owner, self.controllers.get(owner))
