"""The GameMaster's bribe chart (payola.md 6.6): mailed to the master alone after each Payola
movement phase, kept with the phase, and, with every offer sheet, mailed to everyone once
the game is over."""

from __future__ import annotations

import json
from dataclasses import asdict

from judge.engine.board import Map
from judge.games.payola.mail.chartbook import chart_data, chart_of, statement_of
from judge.money.payola.movement import PayolaResult, play_movement
from judge.service.reports import Member, Roster, statement_mails
from judge.service.reports.charts import PhaseBooks, books_mails, chart_mails
from tests.reports.conftest import address, make_roster, payola_table

SHEETS = {
    "FRANCE": ["15 : A PAR - BUR", "10 ! F BRE - GAS", "3 & F LON H % a French note"],
    "ENGLAND": ["12 : F BRE - GAS | - PIC", "6 : F LON - NTH"],
    "GERMANY": ["4 : A PAR - PIC", "5 @ A MUN H"],
}
BALANCES = {"AUSTRIA": 48, "ENGLAND": 40, "FRANCE": 93, "GERMANY": 31, "ITALY": 48,
            "RUSSIA": 62, "TURKEY": 48}


def _played(board: Map, flags: list[str] | None = None) -> PayolaResult:
    return play_movement(payola_table(board, SHEETS, BALANCES, flags or []), 7, board)


def test_the_chart_goes_to_the_master_alone(board: Map) -> None:
    result = _played(board)
    roster = make_roster(board, "payola")
    mails = chart_mails(roster, result.chart, board.powers)
    assert [(m.to, m.reader) for m in mails] == [("master@players.test", "MASTER")]
    body = mails[0].body
    assert mails[0].subject == "Payola bribe chart alpha S1901M"
    assert "PAYOLA BRIBE CHART, SPRING 1901 MOVEMENT" in body
    # every unit, the orders bought and who put what on each
    assert "A PAR (France) ISSUED A PAR - BUR FOR 15 AgP" in body
    assert "      4 AgP  A PAR - PIC            G 4\n" in body  # a losing candidate
    # France's negative offer against Gascony adds to England's other order for Brest
    assert "F BRE (France) ISSUED F BRE - PIC FOR 22 AgP\n    PAID BY: E 12, F 10\n" in body
    assert sum(1 for x in body.splitlines() if " ISSUED " in x) == 22
    accounts = body.split("ACCOUNTS:\n")[1]
    assert "France " in accounts and "93" in accounts
    assert max(len(x) for x in body.splitlines()) <= 78


def test_a_master_who_plays_a_power_is_not_sent_the_chart(board: Map) -> None:
    result = _played(board)
    roster = make_roster(board, "payola")
    playing = Roster(roster.game, roster.variant, flags=roster.flags, players=roster.players,
                     observers=roster.observers,
                     master=Member(address("ITALY"), "MASTER"))  # the master plays Italy
    assert chart_mails(playing, result.chart, board.powers) == []


def test_a_kept_chart_reads_back_the_same(board: Map) -> None:
    for flags in ([], ["EBAYOLA"], ["ZEROSUM"]):
        chart = _played(board, flags).chart
        assert chart_of(json.loads(json.dumps(chart_data(chart)))) == chart


def test_at_the_end_everyone_gets_every_sheet_and_chart(board: Map) -> None:
    result = _played(board)
    roster = make_roster(board, "payola")
    books = [PhaseBooks("S1901M", {p: tuple(ls) for p, ls in SHEETS.items()},
                        {"TURKEY": ("E10 a sheet refused at processing",)}, result.chart),
             PhaseBooks("F1901M", {"FRANCE": ("2 : A BUR H",)}, {}, None)]
    mails = books_mails(roster, books, board.powers)
    assert {m.to for m in mails} == {m.address for m in roster.everyone()}
    assert {m.subject for m in mails} == {"Payola records alpha"}
    body = mails[0].body
    assert len({m.body for m in mails}) == 1  # public now: the same for everyone
    assert "France:\n  15 : A PAR - BUR\n  10 ! F BRE - GAS\n  3 & F LON H % a French note\n" \
        in body
    assert "Turkey:\n  refused when the phase was processed:\n    E10 a sheet refused" in body
    assert "Italy:\n  (no offer sheet)\n" in body
    assert body.count("PAYOLA BRIBE CHART, SPRING 1901 MOVEMENT") == 1
    assert "FALL 1901 MOVEMENT" in body and "  2 : A BUR H" in body
    assert books_mails(roster, [], board.powers) == []


def test_a_kept_statement_reads_back_the_same(board: Map) -> None:
    flag_sets = ([], ["ZEROSUM"], ["HIDE_COST"], ["HIDE_OFFERS"], ["BLIND"], ["EBAYOLA"])
    for flags in flag_sets:
        for statement in _played(board, flags).statements.values():
            kept = json.loads(json.dumps(asdict(statement)))
            assert statement_of(kept) == statement, flags


def test_the_books_repeat_every_powers_statements(board: Map) -> None:
    result = _played(board)
    roster = make_roster(board, "payola")
    books = [PhaseBooks("S1901M", {p: tuple(ls) for p, ls in SHEETS.items()}, {},
                        result.chart, result.statements)]
    mails = books_mails(roster, books, board.powers)
    assert len({m.body for m in mails}) == 1 and len(mails) == 9
    body = mails[0].body
    assert "ACCOUNT STATEMENTS:\n\nSPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR AUSTRIA\n" in body
    for power in result.statements:
        assert body.count(f"SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR {power}\n") == 1
    french = statement_mails(roster, {"FRANCE": result.statements["FRANCE"]})[0].body
    assert french.strip() in body  # word for word what France was sent
    # the statements come between the sheets and the chart
    assert body.index("OFFER SHEETS:") < body.index("ACCOUNT STATEMENTS:") \
        < body.index("PAYOLA BRIBE CHART")
    assert max(len(x) for x in body.splitlines()) <= 78
