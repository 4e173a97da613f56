"""The GameMaster's bribe chart of each Payola movement phase, mailed to the master alone
while the game runs, and the game's books (every offer sheet, statement and chart) mailed
to everybody once it is over (payola.md 6.6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from jinja2.filters import do_wordwrap

from judge.engine.phase import Phase
from judge.money.payola.chart import BribeChart, ChartUnit
from judge.money.payola.statements import Statement
from judge.service.reports.ledgers import StatementView, statement_view
from judge.service.reports.mail import Mail, compose
from judge.service.reports.notation import heading
from judge.service.reports.replies import environment
from judge.service.reports.roster import Roster


@dataclass(frozen=True, slots=True)
class ChartView:
    """One phase's chart as the template lays it out; ``initials`` names each power by
    the letter acceptance lists use."""

    game: str
    heading: str
    chart: BribeChart
    initials: Mapping[str, str]

    def parts(self, items: Sequence[tuple[str, int]]) -> str:
        """Powers' parts as the chart prints them, ``A 8, E 3, F 0`` (a template macro
        called for every candidate of every unit took most of the chart's rendering)."""
        initials = self.initials
        return ", ".join([f"{initials[power]} {amount}" for power, amount in items])

    def candidate_lines(self, unit: ChartUnit) -> str:
        """The unit's candidate orders, a line each: its total, the order and the powers'
        parts, a line longer than 78 columns wrapped under the parts (as the template did
        with Jinja's ``format`` and ``wordwrap`` filters, a filter call a candidate, which
        took most of the chart's rendering)."""
        lines = []
        for o in unit.candidates:
            line = f"  {o.total:6d} AgP  {o.order:<22} {self.parts(o.contributions)}"
            lines.append(line.rstrip() if len(line) <= 78 else _wrapped(line))
        return "\n".join(lines)


def _wrapped(line: str) -> str:
    """Jinja's ``wordwrap(78, false, "\\n" ~ " " * 37)`` of one line."""
    return do_wordwrap(environment(), line, 78, False, "\n" + " " * 37)



@dataclass(frozen=True, slots=True)
class PhaseBooks:
    """One movement phase of a finished Payola game: each power's offer sheet as it stood
    when the phase was processed (the lines, or the reasons it was refused then), the
    phase's chart (None for phases processed before charts were kept), and the account
    statements the phase sent, by the power each is about."""

    phase: str
    sheets: Mapping[str, tuple[str, ...]]
    refused: Mapping[str, tuple[str, ...]]
    chart: BribeChart | None
    statements: Mapping[str, Statement] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class BookPhase:
    """One phase of the books as the template lays it out."""

    title: str
    books: PhaseBooks
    chart: ChartView | None
    statements: tuple[StatementView, ...]


@dataclass(frozen=True, slots=True)
class BooksView:
    game: str
    phases: tuple[BookPhase, ...]
    powers: tuple[str, ...]


def _initials(powers: Sequence[str]) -> dict[str, str]:
    letters = {p: p[:1] for p in powers}
    if len(set(letters.values())) != len(letters):  # a map whose initials clash
        return {p: p for p in powers}
    return letters


def chart_view(game: str, chart: BribeChart, powers: Sequence[str]) -> ChartView:
    title = f"PAYOLA BRIBE CHART, {heading(Phase.parse(chart.phase))}"
    return ChartView(game, title, chart, _initials(powers))


def chart_mails(roster: Roster, chart: BribeChart, powers: Sequence[str]) -> list[Mail]:
    """Spec 6.6: the chart is the GameMaster's record; no power sees it while the game
    runs (PUBLIC_TOTALS publishes only its totals, with the results). A master who also
    plays a power of the game (the same address) is not sent it: that would show one
    player every other power's money."""
    master = roster.master_apart()
    if master is None:
        return []
    return [compose(master.address, "MASTER", f"Payola bribe chart {roster.game} {chart.phase}",
                    "phase/chart.txt.j2", chart_view(roster.game, chart, powers))]


def books_mails(roster: Roster, books: Sequence[PhaseBooks], powers: Sequence[str]) -> list[Mail]:
    """The end of a Payola game: every offer sheet of every power for every movement
    phase, every statement the phase sent and every chart, to every player, observer and
    the master (spec 6.6, RULES section 3: the secrets of the game become public when it
    ends)."""
    if not books:
        return []
    view = BooksView(roster.game, tuple(
        BookPhase(heading(Phase.parse(b.phase)), b,
                  chart_view(roster.game, b.chart, powers) if b.chart is not None else None,
                  tuple(statement_view(roster.game, b.statements[p])
                        for p in sorted(b.statements)))
        for b in books), tuple(powers))
    return [compose(m.address, m.reader, f"Payola records {roster.game}",
                    "notice/books.txt.j2", view) for m in roster.everyone()]
