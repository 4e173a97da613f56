"""The GM parameters of a Bourse (spec 6) and the values that would break its rules."""

from __future__ import annotations

from dataclasses import dataclass

from judge.games import BOURSE
from judge.money.market.params import MarketParams, ParamError

__all__ = ["DEFAULTS", "BourseParams", "ParamError"]


@dataclass(frozen=True, slots=True)
class BourseParams(MarketParams):
    """Spec 6, typed. ``NO_EARLY`` and ``HOST_PLAYERS_MAY_JOIN`` are about when a host
    phase is processed and who may join; the turn itself never reads them (D30)."""

    start_units: int = 1000
    start_rate: int = 100
    step_units: int = 100
    sell_limit: int = 500
    min_rate: int = 1
    cash_surplus: bool = False
    winter_turns: bool = False
    no_early: bool = True
    join_open: bool = True
    host_players_may_join: bool = True
    GAME = BOURSE.word.title()

    def check(self) -> None:
        """ParamError for a value no Bourse can be played with."""
        for name in ("start_units", "start_rate", "step_units", "sell_limit", "min_rate"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ParamError(f"{name.upper()} must be a whole number of at least 1")
        if self.start_rate < self.min_rate:
            raise ParamError("START_RATE must be at least MIN_RATE")


DEFAULTS: dict[str, int | bool] = BourseParams.defaults()  # by spec name, for the GM's settings
