"""The mail command grammar: every form players type, errors that say where and what."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.text import commands as c
from judge.text.command_line import parse_command
from judge.text.script import read_script, redacted

READS = [
    ("HELP", c.Help()),
    ("help orders", c.Help("orders")),
    ("LIST", c.List()),
    ("list Alpha", c.List("alpha")),
    ("CREATE alpha pw", c.Create("alpha", "pw")),
    ("create ?alpha pw payola no_press", c.Create("alpha", "pw", ("PAYOLA", "NO_PRESS"))),
    ("JOIN alpha pw", c.Join("alpha", "pw")),
    ("join alpha pw france", c.Join("alpha", "pw", "france")),
    ("JOIN France@alpha pw", c.Join("alpha", "pw", "FRANCE")),
    ("signon ?alpha pw", c.Join("alpha", "pw")),
    ("OBSERVE alpha pw", c.Observe("alpha", "pw")),
    ("watch alpha pw", c.Observe("alpha", "pw")),
    ("observe kibitzer@alpha pw", c.Observe("alpha", "pw", "kibitzer")),
    ("SIGNON France@alpha s3cr3t!", c.SignOn("FRANCE", "alpha", "s3cr3t!")),
    ("sign on Falpha pw", c.SignOn("F", "alpha", "pw")),
    ("Signon MASTER@alpha pw", c.SignOn("MASTER", "alpha", "pw")),
    ("signon Malpha pw", c.SignOn("M", "alpha", "pw")),
    ("SIGNON france@alpha help", c.SignOn("FRANCE", "alpha", "help")),
    ("SIGNOFF", c.SignOff()),
    ("sign off", c.SignOff()),
    ("CLEAR", c.Clear()),
    ("nmr", c.Clear()),
    ("(NMR)", c.Clear()),
    ("STATUS", c.Status()),
    ("ACCEPT FRI?", c.Accept("FRI?")),
    ("accept f, r, i", c.Accept("FRI")),
    ("TRANSFER 10 TO France", c.Transfer(10, "FRANCE")),
    ("transfer 5 agp germany", c.Transfer(5, "GERMANY")),
    ("transfer -5 to italy", c.Transfer(-5, "ITALY")),
    ("PRESS TO frg", c.Press(to=("FRG",))),
    ("press to France, England", c.Press(to=("FRANCE", "ENGLAND"))),
    ("PRESS TO ALL BUT R", c.Press(to=("R",), all_but=True)),
    ("press to all", c.Press(broadcast=True)),
    ("PRESS", c.Press(broadcast=True)),
    ("BROADCAST", c.Press(broadcast=True)),
    ("ENDPRESS", c.EndPress()),
    ("end broadcast", c.EndPress()),
    ("SET PASSWORD n3w", c.SetPassword("n3w")),
    ("set address me@example.org", c.SetAddress("me@example.org")),
    ("SET ADDRESS", c.SetAddress()),
    ("CONFIRM ADDRESS K7m2q9xw3a", c.ConfirmAddress("k7m2q9xw3a")),
    ("confirm k7m2q9xw3a", c.ConfirmAddress("k7m2q9xw3a")),
    ("SET WAIT", c.SetWait(True)),
    ("set nowait", c.SetWait(False)),
    ("set no wait", c.SetWait(False)),
    ("SET ABSENCE 24 DEC TO 6 JAN", c.SetAbsence("24 DEC TO 6 JAN")),
    ("set noabsence", c.SetAbsence(None)),
    ("SET DRAW", c.SetDraw(True)),
    ("set draw AEF", c.SetDraw(True, ("AEF",))),
    ("SET NODRAW", c.SetDraw(False)),
    ("set deadline Jun 15 23:30", c.SetOption("DEADLINE", "Jun 15 23:30")),
    ("SET PRIVATE", c.SetOption("PRIVATE")),
    ("HISTORY", c.History()),
    ("history alpha from s1901m to F1902M", c.History("alpha", "S1901M", "F1902M")),
    ("SUMMARY alpha", c.Summary("alpha")),
    ("RESIGN", c.Resign()),
    ("withdraw", c.Resign()),
    ("START", c.Start()),
    ("PAUSE", c.Pause()),
    ("RESUME", c.Resume()),
    ("PROCESS", c.Process()),
    ("process s1901m", c.Process("S1901M")),
    ("ROLLBACK F1901M", c.Rollback("F1901M")),
    ("EJECT france", c.Eject("FRANCE")),
    ("REPLACE Turkey", c.Replace("TURKEY")),
    ("TERMINATE", c.Terminate()),
]


@pytest.mark.parametrize(("text", "expected"), READS, ids=[t for t, _ in READS])
def test_each_command_form_reads_as_its_value(text: str, expected: c.Command) -> None:
    assert parse_command(text) == expected


@pytest.mark.parametrize(
    "text",
    ["A PAR - BUR", "F BRE - MAO", "Paris - Burgundy", "BUILD A PAR", "WAIVE",
     "4 : A PAR - BUR", "Setting sun", "Listen to me", "Stp/nc - bar", "REMOVE F NTH"],
)
def test_a_line_not_starting_with_a_command_word_is_no_command(text: str) -> None:
    assert parse_command(text) is None


@pytest.mark.parametrize(
    ("text", "column", "expected", "hint"),
    [
        ("TRANSFER ten TO France", 10, ("a whole number",), "TRANSFER <amount> TO <power>"),
        ("TRANSFER 5 TO", 14, ("a power",), "TRANSFER <amount> TO <power>"),
        ("ROLLBACK", 9, ("a phase (e.g. S1901M)",), "ROLLBACK <phase>"),
        ("EJECT", 6, ("a power",), "EJECT <power>"),
        ("ACCEPT", 7, ("power initials (e.g. FRI?)",), "ACCEPT <initials>"),
    ],
)
def test_a_bad_command_line_says_where_what_and_how(
    text: str, column: int, expected: tuple[str, ...], hint: str
) -> None:
    result = parse_command(text, line=7)
    assert isinstance(result, c.Unreadable)
    problem = result.problem
    assert (problem.line, problem.column, problem.expected) == (7, column, expected)
    assert hint in problem.message


def test_a_bad_phase_is_refused_with_the_phase_rule() -> None:
    result = parse_command("ROLLBACK X1901M")
    assert isinstance(result, c.Unreadable)
    assert "not a phase" in result.problem.message


def test_a_sign_on_error_never_repeats_what_may_be_the_password() -> None:
    result = parse_command("SIGNON france@alpha my secret words")
    assert isinstance(result, c.Unreadable)
    assert "secret" not in result.problem.message
    assert result.problem.excerpt == ""
    assert "secret" not in redacted("SIGNON france@alpha my secret words", result)


def test_passwords_are_redacted_from_echoed_lines() -> None:
    (step,) = read_script(["SIGNON france@alpha hunter2"])
    assert step.text == "SIGNON france@alpha ****"
    (step,) = read_script(["set password swordfish"])
    assert "swordfish" not in step.text and "swordfish" not in repr(step.command)


def test_a_body_splits_into_commands_press_and_order_sections() -> None:
    body = [
        "SIGNON France@alpha pw",
        "A PAR - BUR",
        "F BRE - MAO",
        "",
        "PRESS TO E, G",
        "Shall we dance?",
        "  -- Paris",
        "ENDPRESS",
        "SET WAIT",
        "A MAR H",
        "SIGNOFF",
        "STATUS",
    ]
    steps = read_script(body)
    assert [type(s.command) for s in steps] == [c.SignOn, c.Orders, c.Press, c.SetWait, c.Orders]
    assert [s.line for s in steps] == [1, 2, 5, 9, 10]
    orders = steps[1].command
    assert isinstance(orders, c.Orders)
    assert [(o.line, o.text) for o in orders.lines] == [(2, "A PAR - BUR"), (3, "F BRE - MAO")]
    press = steps[2].command
    assert isinstance(press, c.Press)
    assert press.to == ("E", "G") and press.body == ("Shall we dance?", "  -- Paris")


def test_press_without_endpress_runs_to_the_end_of_the_mail() -> None:
    steps = read_script(["BROADCAST", "Hello all", "STATUS"])
    assert len(steps) == 1
    press = steps[0].command
    assert isinstance(press, c.Press) and press.body == ("Hello all", "STATUS")


def test_phone_separators_and_comment_lines() -> None:
    steps = read_script(["\\\\; signon Falpha pw; f bre - mao; // note; set nowait"])
    assert [type(s.command) for s in steps] == [c.SignOn, c.Orders, c.SetWait]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=60), max_size=12))
def test_arbitrary_text_never_crashes_the_reader(lines: list[str]) -> None:
    steps = read_script(lines)
    numbers = [step.line for step in steps]
    assert numbers == sorted(numbers)  # steps in the order of the mail
    assert all(1 <= n <= len(lines) for n in numbers)
    assert not any(isinstance(step.command, c.SignOff) for step in steps)


COMMAND_WORDS = ["SIGNON", "SET", "PRESS", "TRANSFER", "ACCEPT", "JOIN", "CREATE", "ROLLBACK",
                 "CONFIRM"]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(COMMAND_WORDS), st.text(max_size=40))
def test_a_command_word_with_any_tail_reads_or_is_refused(word: str, tail: str) -> None:
    text = f"{word} {tail}".strip()
    result = parse_command(text, line=3)
    assert result is not None, "a line starting with a command word is a command"
    if isinstance(result, c.Unreadable):
        problem = result.problem
        assert problem.message and problem.line == 3
        assert 1 <= problem.column <= len(text) + 1
