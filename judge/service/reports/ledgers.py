"""Payola's private money mails: movement statements, income reports and transfer notices
(spec 6.1-6.3), each addressed to the one power it is about."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from jinja2.filters import do_title

from judge.engine.phase import Phase
from judge.money.payola.income import IncomeReport
from judge.money.payola.ledger import TransferNotice
from judge.money.payola.statements import Statement, UnitLine
from judge.service.reports.mail import Mail, compose
from judge.service.reports.notation import heading
from judge.service.reports.roster import Roster


@dataclass(frozen=True, slots=True)
class StatementView:
    """What a power's statement shows: its own :class:`Statement` and nothing else
    (``vassals``: its vassals' units under VASSAL_DUMMIES)."""

    game: str
    heading: str
    s: Statement
    vassals: tuple[UnitLine, ...] = ()

    @property
    def accepted_lines(self) -> str:
        """The accepted bribes as the statement lists them, a line each (newline ended):
        the amount, then the order, or in BLIND games the unit and its owner. Built here
        rather than by a loop and a macro call a line in the template: the same text."""
        return "".join(f"    {b.amount:5d} AgP  "
                       f"{b.order if b.order is not None else _unit_of(b.unit, b.nationality)}\n"
                       for b in self.s.accepted or ())

    @property
    def sheet_lines(self) -> str:
        """The offer sheet as the statement lists it, a line each (newline ended)."""
        return "".join(f"    {line}\n" for line in self.s.sheet or ())


def _unit_of(unit: str, nationality: str | None) -> str:
    """``A PAR (France)``: a BLIND statement's unit with its owner, the owner as Jinja's
    ``title`` filter writes it."""
    return f"{unit} ({do_title(str(nationality))})"


def statement_view(game: str, s: Statement) -> StatementView:
    """A statement laid out as DPjudge heads it: ``SPRING 1901 MOVEMENT ACCOUNT STATEMENT
    FOR FRANCE``."""
    title = f"{heading(Phase.parse(s.phase))} ACCOUNT STATEMENT FOR {s.power}"
    return StatementView(game, title, s, s.vassal_units)


def recipient(report: Statement | IncomeReport | TransferNotice) -> str:
    """Whose player reads a money report: the power's own, or its controller's when
    another power controls it (the money layer says so with ``played_by``)."""
    return report.recipient


@dataclass(frozen=True, slots=True)
class IncomeView:
    game: str
    zerosum: bool
    r: IncomeReport


@dataclass(frozen=True, slots=True)
class TransferView:
    game: str
    n: TransferNotice


def statement_mails(roster: Roster, statements: Mapping[str, Statement]) -> list[Mail]:
    """Spec 6.1: one private statement per power that has a player, subject and heading
    as DPjudge prints them (``SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR FRANCE``); under
    EAVESDROP the master receives a copy of each (spec 7)."""
    mails: list[Mail] = []
    for power in sorted(statements):
        s = statements[power]
        reader = recipient(s)
        member = roster.player(reader)
        if member is None:
            continue
        view = statement_view(roster.game, s)
        subject = f"Payola bribe results {roster.game} {s.phase}"
        mails.append(compose(member.address, reader, subject, "phase/statement.txt.j2", view))
        if roster.rules.eavesdrop and roster.master is not None:
            # the rule tells every player that the master reads the statements too
            mails.append(compose(roster.master.address, "MASTER", subject,
                                 "phase/statement.txt.j2", view))
    return mails


def income_report_mails(roster: Roster, reports: Mapping[str, IncomeReport]) -> list[Mail]:
    """Spec 6.2: each power's income report after the year's income step (the money
    layer already left out the reports nobody is owed)."""
    zerosum = roster.rules.zerosum
    mails: list[Mail] = []
    for power in sorted(reports):
        r = reports[power]
        reader = recipient(r)
        member = roster.player(reader)
        if member is None:
            continue
        mails.append(compose(member.address, reader,
                             f"Payola income report {roster.game} {r.year}",
                             "phase/income.txt.j2", IncomeView(roster.game, zerosum, r)))
    return mails


def transfer_mails(roster: Roster, notices: Iterable[TransferNotice]) -> list[Mail]:
    """Spec 6.3: both parties of a transfer are told at once; the receiver's notice names
    no sender under ANON_TRANSFER (the notice itself already says None)."""
    mails: list[Mail] = []
    for notice in notices:
        reader = recipient(notice)
        member = roster.player(reader)
        if member is None:
            continue
        mails.append(compose(member.address, reader,
                             f"Payola funds transfer {roster.game}",
                             "notice/transfer.txt.j2", TransferView(roster.game, notice)))
    return mails
