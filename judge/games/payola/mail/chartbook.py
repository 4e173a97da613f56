"""The GameMaster's record of a Payola game (payola.md 6.6): each movement phase's bribe
chart kept with the phase and mailed to the master, its statements kept too, and, when
the game ends, every offer sheet, statement and chart mailed to everyone."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.engine.maps import load_map
from judge.engine.phase import Phase, PhaseKind
from judge.games import kind_of
from judge.games.payola.mail.bribes import REFUSED
from judge.money.payola.chart import BribeChart, ChartAccount, ChartOrder, ChartUnit
from judge.money.payola.statement_json import statement_json, statement_of
from judge.money.payola.statements import Statement
from judge.service.reports import Mail, roster_of
from judge.service.reports.charts import PhaseBooks, books_mails, chart_mails
from judge.storage.mailqueue import queue_mail
from judge.storage.phases import phase_records
from judge.storage.schema import Game, PhaseRecord, SubmissionKind
from judge.storage.submissions import submissions_in_force


def chart_data(chart: BribeChart) -> dict[str, Any]:
    """The chart as JSON, kept in the phase's result."""
    return {
        "phase": chart.phase, "passes": chart.passes,
        "units": [{"unit": u.unit, "owner": u.owner, "issued": u.issued, "total": u.total,
                   "paid": [list(x) for x in u.paid], "forced_hold": u.forced_hold,
                   "candidates": [{"order": c.order, "total": c.total,
                                   "contributions": [list(x) for x in c.contributions]}
                                  for c in u.candidates]}
                  for u in chart.units],
        "accounts": [{"power": a.power, "acceptance": list(a.acceptance), "savings": a.savings,
                      "rounds": a.rounds, "before": a.balance_before, "paid": a.paid,
                      "after": a.balance_after} for a in chart.accounts],
    }


def chart_of(data: Mapping[str, Any]) -> BribeChart:
    """A kept chart read back."""
    def parts(rows: Any) -> tuple[tuple[str, int], ...]:
        return tuple((str(p), int(n)) for p, n in rows)

    units = tuple(
        ChartUnit(u["unit"], u["owner"], u["issued"], int(u["total"]), parts(u["paid"]),
                  bool(u["forced_hold"]),
                  tuple(ChartOrder(c["order"], int(c["total"]), parts(c["contributions"]))
                        for c in u["candidates"]))
        for u in data["units"])
    accounts = tuple(
        ChartAccount(a["power"], tuple(a["acceptance"]), int(a["savings"]), int(a["rounds"]),
                     int(a["before"]), int(a["paid"]), int(a["after"]))
        for a in data["accounts"])
    return BribeChart(data["phase"], int(data["passes"]), units, accounts)


def keep_statements(record: PhaseRecord, statements: Mapping[str, Statement]) -> None:
    """Keep the statements a movement phase sends with the phase, for the books: the end
    of the game makes them public (spec 6.6)."""
    record.result = {**(record.result or {}),
                     "statements": {p: statement_json(s) for p, s in sorted(statements.items())}}


def chart_for_master(game: Game, record: PhaseRecord, chart: BribeChart,
                     judge_name: str) -> list[Mail]:
    """Keep the chart with the processed phase, and the mail that gives it to the master
    alone (the caller queues it in the phase's transaction)."""
    record.result = {**(record.result or {}), "chart": chart_data(chart)}
    board = load_map(game.map_name)
    return chart_mails(roster_of(game, judge_name), chart, board.powers)


def books_of(session: Session, game: Game) -> list[PhaseBooks]:
    """Every processed movement phase still standing (a rolled-back phase was replaced by
    its replay): the sheets in force when it was processed, those refused then, its chart
    and its statements."""
    books = []
    for record in phase_records(session, game):
        if record.processed_at is None or Phase.parse(record.phase).kind is not PhaseKind.MOVEMENT:
            continue
        kept = record.result or {}
        sheets = {power: tuple(x.canonical for x in lines) for power, lines in
                  submissions_in_force(session, record, SubmissionKind.OFFERS).items() if lines}
        refused = {str(p): tuple(str(e) for e in es) for p, es in
                   (kept.get(REFUSED) or {}).items() if es}
        chart = chart_of(kept["chart"]) if kept.get("chart") else None
        statements = {str(p): statement_of(s) for p, s in (kept.get("statements") or {}).items()}
        books.append(PhaseBooks(record.phase, sheets, refused, chart, statements))
    return books


def book_mails(session: Session, game: Game, judge_name: str) -> list[Mail]:
    """A Payola game is over: its books, to everyone (none for other games)."""
    if not kind_of(game.variant).bank:
        return []
    board = load_map(game.map_name)
    return books_mails(roster_of(game, judge_name), books_of(session, game), board.powers)


def open_books(session: Session, game: Game, settings: Settings, now: datetime) -> None:
    """Queue the books in the transaction that ends the game."""
    for mail in book_mails(session, game, settings.name):
        queue_mail(session, mail.to, mail.subject, mail.body, sender=settings.address, now=now)
