"""Lines found to be no command are remembered (judge.text.command_line), and never a
line that might hold a password."""

from __future__ import annotations

import pytest

from judge.text import command_line
from judge.text.command_line import parse_command

ORDERS = ["A PAR - BUR", "F BRE - MAO", "A MAR S A PAR - BUR", "The Channel stays empty."]
SECRET_LOOKING = ["Signonfrance@alpha hunter22", "SIGNONfrance@alpha hunter22",
                  "sign-on france@alpha hunter22", "joinalpha hunter22",
                  "Setpassword hunter22", "watching alpha hunter22"]
COMMANDS = ["HELP", "SIGNON france@alpha hunter22", "JOIN alpha hunter22 FRANCE",
            "SIGNON", "LIST alpha", "SET PASSWORD hunter22"]


@pytest.fixture(autouse=True)
def forgotten() -> None:
    command_line._NOT_COMMANDS.clear()


def test_order_lines_are_read_as_no_command_without_the_parser() -> None:
    # issue 26: a mail of 20,000 different order lines cost 20,000 parses (1.7 s); a
    # line that starts with no command word is no command, and the parser agrees
    for line in ORDERS:
        assert not command_line._may_be_command(line)
        assert parse_command(line) is None
        assert command_line._parse_command(line, 1) is None


LOOK_ALIKES = ["Setting", "Set-up", "end", "endpress now", "sign off", "Press on", "Start!",
               "List-of", "Listen", "nmr", "( x", "(NMR)", "Helpful", "Status quo",
               "Clear skies", "Pause.", "Join us", "Watch out", "Observe it", "accept.",
               "  help", "\thelp", "F123", "A PAR - BUR 17", "JOINalpha pw", "sign-on x"]


@pytest.mark.parametrize("line", ORDERS + SECRET_LOOKING + COMMANDS + LOOK_ALIKES)
def test_a_line_skipped_before_the_parser_is_one_the_parser_reads_as_no_command(
        line: str) -> None:
    if not command_line._may_be_command(line):
        assert command_line._parse_command(line, 1) is None
    assert parse_command(line, 1) == command_line._parse_command(line, 1)


def test_no_line_that_may_hold_a_password_is_remembered() -> None:
    for line in SECRET_LOOKING:
        first = parse_command(line, 3)
        assert line not in command_line._NOT_COMMANDS
        assert parse_command(line, 3) == first == command_line._parse_command(line, 3)
    assert not any("hunter22" in kept for kept in command_line._NOT_COMMANDS)


def test_commands_are_never_remembered() -> None:
    for line in COMMANDS:
        command = parse_command(line, 2)
        assert command is not None
        assert parse_command(line, 2) == command == command_line._parse_command(line, 2)
    assert command_line._NOT_COMMANDS == set()


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command_line, "MAX_NOT_COMMANDS", 3)
    for n in range(10):
        assert parse_command(f"A PAR - BUR {n}") is None
        assert len(command_line._NOT_COMMANDS) <= 3
