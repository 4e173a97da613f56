"""Payola's private mails as payola.md section 6 describes them: the movement statement
(6.1), the income report (6.2), transfer notices (6.3) and PUBLIC_TOTALS (6.4)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from judge.engine.board import Map
from judge.engine.position import Position
from judge.money.payola.income import IncomeReport, income_step, settle_captures
from judge.money.payola.ledger import Ledger
from judge.money.payola.movement import PayolaResult, play_movement
from judge.money.payola.rules import RuleSet
from judge.money.payola.statements import UnitLine
from judge.service.reports import (
    Mail,
    Roster,
    income_report_mails,
    phase_mails,
    statement_mails,
    transfer_mails,
)
from tests.reports.conftest import address, make_roster, payola_table, position

BALANCES = {"AUSTRIA": 301, "ENGLAND": 402, "FRANCE": 503, "GERMANY": 604, "ITALY": 705,
            "RUSSIA": 806, "TURKEY": 907}
OFFERS = {
    "FRANCE": ["15 : A PAR - BUR", "10 ! F BRE - GAS", "3 & F LON H % a French note"],
    "ENGLAND": ["12 : F BRE - GAS", "6 : F LON - NTH"],
    "GERMANY": ["5 @ A MUN H"],
    "RUSSIA": ["9 : A WAR - GAL"],
}


def _play(board: Map, rules: Sequence[str] = (), offers: dict | None = None,
          balances: dict | None = None, start: Position | None = None) -> PayolaResult:
    table = payola_table(board, OFFERS if offers is None else offers,
                         balances or BALANCES, rules, start)
    return play_movement(table, 7, board)


def _mail(mails: list[Mail], power: str, subject: str) -> Mail:
    found = [m for m in mails if m.to == address(power) and m.subject.startswith(subject)]
    assert len(found) == 1, [m.subject for m in mails if m.to == address(power)]
    return found[0]


def _statement(board: Map, power: str, rules: Sequence[str] = (), **kw: object) -> str:
    roster = make_roster(board, "payola", rules)
    mails = phase_mails(roster, _play(board, rules, **kw), None)  # type: ignore[arg-type]
    return _mail(mails, power, "Payola bribe results").body


def test_statement_sections_come_in_the_order_of_the_spec(board: Map) -> None:
    result = _play(board)
    s = result.statements["FRANCE"]
    mails = phase_mails(make_roster(board, "payola"), result, None)
    mail = _mail(mails, "FRANCE", "Payola bribe results")
    body = mail.body
    assert mail.subject == "Payola bribe results alpha S1901M"
    assert body.startswith("SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR FRANCE\n" + "=" * 49)
    order = ["YOUR UNITS WERE PAID AND ORDERED AS FOLLOWS:", "YOUR ACCEPTED BRIBES WERE:",
             "YOUR OFFER SHEET WAS:", "THE PREVIOUS BALANCE OF YOUR BANK ACCOUNT WAS: 503 AgP",
             f"TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS: {s.cost} AgP",
             f"THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS: {503 - s.cost} AgP"]
    places = [body.index(x) for x in order]
    assert places == sorted(places)
    for u in s.units:  # every own unit: mark, total accepted, order issued
        assert f"  {'*' if u.bought_by_others else ' '} {u.total:5d} AgP  {u.order}\n" in body
    for b in s.accepted:
        assert f"    {b.amount:5d} AgP  {b.order}\n" in body
    for line in ("15 : A PAR - BUR", "10 ! F BRE - GAS", "3 & F LON H % a French note"):
        assert f"    {line}\n" in body  # the sheet as processed, comment kept


def test_a_unit_bought_by_others_is_marked_without_naming_them(board: Map) -> None:
    body = _statement(board, "FRANCE")
    # France offered only against F BRE - GAS; England's money won: France sees a mark
    assert "  *    12 AgP  F BRE - GAS\n" in body
    assert "ENGLAND" not in body and "England" not in body
    assert "(* marks a unit whose order none of your money paid for)" in body


def test_a_power_that_offered_nothing_is_told_so(board: Map) -> None:
    body = _statement(board, "TURKEY")
    assert "YOU OFFERED NO BRIBES\n" in body
    assert "PREVIOUS BALANCE" not in body and "YOUR OFFER SHEET" not in body
    assert body.endswith("THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS: 907 AgP\n")


def test_a_power_none_of_whose_bribes_won(board: Map) -> None:
    units = {p: us for p, us in board.starting_units.items() if p != "GERMANY"}
    start = position(board, "S1901M", units)
    offers = {"FRANCE": ["15 : A PAR - BUR"], "GERMANY": ["4 : A PAR - PIC"]}
    body = _statement(board, "GERMANY", offers=offers, start=start)
    assert "NONE OF YOUR BRIBES WERE ACCEPTED\n" in body
    assert "YOUR UNITS WERE PAID" not in body  # Germany has none
    assert "TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS: 0 AgP\n" in body


def test_overspending_shows_the_reduction_rounds(board: Map) -> None:
    offers = {"FRANCE": ["30 : A PAR - BUR", "30 : A MAR - PIE"]}
    result = _play(board, offers=offers, balances={**BALANCES, "FRANCE": 41})
    rounds = result.statements["FRANCE"].rounds
    assert rounds
    body = phase_mails(make_roster(board, "payola"), result, None)[2].body
    plural = "S" if rounds != 1 else ""
    assert f"EACH OFFER WAS SUBJECT TO BRIBE REDUCTION RULES {rounds} TIME{plural}\n" in body


def test_zerosum_statement_shows_the_net_income_of_own_units(board: Map) -> None:
    result = _play(board, ["ZEROSUM"])
    profit = result.statements["FRANCE"].bribe_profit
    assert profit
    body = _statement(board, "FRANCE", ["ZEROSUM"])
    assert f"TOTAL NET INCOME FOR YOUR UNITS WAS: {profit} AgP\n" in body


def test_hide_cost_lists_orders_without_amounts(board: Map) -> None:
    body = _statement(board, "FRANCE", ["HIDE_COST"])
    assert "\n    A PAR - BUR\n" in body
    assert "AgP  A PAR - BUR" in body  # still in the accepted bribes: France's own payment
    units = body.split("YOUR ACCEPTED")[0]
    assert "AgP" not in units.split("FOLLOWS:")[1]


def test_hide_offers_keeps_only_units_and_balance(board: Map) -> None:
    body = _statement(board, "FRANCE", ["HIDE_OFFERS"])
    assert "*" not in body.split("\n", 2)[2]
    for hidden in ("YOUR ACCEPTED BRIBES", "YOUR OFFER SHEET", "PREVIOUS BALANCE", "TOTAL COST"):
        assert hidden not in body
    assert "THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS:" in body


def test_blind_bribes_name_the_owner_not_the_order(board: Map) -> None:
    body = _statement(board, "RUSSIA", ["BLIND"])
    assert "        9 AgP  A WAR (Russia)\n" in body


def test_statements_go_to_each_player_alone_and_before_the_results(board: Map) -> None:
    roster = make_roster(board, "payola", without=["ITALY"])
    mails = phase_mails(roster, _play(board), None)
    statements = [m for m in mails if m.subject.startswith("Payola bribe results")]
    assert [m.to for m in statements] == [address(p) for p in sorted(board.powers)
                                          if p != "ITALY"]
    first_result = next(i for i, m in enumerate(mails) if m.subject.startswith("Diplomacy"))
    assert first_result == len(statements)
    assert all(m.subject == "Diplomacy results alpha S1901M" for m in mails[first_result:])


def test_no_ledgers_sends_results_only(board: Map) -> None:
    mails = phase_mails(make_roster(board, "payola"), _play(board, ["NO_LEDGERS"]), None)
    assert mails and all(m.subject.startswith("Diplomacy results") for m in mails)


@pytest.mark.parametrize("public", [True, False])
def test_public_totals_go_to_everyone_with_the_results(board: Map, public: bool) -> None:
    rules = ["PUBLIC_TOTALS"] if public else []
    result = _play(board, rules)
    roster = make_roster(board, "payola", rules)
    for mail in phase_mails(roster, result, None):
        if not mail.subject.startswith("Diplomacy results"):
            continue
        assert ("Total accepted for each unit's order:" in mail.body) is public
        if public:
            assert result.public is not None
            for _, order, total in result.public.rows:
                assert f"{total:6d} AgP  {order}\n" in mail.body


def test_income_report(board: Map) -> None:
    rules = RuleSet.parse([], board.centers)
    centers = {p: sorted(h) for p, h in board.homes.items()}
    end = income_step(1901, BALANCES, centers, {p: 3 for p in board.powers}, rules,
                      board.victory_centers, board.powers)
    mails = income_report_mails(make_roster(board, "payola"), end.reports)
    mail = _mail(mails, "RUSSIA", "Payola income report")
    report = end.reports["RUSSIA"]
    assert mail.subject == "Payola income report alpha 1901"
    assert mail.body.startswith("PAYOLA INCOME REPORT FOR RUSSIA, 1901\n")
    assert "BALANCE FORWARD             806 AgP\n" in mail.body
    assert f"TAX INCOME               {report.income:6d} AgP\n" in mail.body
    assert f"CURRENT BALANCE          {806 + report.income:6d} AgP\n" in mail.body
    assert len(mails) == 7


def test_zerosum_income_report_has_captures_and_losses(board: Map) -> None:
    rules = RuleSet.parse(["ZEROSUM"], board.centers)
    before = {p: sorted(h) for p, h in board.homes.items()}
    after = {**before, "FRANCE": [*before["FRANCE"], "MUN"], "GERMANY": ["BER", "KIE"]}
    captures = settle_captures(before, after, BALANCES, {"FRANCE": 4})
    end = income_step(1901, BALANCES, after, {p: 3 for p in board.powers}, rules,
                      board.victory_centers, board.powers, {"FRANCE": 4}, captures)
    mails = income_report_mails(make_roster(board, "payola", ["ZEROSUM"]), end.reports)
    french, german = _mail(mails, "FRANCE", "Payola").body, _mail(mails, "GERMANY", "Payola").body
    price = dict(end.reports["FRANCE"].captures)["MUN"]
    assert "BRIBE PROFITS                 4 AgP\n" in french
    assert f"CAPTURE OF MUN           {price:6d} AgP\n" in french
    assert f"LOSS OF MUN              {-price:6d} AgP\n" in german
    assert "TAX INCOME" not in french


@pytest.mark.parametrize("anonymous", [False, True])
def test_transfer_notices_to_both_parties(board: Map, anonymous: bool) -> None:
    flags = ["ANON_TRANSFER"] if anonymous else []
    rules = RuleSet.parse(flags, board.centers)
    _, to_sender, to_receiver = Ledger(BALANCES).transfer("FRANCE", "GERMANY", 77, rules, {})
    roster: Roster = make_roster(board, "payola", flags)
    mails = transfer_mails(roster, [to_sender, to_receiver])
    assert [m.to for m in mails] == [address("FRANCE"), address("GERMANY")]
    assert all(m.subject == "Payola funds transfer alpha" for m in mails)
    sent, got = mails[0].body, mails[1].body
    assert sent.startswith("ACCOUNT ACTIVITY FOR FRANCE\n")
    assert "TRANSFER TO GERMANY         -77 AgP\n" in sent
    assert "CURRENT BALANCE             426 AgP\n" in sent
    assert "BALANCE FORWARD             604 AgP\n" in got
    assert "CURRENT BALANCE             681 AgP\n" in got
    sender_shown = "TRANSFER FROM SOMEONE" if anonymous else "TRANSFER FROM FRANCE"
    assert f"{sender_shown}" in got
    assert ("FRANCE" in got) is not anonymous
    assert "503" not in got  # never the sender's balance


@pytest.mark.parametrize("eavesdrop", [False, True])
def test_the_master_reads_statements_only_under_eavesdrop(board: Map, eavesdrop: bool) -> None:
    flags = ["EAVESDROP"] if eavesdrop else []
    mails = phase_mails(make_roster(board, "payola", flags), _play(board, flags), None)
    master = [m for m in mails if m.reader == "MASTER"
              and m.subject.startswith("Payola bribe results")]
    assert len(master) == (7 if eavesdrop else 0)
    observer = [m for m in mails if m.reader == "OBSERVER"]
    assert [m.subject for m in observer] == ["Diplomacy results alpha S1901M"]


def test_a_controlled_powers_statement_goes_to_its_controller(board: Map) -> None:
    result = _play(board)
    italian = dataclasses.replace(result.statements["ITALY"], played_by="AUSTRIA")
    roster = make_roster(board, "payola", without=["ITALY"])
    mails = statement_mails(roster, {"ITALY": italian})
    assert [(m.to, m.reader) for m in mails] == [(address("AUSTRIA"), "AUSTRIA")]
    assert mails[0].body.startswith("SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR ITALY\n")


def test_vassal_units_and_income_are_shown_to_the_controller(board: Map) -> None:
    result = _play(board)
    own = result.statements["AUSTRIA"]
    vassal = UnitLine("A ROM", "A ROM - APU", 4, True)
    roster = make_roster(board, "payola")
    body = statement_mails(roster, {"AUSTRIA": dataclasses.replace(
        own, vassal_units=(vassal,))})[0].body
    assert "YOUR VASSALS' UNITS WERE PAID AND ORDERED AS FOLLOWS:\n  *     4 AgP  A ROM - APU\n" \
        in body
    report = IncomeReport("AUSTRIA", 1901, 10, 30, 0, (), (), 40, (("ITALY", 12),))
    income = income_report_mails(roster, {"AUSTRIA": report})[0].body
    assert "TAX INCOME                   30 AgP\n  OF WHICH FROM ITALY          12 AgP\n" \
        in income
