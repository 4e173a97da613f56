"""The GM parameters every market game has: one error, one constructor.

A game's parameters are a frozen dataclass deriving from ``MarketParams``; each field is
a parameter, named after the spec's name (``START_UNITS`` is ``start_units``, or the name
itself). ``from_names`` reads them by those names, in any case, and checks them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, ClassVar, Self


class ParamError(ValueError):
    """A parameter setting that would make a rule impossible (or divide by zero)."""


class MarketParams:
    """The base of a market game's parameters (each game's is a frozen dataclass)."""

    __slots__ = ()
    GAME: ClassVar[str] = "market"  # names the game in the refusal of an unknown name

    @classmethod
    def from_names(cls, given: Mapping[str, Any], **context: Any) -> Self:
        """The parameters from their spec names (missing ones default), checked;
        ParamError for a name that is no parameter or a value the rules cannot work
        with. ``context``: what a game takes from elsewhere (the Exchange, the map's
        victory centres)."""
        params = cls(**cls.by_field(given, **context))
        params.check()
        return params

    @classmethod
    def by_field(cls, given: Mapping[str, Any], **context: Any) -> dict[str, Any]:
        """The given values by field name; a game converts its own here."""
        known = {f.name.upper(): f.name for f in fields(cls)}  # type: ignore[arg-type]
        unknown = sorted({str(name).upper() for name in given} - known.keys())
        if unknown:
            raise ParamError(f"unknown {cls.GAME} parameter(s): {', '.join(unknown)}")
        return {known[str(name).upper()]: value for name, value in given.items()}

    @classmethod
    def defaults(cls) -> dict[str, Any]:
        """Every parameter's default by its spec name, in the order declared."""
        return {f.name.upper(): f.default for f in fields(cls)}  # type: ignore[arg-type]

    def check(self) -> None:
        """ParamError naming the first value no game can be played with."""
