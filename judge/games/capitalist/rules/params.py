"""The GM parameters of Capitalist Diplomacy (capitalist.md section 6) and their limits."""

from __future__ import annotations

from dataclasses import dataclass

from judge.games import CAPITALIST
from judge.money.market.params import MarketParams, ParamError

__all__ = ["DEFAULTS", "ParamError", "Params"]


@dataclass(frozen=True, slots=True)
class Params(MarketParams):
    """Every parameter of section 6, by its spec name (lower case here)."""

    min_players: int = 9
    max_players: int = 12
    start_units: int = 1000
    start_rate: int = 100
    start_sfr: int = 0
    step_units: int = 100
    sell_limit: int = 500
    min_rate: int = 1
    bonus_percent: int = 5
    point_block: int = 100
    victory_scs: int = 18
    end_year: int = 1915
    GAME = CAPITALIST.word.title()

    def check(self) -> None:
        """Raise ParamError naming the first impossible value."""
        least = {
            "MIN_PLAYERS": 1, "START_UNITS": 0, "START_SFR": 0, "STEP_UNITS": 1,
            "SELL_LIMIT": 1, "MIN_RATE": 1, "BONUS_PERCENT": 0, "POINT_BLOCK": 1,
            "VICTORY_SCS": 1, "START_RATE": self.min_rate, "MAX_PLAYERS": self.min_players,
        }
        for name, low in least.items():
            if getattr(self, name.lower()) < low:
                raise ParamError(f"parameter {name} must be at least {low}")

    def player_count_problem(self, count: int) -> str | None:
        """Why a game of ``count`` players cannot be played (section 6, D32), or None."""
        if self.min_players <= count <= self.max_players:
            return None
        return f"Capitalist Diplomacy needs {self.min_players} to {self.max_players} players"


DEFAULTS: dict[str, int] = Params.defaults()
