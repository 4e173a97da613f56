"""Dividends (exchange.md 4.6, 5.9): declared per share by the leader, paid to every
investor holding shares, never to the corporation's own unsold shares."""

from __future__ import annotations

from judge.games.exchange.rules import commands as c
from judge.games.exchange.rules.checks import Refused, corporation, leader
from judge.games.exchange.rules.game import ExchangeGame


def dividend(game: ExchangeGame, sender: str, cmd: c.Dividend) -> str:
    corp = corporation(game, cmd.power)
    leader(corp, sender)
    most = corp.treasury // corp.S if corp.S else 0
    if cmd.per_share > most:
        raise Refused(f"the largest possible dividend is {most} AgP per share")
    corp.dividend = cmd.per_share
    return f"dividend of {cmd.per_share} AgP per {corp.name} share declared"


def pay_dividends(game: ExchangeGame) -> None:
    """k x h to each holder; the treasury loses k x (S - T). No DIVIDEND is 0 (D17)."""
    for name in sorted(game.corporations):
        corp = game.corporations[name]
        k = corp.dividend or 0
        corp.dividend = None
        if not corp.floated:
            continue
        if not k or k * corp.S > corp.treasury:
            game.note("dividend", corporation=name, per_share=0, paid={})
            continue
        paid: dict[str, int] = {}
        for investor, inv in sorted(game.investors.items()):
            h = inv.holding(name)
            if h:
                inv.cash += k * h
                corp.treasury -= k * h
                paid[investor] = k * h
        game.note("dividend", corporation=name, per_share=k, paid=paid)
