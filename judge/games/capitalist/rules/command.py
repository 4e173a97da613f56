"""Who commands each power (capitalist.md 5.4, D9, D18, D26, D27, D30): the player holding
the most of its currency after a commerce phase, ties drawn by lot."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judge.games.capitalist.rules.state import Player
from judge.money.market.lots import drawn


def lot_context(commerce_phase: str, power: str) -> str:
    """The lot's context for a tie: ``S1901C/COMMAND/GERMANY``."""
    return f"{commerce_phase}/COMMAND/{power}"


def commanders(
    players: Iterable[Player], powers: Iterable[str], seed: int, commerce_phase: str
) -> dict[str, str]:
    """The commander of each of ``powers`` (the surviving ones), from the holdings after
    the commerce phase; a power whose currency nobody holds has none."""
    everyone = list(players)
    out: dict[str, str] = {}
    for power in powers:
        most = max((p.holding(power) for p in everyone), default=0)
        if most <= 0:
            continue
        tied = [p.name for p in everyone if p.holding(power) == most]
        out[power] = tied[0] if len(tied) == 1 else drawn(
            seed, lot_context(commerce_phase, power), tied)
    return out


def not_commander(power: str) -> str:
    """The reason every line of a mail signed on as a power by someone else is refused."""
    return f"you do not command {power} this season"


def command_refusal(commanders: Mapping[str, str], sender: str, power: str) -> str | None:
    """Why ``sender`` may not order ``power`` now, or None when he commands it."""
    return None if commanders.get(power) == sender else not_commander(power)
