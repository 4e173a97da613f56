"""A commerce phase of a case: each mail checked as the mail interface would, then the
phase processed (capitalist.md 3.1): trades, rates, commanders."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from judge.batch.market import Mail, Refusals, not_a_player
from judge.money.capitalist.calendar import Commerce
from judge.money.capitalist.command import commanders, not_commander
from judge.money.capitalist.commerce import Account, execute, move_rates
from judge.money.capitalist.orders import check_commerce
from judge.money.capitalist.params import Params
from judge.money.capitalist.state import Economy
from judge.money.trades import Trade
from judge.text.capitalist import read_trade


@dataclass(frozen=True, slots=True)
class CommerceOutcome:
    """The economy when the next phase opens, and what the mails were told."""

    economy: Economy
    errors: dict[str, list[str]]
    warnings: dict[str, list[str]]
    trades: dict[str, list[dict[str, object]]]


def play_commerce(phase: Commerce, economy: Economy, mails: Sequence[Mail], params: Params,
                  seed: int) -> CommerceOutcome:
    """Each mail checked in order (a later accepted mail replaces the sender's set), then
    the phase processed at the deadline."""
    refusals = Refusals()
    warnings: dict[str, list[str]] = {}
    sets: dict[str, tuple[Trade, ...]] = {}
    for mail in mails:
        name = mail.sender.strip().upper()
        player = economy.players.get(name)
        if player is None:
            refusals.refuse_all(mail, not_a_player(mail.sender))
            continue
        if mail.power is not None:  # nobody commands while a commerce phase is open (D18)
            refusals.refuse_all(mail, not_commander(mail.power))
            continue
        commands = [read_trade(line) for line in mail.lines]
        checked = check_commerce(commands, player, economy, params)
        for refusal in checked.refusals:
            refusals.add(mail, mail.lines[refusal.index], refusal.reason)
        if checked.trades is not None:
            sets[name] = checked.trades
        if checked.warning is not None:
            warnings.setdefault(mail.key, []).append(checked.warning)
    accounts = [execute(p, sets.get(name, ()), economy.rates)
                for name, p in economy.players.items()]
    return CommerceOutcome(process(phase, economy, accounts, params, seed),
                           refusals.as_dict(), warnings, executed_trades(accounts))


def executed_trades(accounts: Sequence[Account]) -> dict[str, list[dict[str, object]]]:
    """What each player's trades did, for the reports (spec 7; not a contract key): per
    pseudonym, each trade with the units ordered and the units executed."""
    return {a.player.name: [{"side": d.trade.side.value, "power": d.trade.power,
                             "ordered": d.trade.units, "units": d.units}
                            for d in a.executed]
            for a in sorted(accounts, key=lambda a: a.player.name) if a.executed}


def process(phase: Commerce, economy: Economy, accounts: Sequence[Account],
            params: Params, seed: int) -> Economy:
    """The deadline: every player's set executed, the rates moved, the commanders drawn."""
    moves = move_rates(economy.rates, accounts, economy.annihilated, params)
    players = {a.player.name: a.player for a in accounts}
    after = replace(economy, players=players,
                    rates={p: m.new for p, m in moves.items()})
    return after.with_commanders(
        commanders(players.values(), after.surviving, seed, str(phase)))
