"""Secrecy over every template and every reader: after a Payola phase with all seven powers
bribing, transferring and writing notes, no mail to one power (nor to an observer or the
master) holds another power's offers, payments, balances or notes (payola.md 6, 2.10)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest

from judge.engine.board import Map
from judge.money.payola.income import income_step
from judge.money.payola.ledger import Ledger
from judge.money.payola.movement import PayolaResult, play_movement
from judge.money.payola.rules import RuleSet
from judge.service.reports import (
    Ending,
    Mail,
    Roster,
    end_mails,
    income_report_mails,
    late_notice_mails,
    order_confirmation_mails,
    pause_mails,
    phase_mails,
    reminder_mails,
    rollback_mails,
    start_mails,
    transfer_mails,
)
from judge.service.reports.charts import chart_mails
from tests.reports.conftest import address, make_roster, payola_table, position

NOW = datetime(2031, 5, 1, 12, 0, tzinfo=UTC)
DEADLINE = datetime(2031, 5, 2, 12, 0, tzinfo=UTC)

# Figures nothing public can match: balances 7001.., offers x11 and x17 per power.
BALANCES = {p: 7001 + 101 * i for i, p in enumerate(
    ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"])}
SHEETS = {
    "AUSTRIA": ["111 : A VIE - GAL % Hushnote-Austria", "117 : A WAR - UKR"],
    "ENGLAND": ["211 : F LON - NTH % Hushnote-England", "217 : F BRE - MAO"],
    "FRANCE": ["311 : A PAR - BUR % Hushnote-France", "317 : A MUN - RUH"],
    "GERMANY": ["411 : A MUN - BUR % Hushnote-Germany", "417 : A PAR - PIC"],
    "ITALY": ["511 : A VEN - TYR % Hushnote-Italy", "517 : F TRI - ADR"],
    "RUSSIA": ["611 : A WAR - GAL % Hushnote-Russia", "617 : F ANK - BLA"],
    "TURKEY": ["711 : F ANK - BLA % Hushnote-Turkey", "717 : F SEV - RUM"],
}
TRANSFER = ("FRANCE", "GERMANY", 1357)
FLAG_SETS = [[], ["PUBLIC_TOTALS"], ["ZEROSUM"], ["EBAYOLA"], ["HIDE_COST"], ["HIDE_OFFERS"],
             ["BLIND"], ["ANON_TRANSFER"]]


@dataclass
class Secrets:
    """What each power may keep to itself, and what each reader may see anyway."""

    own: dict[str, set[str]] = field(default_factory=dict)
    seen: dict[str, set[str]] = field(default_factory=dict)

    def add(self, power: str, *values: object) -> None:
        self.own.setdefault(power, set()).update(str(v) for v in values)

    def allow(self, reader: str, *values: object) -> None:
        self.seen.setdefault(reader, set()).update(str(v) for v in values)

    def forbidden(self, reader: str) -> set[str]:
        """Every other power's secrets, less what this reader may legitimately see."""
        others = set().union(*(s for p, s in self.own.items() if p != reader))
        return others - self.own.get(reader, set()) - self.seen.get(reader, set()) \
            - self.seen.get("ALL", set())


def _leaks(body: str, tokens: Iterable[str]) -> list[str]:
    return [t for t in tokens if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", body)]


def _play(board: Map, flags: list[str]) -> tuple[Roster, list[Mail], Secrets]:
    """One whole Payola year's worth of mail for one flag set, and the secrets in it."""
    roster = make_roster(board, "payola", flags)
    rules = RuleSet.parse(flags, board.centers)
    secrets = Secrets()
    for power, lines in SHEETS.items():
        secrets.add(power, BALANCES[power], f"Hushnote-{power.title()}",
                    *(line.split()[0] for line in lines))
    table = payola_table(board, SHEETS, BALANCES, flags)
    result: PayolaResult = play_movement(table, 11, board)
    assert result.phase is not None
    for power, paid in result.paid.items():
        secrets.add(power, *paid.values())
    for power, balance in result.balances.items():
        secrets.add(power, balance)
    for power, s in result.statements.items():  # an owner learns its units' totals
        secrets.allow(power, *(u.total for u in s.units if u.total is not None))
    if result.public is not None:
        secrets.allow("ALL", *(total for _, _, total in result.public.rows))
    sender, receiver, amount = TRANSFER
    _, to_sender, to_receiver = Ledger(result.balances).transfer(sender, receiver, amount,
                                                                 rules, {})
    secrets.add(sender, amount, to_sender.balance)
    secrets.add(receiver, amount, to_receiver.balance)
    nxt = result.phase.next
    units = {p: len(us) for p, us in nxt.units.items()}
    year = income_step(1901, result.balances, nxt.centers, units, rules,
                       board.victory_centers, board.powers, result.profits)
    for power, report in year.reports.items():
        secrets.add(power, report.balance)
    mails = [
        *start_mails(roster, table.position, DEADLINE, BALANCES),
        *reminder_mails(roster, ["ITALY", "TURKEY"], "S1901M", DEADLINE, NOW),
        *late_notice_mails(roster, "S1901M", ["TURKEY"], DEADLINE, DEADLINE),
        *transfer_mails(roster, [to_sender, to_receiver]),
        *phase_mails(roster, result, DEADLINE),
        *income_report_mails(roster, year.reports),
        *pause_mails(roster, True, "F1901M", None, "holiday"),
        *pause_mails(roster, False, "F1901M", DEADLINE),
        *rollback_mails(roster, "S1901M", DEADLINE),
    ]
    return roster, mails, secrets


@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(f) or "plain")
def test_no_mail_shows_another_powers_figures(board: Map, flags: list[str]) -> None:
    roster, mails, secrets = _play(board, flags)
    readers = {m.address: m.reader for m in roster.everyone()}
    assert {m.to for m in mails} == set(readers)
    kinds = {re.sub(r"\b(alpha|[SFW]\d{4}[MRA]|\d{4})\b", "", m.subject) for m in mails}
    assert len(kinds) == 10, kinds  # every kind of mail a Payola year sends to all
    for mail in mails:
        reader = readers[mail.to]
        forbidden = secrets.forbidden(reader)
        assert len(forbidden) > 20  # the check has teeth for every reader
        assert _leaks(mail.body, forbidden) == [], (reader, mail.subject)
        assert _leaks(mail.subject, forbidden) == []


