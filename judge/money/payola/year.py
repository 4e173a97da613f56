"""The accounts between one phase and the next: Zero-Sum capture settlements and NO_DONATIONS
forfeits when centres change hands, the income step when a new year begins (spec 1.2,
2.5, 2.7, 2.9)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from judge.engine.board import Map
from judge.engine.phase import Season
from judge.engine.position import Position
from judge.money.payola.control import Control
from judge.money.payola.income import Capture, IncomeReport, forfeits, income_step, settle_captures
from judge.money.payola.rules import RuleSet


@dataclass(frozen=True)
class Books:
    """Balances and what ZEROSUM carries until the income step: each power's bribe profit
    for the year and the capture settlements fixed when centres changed hands."""

    balances: Mapping[str, int]
    profits: Mapping[str, int] = field(default_factory=dict)
    captures: tuple[Capture, ...] = ()


@dataclass(frozen=True)
class Closing:
    """The books after a phase, what NO_DONATIONS took from whom, and the income reports
    (empty unless the income step ran)."""

    books: Books
    forfeited: Mapping[str, int]
    reports: Mapping[str, IncomeReport]
    income_step: bool


def new_year(position: Position, next_position: Position) -> bool:
    """The income step runs whenever the next phase is the Spring of a later year."""
    return (next_position.phase.year > position.phase.year
            and next_position.phase.season is Season.SPRING)


def close_phase(position: Position, next_position: Position, books: Books, rules: RuleSet,
                board: Map, control: Control | None = None) -> Closing:
    """Settle the accounts after ``position``'s phase was played into ``next_position``
    (``books.profits`` already holding this phase's bribe profits)."""
    control = control or Control()
    balances = dict(books.balances)
    profits = dict(books.profits)
    captures = books.captures
    taken: dict[str, int] = {}
    if next_position.centers != position.centers:
        if rules.zerosum:
            captures += settle_captures(position.centers, next_position.centers, balances,
                                        profits)
        if rules.no_donations:
            taken = forfeits(balances, next_position.centers, board.powers, captures)
            for power, amount in taken.items():
                balances[power] -= amount  # OQ-11: forfeit once the last centre is gone
    if not new_year(position, next_position):
        return Closing(Books(balances, profits, captures), taken, {}, False)
    year = income_step(
        position.phase.year, balances, next_position.centers,
        {p: len(us) for p, us in next_position.units.items()}, rules,
        board.victory_centers, board.powers, profits, captures, control.dummies, control,
    )
    return Closing(Books(dict(year.balances)), taken, year.reports, True)
