"""The vassal status the results show after the Fall under VASSAL_DUMMIES (DPjudge's
``Vassal status of minor powers:``): every reader sees each minor power's status, except in
a BLIND game, where a player learns only of its own vassals and an observer of none."""

from __future__ import annotations

from datetime import UTC, datetime

from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.board import Map
from judge.service.reports import phase_mails
from tests.reports.conftest import make_roster, position

DEADLINE = datetime(2031, 3, 7, 20, 0, tzinfo=UTC)
UNITS = {
    "FRANCE": ["A MAR", "A PAR", "F BRE", "A ROM", "F NAP", "A VEN"],
    "ITALY": ["A APU"],
    "TURKEY": ["F ANK"],
    "GERMANY": ["A MUN"],
}
CENTERS = {
    "FRANCE": ["BRE", "MAR", "NAP", "PAR", "ROM", "VEN"],
    "ITALY": ["TUN"],
    "TURKEY": ["ANK"],
    "GERMANY": ["MUN"],
}
VASSALS = {"ITALY": "FRANCE", "TURKEY": None, "RUSSIA": None}  # Russia: out of the game
STATUS = ("Vassal status of minor powers:\n\nItaly is a vassal of France.\n"
          "Turkey is independent.\n\nOwnership of supply centers:")


def _result(board: Map, phase: str) -> PhaseResult:
    return adjudicate(position(board, phase, UNITS, CENTERS), {}, board)


def test_every_reader_sees_each_minor_powers_status_after_the_fall(board: Map) -> None:
    mails = phase_mails(make_roster(board, "payola", ["VASSAL_DUMMIES"]),
                        _result(board, "F1901M"), DEADLINE, VASSALS)
    assert len(mails) == 9
    for mail in mails:
        assert STATUS in mail.body, mail.reader
        assert "Russia is" not in mail.body  # no units, no centres: nothing to say


def test_no_status_before_the_fall_or_without_the_rule(board: Map) -> None:
    roster = make_roster(board, "payola", ["VASSAL_DUMMIES"])
    spring = phase_mails(roster, _result(board, "S1901M"), DEADLINE, VASSALS)
    assert all("Vassal status" not in m.body for m in spring)
    fall = phase_mails(roster, _result(board, "F1901M"), DEADLINE)
    assert all("Vassal status" not in m.body for m in fall)
    assert all("Ownership of supply centers:" in m.body for m in fall)


def test_a_blind_player_learns_only_of_its_own_vassals(board: Map) -> None:
    roster = make_roster(board, "payola", ["VASSAL_DUMMIES", "BLIND"])
    mails = {m.reader: m.body for m in phase_mails(roster, _result(board, "F1901M"),
                                                   DEADLINE, VASSALS)}
    assert "Vassal status of minor powers:\n\nItaly is a vassal of France.\n\n" \
           "Ownership" in mails["FRANCE"]
    assert "Turkey is independent" not in mails["FRANCE"]
    for reader in ("GERMANY", "TURKEY", "OBSERVER"):
        assert "Vassal status" not in mails[reader] and "vassal of" not in mails[reader]
    assert STATUS in mails["MASTER"]
