"""The score at the end (capitalist.md 5.6, D10, D11): per power, whole blocks of its
currency held times the centres it owns; the highest score wins, equal highest share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judge.games.capitalist.rules.state import Player


def points(player: Player, centers: Mapping[str, int], block: int) -> int:
    """``sum floor(holding / block) x centres`` over the powers (SFr count for nothing)."""
    return sum(player.holding(p) // block * n for p, n in centers.items())


def scores(players: Iterable[Player], centers: Mapping[str, int], block: int) -> dict[str, int]:
    return {p.name: points(p, centers, block) for p in players}


def winners(scored: Mapping[str, int]) -> list[str]:
    """Every player with the highest score, sorted."""
    if not scored:
        return []
    best = max(scored.values())
    return sorted(name for name, n in scored.items() if n == best)
