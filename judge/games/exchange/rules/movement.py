"""The board phases of an Exchange game (exchange.md 3.2, 4.7): Payola movement with the
corporations as the powers and the investors bribing from their cash, ranked after every
corporation (5.11); retreats and adjustments ordered by the leaders."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.orders import Order
from judge.engine.phase import Phase
from judge.engine.position import Position
from judge.games.exchange.rules.game import ExchangeGame
from judge.games.exchange.rules.params import IncomeMode
from judge.money.market.lots import by_lot
from judge.money.payola.acceptance import AcceptanceError, AcceptanceList
from judge.money.payola.movement import Table, play_movement
from judge.money.payola.offers import Signal
from judge.money.payola.statements import Statement


@dataclass
class BoardReport:
    """What a board phase produced for the result: the order each unit issued, who paid
    what to which unit, each unit's outcome, and the unit orders refused (mail key, line,
    reason)."""

    orders: dict[str, str] = field(default_factory=dict)
    paid: dict[str, dict[str, int]] = field(default_factory=dict)
    results: dict[str, str] = field(default_factory=dict)
    refusals: list[tuple[str, str, str]] = field(default_factory=list)
    # the Payola statement of each account owed one (none under NO_LEDGERS)
    statements: dict[str, Statement] = field(default_factory=dict)


def position(game: ExchangeGame) -> Position:
    """The board as the engine sees it (movement, retreat and adjustment phases)."""
    return Position(Phase.parse(game.phase), dict(game.units), dict(game.centers),
                    dict(game.dislodged), game.contested)


def acceptance_lists(game: ExchangeGame) -> dict[str, AcceptanceList]:
    out = {}
    for name, corp in game.corporations.items():
        try:
            out[name] = (AcceptanceList.parse(corp.accept, game.board.powers)
                         if corp.accept else AcceptanceList.default(name))
        except AcceptanceError:
            out[name] = AcceptanceList.default(name)
    return out


def play_payola(game: ExchangeGame) -> tuple[BoardReport, PhaseResult]:
    """One movement phase: orders bought with treasuries and cash, then adjudicated."""
    board = game.board
    balances = {n: c.treasury for n, c in game.corporations.items()}
    balances.update({n: inv.cash for n, inv in game.investors.items()})
    investors = tuple(by_lot(game.seed, f"{game.phase}/INVESTORS", game.investors))
    table = Table(position(game), balances, acceptance_lists(game), dict(game.sheets),
                  game.rules, bribers=investors)
    played = play_movement(table, game.seed, board)
    for name, amount in played.balances.items():
        if name in game.corporations:
            game.corporations[name].treasury = amount
        elif name in game.investors:
            game.investors[name].cash = amount
    if game.params.income_mode is IncomeMode.ZEROSUM:
        # payola.md 2.7: the money paid to a corporation's units is its bribe profit for
        # the year, credited at the year-end step (income step), not spendable before
        for d in played.determination.decisions.values():
            game.corporations[d.owner].profit += sum(d.paid.values())
    assert played.phase is not None
    report = BoardReport(
        orders={str(d.unit): str(d.order.order if isinstance(d.order, Signal) else d.order)
                for d in played.determination.decisions.values()},
        paid={p: dict(sorted(u.items())) for p, u in sorted(played.paid.items())},
        results={str(u): o.value for u, o in played.phase.outcomes.items()},
        statements=dict(played.statements),
    )
    return report, played.phase


def play_orders(game: ExchangeGame) -> tuple[BoardReport, PhaseResult]:
    """A retreat or adjustment phase from the leaders' orders; refused orders are reported
    against the line they came from."""
    given: dict[str, list[Order]] = {}
    source: dict[tuple[str, str], tuple[str, str]] = {}
    for corp, entries in game.orders.items():
        for order, key, line in entries:
            given.setdefault(corp, []).append(order)
            source[(corp, str(order))] = (key, line)
    result = adjudicate(position(game), given, game.board)
    report = BoardReport(results={str(u): o.value for u, o in result.outcomes.items()})
    if game.kind == "R":  # where each retreating unit went, as the results say it
        report.orders = {str(unit): str(order) for orders in given.values()
                         for order in orders
                         if (unit := getattr(order, "unit", None)) is not None
                         and str(unit) in report.results}
    for corp, errors in result.errors.items():
        for e in errors:
            key, line = source.get((corp, e.text), (corp, e.text))
            report.refusals.append((key, line, e.reason.value))
    return report, result
