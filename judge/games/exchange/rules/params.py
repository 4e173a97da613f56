"""The GM parameters of an Exchange game (exchange.md 6) and their validation (D53)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from judge.games import EXCHANGE
from judge.money.market.params import MarketParams, ParamError

__all__ = ["DEFAULTS", "BidStyle", "IncomeMode", "ParamError", "Params"]


class IncomeMode(Enum):
    FINANCING = "FINANCING"
    PAYOLA = "PAYOLA"
    ZEROSUM = "ZEROSUM"


class BidStyle(Enum):
    SEALED = "SEALED"
    SECOND_PRICE = "SECOND_PRICE"


DEFAULTS: dict[str, object] = {
    "STARTING_CASH": 1000,
    "MIN_BID": 100,
    "BID_STYLE": "SEALED",
    "MIN_SHARES": 5,
    "MAX_SHARES": 100,
    "DEFAULT_SHARES": 25,
    "INCOME_MODE": "FINANCING",
    "NEUTRAL_SC_VALUE": 10,
    "VICTORY_SCS": None,
    "DIAS_ONLY": False,
    "END_YEAR": None,
    "PREFLOATED": False,
}


@dataclass(frozen=True, slots=True)
class Params(MarketParams):
    """Every parameter, typed; ``victory_scs`` already defaulted to the map's."""

    starting_cash: int = 1000
    min_bid: int = 100
    bid_style: BidStyle = BidStyle.SEALED
    min_shares: int = 5
    max_shares: int = 100
    default_shares: int = 25
    income_mode: IncomeMode = IncomeMode.FINANCING
    neutral_sc_value: int = 10
    victory_scs: int = 18
    dias_only: bool = False
    end_year: int | None = None
    prefloated: bool = False
    GAME = EXCHANGE.title

    @classmethod
    def by_field(cls, given: Mapping[str, Any], **context: Any) -> dict[str, Any]:
        """The values typed: the bid style and income mode by name (any case), the
        victory centres the map's (``map_victory``) unless given."""
        values = super(Params, cls).by_field(given)
        for name, kind in (("bid_style", BidStyle), ("income_mode", IncomeMode)):
            if name in values:
                try:
                    values[name] = kind(str(values[name]).upper())
                except ValueError:
                    raise ParamError(f"unknown {name.upper()} {values[name]!r}") from None
        victory = values.get("victory_scs")
        values["victory_scs"] = context["map_victory"] if victory is None else int(victory)
        if values.get("end_year") is not None:
            values["end_year"] = int(values["end_year"])
        for name in ("dias_only", "prefloated"):
            if name in values:
                values[name] = bool(values[name])
        return values

    def check(self) -> None:
        """D53: the bounds that keep every rule applicable."""
        if self.min_shares < 5:
            raise ParamError("MIN_SHARES must be at least 5")
        if self.max_shares < self.min_shares:
            raise ParamError("MAX_SHARES must be at least MIN_SHARES")
        if not self.min_shares <= self.default_shares <= self.max_shares:
            raise ParamError("DEFAULT_SHARES must lie between MIN_SHARES and MAX_SHARES")
        if self.victory_scs < 1:
            raise ParamError("VICTORY_SCS must be at least 1")
        if self.starting_cash < 0 or self.min_bid < 0 or self.neutral_sc_value < 0:
            raise ParamError("STARTING_CASH, MIN_BID and NEUTRAL_SC_VALUE cannot be negative")
