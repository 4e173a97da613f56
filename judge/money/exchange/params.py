"""The GM parameters of an Exchange game (exchange.md 6) and their validation (D53)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class ParamError(ValueError):
    """Parameters a game cannot be created with."""


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
class Params:
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

    @classmethod
    def read(cls, given: dict[str, object], map_victory: int) -> Params:
        """Parameters by their spec names (already defaulted); ParamError for any value
        that would make a rule impossible (D53)."""
        def number(name: str) -> int:
            value = given[name]
            assert isinstance(value, int)
            return value
        try:
            style = BidStyle(str(given["BID_STYLE"]).upper())
        except ValueError:
            raise ParamError(f"unknown BID_STYLE {given['BID_STYLE']!r}") from None
        try:
            mode = IncomeMode(str(given["INCOME_MODE"]).upper())
        except ValueError:
            raise ParamError(f"unknown INCOME_MODE {given['INCOME_MODE']!r}") from None
        victory = given["VICTORY_SCS"]
        end_year = given["END_YEAR"]
        params = cls(number("STARTING_CASH"), number("MIN_BID"), style, number("MIN_SHARES"),
                     number("MAX_SHARES"), number("DEFAULT_SHARES"), mode,
                     number("NEUTRAL_SC_VALUE"),
                     map_victory if victory is None else int(victory),  # type: ignore[call-overload]
                     bool(given["DIAS_ONLY"]),
                     None if end_year is None else int(end_year),  # type: ignore[call-overload]
                     bool(given["PREFLOATED"]))
        params.check()
        return params

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
