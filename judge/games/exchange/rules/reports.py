"""What an Exchange game tells its players besides refusals (exchange.md 7): the annual
report each floated corporation sends when a Bids phase opens."""

from __future__ import annotations

from judge.games.exchange.rules.game import ExchangeGame


def annual_reports(game: ExchangeGame) -> dict[str, list[str]]:
    """Per investor, the reports he receives at the opening of ``W{Y}B`` (fiscal year
    Y + 1): one per floated corporation he holds shares of or leads, naming the holders
    without their quantities (DPjudge's report content)."""
    out: dict[str, list[str]] = {}
    fiscal = game.year + 1
    for name in sorted(game.corporations):
        corp = game.corporations[name]
        if not corp.floated:
            continue
        holders = sorted(n for n, inv in game.investors.items() if inv.holding(name))
        text = (f"{name}, fiscal year {fiscal}: treasury {corp.treasury} AgP; {corp.S} shares, "
                f"{corp.T} unsold; leader {corp.leader or 'none'}; shareholders "
                f"{', '.join(holders) if holders else 'none'}")
        for reader in sorted(set(holders) | ({corp.leader} if corp.leader else set())):
            out.setdefault(reader, []).append(text)
    return out
