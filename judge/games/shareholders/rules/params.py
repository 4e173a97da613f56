"""The GM parameters of 1901-Shareholders (spec section 6) and the player-count rule."""

from __future__ import annotations

from dataclasses import dataclass, fields

from judge.games import SHAREHOLDERS
from judge.money.market.params import MarketParams, ParamError

__all__ = ["DEFAULTS", "ParamError", "Params", "player_count_problem", "start_problem"]


@dataclass(frozen=True, slots=True)
class Params(MarketParams):
    """Every parameter of section 6, by its spec name (lower case here)."""

    total_cash: int = 12600
    min_players: int = 3
    max_players: int = 10
    sc_income: int = 80
    upkeep: int = 40
    build_cost: int = 200
    move_fee: int = 20
    support_fee: int = 10
    convoy_fee: int = 10
    share_unit: int = 100
    price_bonus: int = 100
    max_sell: int = 5
    victory_scs: int = 18
    econ_threshold: int = 20000
    end_year: int | None = None
    GAME = SHAREHOLDERS.title

    def check(self) -> None:
        """ParamError for an impossible value: a negative amount, no player allowed, MAX
        below MIN."""
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None and f.name == "end_year":
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise ParamError(f"{f.name.upper()} must be a whole number")
            if value < 0:
                raise ParamError(f"{f.name.upper()} must not be negative")
        if self.min_players < 1:
            raise ParamError("MIN_PLAYERS must be at least 1")
        if self.max_players < self.min_players:
            raise ParamError("MAX_PLAYERS must not be below MIN_PLAYERS")


def player_count_problem(count: int, params: Params) -> str | None:
    """Why a game cannot be played with ``count`` players (spec 6, D40), or None."""
    if count < params.min_players:
        return f"at least {params.min_players} players are needed"
    if count > params.max_players:
        return f"at most {params.max_players} players may play"
    return None


def start_problem(count: int, params: Params) -> str | None:
    """Why a game cannot start with ``count`` players, checked in the order of D28."""
    problem = player_count_problem(count, params)
    if problem is None and params.total_cash % count:
        problem = f"total cash does not divide equally among {count} players"
    return problem


DEFAULTS: dict[str, int | None] = Params.defaults()  # by spec name, for the GM's settings