def test_the_check_finds_a_leak(board: Map) -> None:
    """A statement delivered to the wrong power is caught: the test above can fail."""
    roster, mails, secrets = _play(board, [])
    french = next(m for m in mails if m.to == address("FRANCE")
                  and m.subject.startswith("Payola bribe results"))
    assert "Hushnote-France" in _leaks(french.body, secrets.forbidden("GERMANY"))
    assert str(BALANCES["FRANCE"]) in _leaks(french.body, secrets.forbidden("OBSERVER"))


def test_each_private_mail_goes_to_its_power_alone(board: Map) -> None:
    _, mails, _ = _play(board, [])
    private = ("Payola bribe results", "Payola income report", "Diplomacy orders",
               "Diplomacy deadline reminder")
    for mail in mails:
        if mail.subject.startswith(private):
            assert mail.reader in SHEETS and mail.to == address(mail.reader)


def test_the_anonymous_receiver_does_not_learn_the_sender(board: Map) -> None:
    _, mails, _ = _play(board, ["ANON_TRANSFER"])
    got = next(m for m in mails if m.subject.startswith("Payola funds transfer")
               and m.to == address("GERMANY"))
    assert "FRANCE" not in got.body and "France" not in got.body
    assert "TRANSFER FROM SOMEONE" in got.body


def test_balances_become_public_only_at_the_end(board: Map) -> None:
    roster, mails, secrets = _play(board, [])
    watchers = [m for m in mails if m.reader in ("OBSERVER", "MASTER")]
    assert len(watchers) >= 10
    assert not any(_leaks(m.body, secrets.forbidden("OBSERVER")) for m in watchers)
    final = {p: BALANCES[p] - 1 for p in BALANCES}
    where = position(board, "F1903M", board.starting_units)
    ended = end_mails(roster, Ending("draw", ("FRANCE", "GERMANY")), where, final)
    assert len(ended) == 9
    for mail in ended:
        assert "It is a draw between France, Germany." in mail.body
        assert f"France:     {final['FRANCE']} AgP" in mail.body


@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(f) or "plain")
def test_no_power_or_observer_receives_the_bribe_chart(board: Map, flags: list[str]) -> None:
    """The chart holds every power's money (so it would leak it to anyone but the master);
    during play it goes to the master alone, under every flag set, EAVESDROP and
    PUBLIC_TOTALS included (PUBLIC_TOTALS publishes only its payer-free totals)."""
    roster = make_roster(board, "payola", [*flags, "EAVESDROP"])
    table = payola_table(board, SHEETS, BALANCES, flags)
    result = play_movement(table, 11, board)
    mails = chart_mails(roster, result.chart, board.powers)
    assert [m.reader for m in mails] == ["MASTER"]
    secrets = {str(BALANCES[p]) for p in BALANCES} | {
        line.split()[0] for lines in SHEETS.values() for line in lines}
    assert len(_leaks(mails[0].body, secrets)) >= 10  # it is the chart: full of secrets
    others = [m for m in phase_mails(roster, result, DEADLINE) if m.reader != "MASTER"]
    for mail in others:
        assert "BRIBE CHART" not in mail.body
        leaked = _leaks(mail.body, {str(BALANCES[p]) for p in BALANCES if p != mail.reader})
        assert leaked == [], (mail.reader, mail.subject)


def test_order_copies_go_to_the_master_alone(board: Map) -> None:
    """ALWAYS_CONFIRM shows the master every sheet as it changes (the master keeps the
    chart anyway); nobody else ever gets a copy of another power's orders."""
    roster = make_roster(board, "payola", ["ALWAYS_CONFIRM"])
    copies = [m for p in board.powers
              for m in order_confirmation_mails(roster, p, "S1901M", SHEETS[p], (), "offers")]
    assert len(copies) == 7 and {m.reader for m in copies} == {"MASTER"}
    assert all(m.to == "master@players.test" for m in copies)
