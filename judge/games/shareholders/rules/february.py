"""The February turn (``W{Y-1}A``): what office holders may decide (spec 4.2) and what they
agreed on (5.3). The deadline's money is in ``treasury.py``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from judge.engine.board import Map, Terrain, UnitType
from judge.engine.orders import Build, Remove
from judge.engine.position import Unit
from judge.games.shareholders.rules.commands import Command, Dividend, Refused
from judge.games.shareholders.rules.state import ShareholdersGame


@dataclass(frozen=True, slots=True)
class Decisions:
    """One office holder's February set: dividend or not (default not), the units to
    dissolve, and the builds in the order listed (a build may be listed twice, D25)."""

    dividend: bool = False
    dissolve: tuple[Unit, ...] = ()
    builds: tuple[Unit, ...] = ()


class FebruaryDesk:
    """Checks one office holder's February lines for one country."""

    def __init__(self, game: ShareholdersGame, board: Map, country: str) -> None:
        self.game, self.board, self.country = game, board, country

    def check(
        self, decisions: Decisions, command: Command
    ) -> tuple[Decisions, str | None] | Refused:
        if isinstance(command, Dividend):
            warning = None
            if command.paid and self.game.shares_held(self.country) == 0:
                warning = f"WARNING: nobody holds {self.country} shares; no dividend can be paid"
            return replace(decisions, dividend=command.paid), warning
        if isinstance(command, Remove):
            unit = self._own_unit(command.unit)
            if unit is None:
                return Refused(f"{self.country} has no {command.unit}")
            kept = tuple(u for u in decisions.dissolve if u != unit)
            return replace(decisions, dissolve=(*kept, unit)), None
        if isinstance(command, Build):
            built = self._build(command.unit)
            if isinstance(built, Refused):
                return built
            return replace(decisions, builds=(*decisions.builds, built)), None
        return Refused("not a February order: February orders are DIVIDEND, NO DIVIDEND, "
                       "DISSOLVE and BUILD")

    def _own_unit(self, given: Unit) -> Unit | None:
        for unit in self.game.units_of(self.country):
            if unit.province == given.province and given.type in (None, unit.type):
                return unit
        return None

    def _build(self, given: Unit) -> Unit | Refused:
        loc, prov = given.location, given.province
        if prov not in self.board.homes.get(self.country, ()):
            return Refused(f"{loc} is not a home centre of {self.country}")
        if given.type is UnitType.ARMY:
            if self.board.terrain(prov) is Terrain.SEA:
                return Refused(f"an army cannot be built in {loc}")
            return Unit(UnitType.ARMY, prov)
        places = self.board.fleet_locations(prov)
        if not places:
            return Refused(f"a fleet cannot be built in {loc}")
        if loc in places:
            return Unit(UnitType.FLEET, loc)
        if len(places) > 1:
            return Refused(f"specify a coast for {loc}")
        return Unit(UnitType.FLEET, places[0])


def agreed(office: tuple[str, ...], sets: Mapping[str, Decisions]) -> Decisions:
    """What a country's office holders decided: a sole Director's set; for Codirectors
    only what every one of them sent (5.3, D6, D25): a silent one agrees to nothing."""
    if not office:
        return Decisions()
    if len(office) == 1:
        return sets.get(office[0], Decisions())
    given = [sets.get(name) for name in office]
    if any(s is None for s in given):
        return Decisions()
    every = [s for s in given if s is not None]
    first = every[0]
    return Decisions(
        dividend=all(s.dividend for s in every),
        dissolve=tuple(u for u in first.dissolve if all(u in s.dissolve for s in every)),
        builds=tuple(u for u in first.builds if all(u in s.builds for s in every)),
    )
