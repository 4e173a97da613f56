"""The GM parameters of Capitalist Diplomacy (capitalist.md section 6) and their limits."""

from __future__ import annotations

from dataclasses import dataclass

from judge.games import CAPITALIST
from judge.money.market.params import MarketParams, ParamError

__all__ = ["DEFAULTS", "ParamError", "Params"]


@dataclass(frozen=True, slots=True)
class Params(MarketParams):
    MIN_PLAYERS: int = 9
    MAX_PLAYERS: int = 12
    START_UNITS: int = 1000
    START_RATE: int = 100
    START_SFR: int = 0
    STEP_UNITS: int = 100
    SELL_LIMIT: int = 500
    MIN_RATE: int = 1
    BONUS_PERCENT: int = 5
    POINT_BLOCK: int = 100
    VICTORY_SCS: int = 18
    END_YEAR: int = 1915
    GAME = CAPITALIST.word.title()

    def check(self) -> None:
        """Raise ParamError naming the first impossible value."""
        least = {
            "MIN_PLAYERS": 1, "START_UNITS": 0, "START_SFR": 0, "STEP_UNITS": 1,
            "SELL_LIMIT": 1, "MIN_RATE": 1, "BONUS_PERCENT": 0, "POINT_BLOCK": 1,
            "VICTORY_SCS": 1, "START_RATE": self.MIN_RATE, "MAX_PLAYERS": self.MIN_PLAYERS,
        }
        for name, low in least.items():
            if getattr(self, name) < low:
                raise ParamError(f"parameter {name} must be at least {low}")

    def player_count_problem(self, count: int) -> str | None:
        """Why a game of ``count`` players cannot be played (section 6, D32), or None."""
        if self.MIN_PLAYERS <= count <= self.MAX_PLAYERS:
            return None
        return f"Capitalist Diplomacy needs {self.MIN_PLAYERS} to {self.MAX_PLAYERS} players"


DEFAULTS: dict[str, int] = Params.defaults()
