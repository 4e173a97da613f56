"""A new Exchange game (exchange.md 3.5): investors with STARTING_CASH, corporations
unstarted and the board empty at ``W1900B``; or, under PREFLOATED (D2), every corporation
floated on its standard position with the Payola starting balance, at ``W1900E``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from judge.engine.board import Map
from judge.engine.position import Unit
from judge.games.exchange.rules.game import Corporation, ExchangeGame, Investor, Status
from judge.games.exchange.rules.params import IncomeMode, Params
from judge.money.payola.income import starting_balance
from judge.money.payola.rules import RuleSet


class StartError(ValueError):
    """A game that cannot start as asked."""


def opening(board: Map, params: Params, rules: RuleSet, seed: int, names: Iterable[str],
            holdings: Mapping[str, Mapping[str, int]] | None = None) -> ExchangeGame:
    """The opening state. ``holdings`` (PREFLOATED only) gives each investor's shares
    per power as the GM sets them; each corporation then has ``S = DEFAULT_SHARES``
    (or the holdings' total when larger) and keeps the rest as ``T``."""
    investors: dict[str, Investor] = {}
    for raw in names:
        name = raw.strip().upper()
        if not name or name in investors:
            raise StartError(f"investor names must be distinct and not empty: {raw!r}")
        investors[name] = Investor(name, params.starting_cash)
    if not investors:
        raise StartError("a game needs at least one investor")
    corporations = {p: Corporation(p) for p in board.powers}
    if not params.prefloated:
        if holdings:
            raise StartError("holdings are set only in a PREFLOATED game")
        inactive = {c for p in board.powers for c in board.homes.get(p, ())}
        return ExchangeGame(board, params, rules, seed, "W1900B", investors, corporations,
                    inactive=inactive)
    for who, shares in (holdings or {}).items():
        name = who.strip().upper()
        if name not in investors:
            raise StartError(f"holdings of {who!r}, who is no investor")
        for word, n in shares.items():
            power = board.power_named(word)
            if power is None or n < 0:
                raise StartError(f"holdings of {name}: {word} {n}")
            if n:
                investors[name].shares[power] = n
    # the Payola starting balance of the income scheme in force (ZEROSUM: 10 a centre)
    payola = replace(rules, zerosum=params.income_mode is IncomeMode.ZEROSUM)
    units = {p: tuple(Unit.parse(u) for u in us) for p, us in board.starting_units.items()}
    centers = {p: frozenset(cs) for p, cs in board.homes.items()}
    for power, corp in corporations.items():
        held = sum(inv.holding(power) for inv in investors.values())
        corp.status = Status.FLOATED
        corp.S = max(params.default_shares, held)
        corp.T = corp.S - held
        corp.price = 1
        corp.accept = power[0] + "?"
        corp.treasury = starting_balance(centers.get(power, ()), len(units.get(power, ())),
                                         payola, params.victory_scs, len(board.powers))
    return ExchangeGame(board, params, rules, seed, "W1900E", investors, corporations, units=units,
                centers=centers)
