"""handle_mail as a whole: one reply per mail, none to automatic mail, never a crash."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.service.conftest import Judge


def test_automatic_mail_gets_no_reply(judge: Judge) -> None:
    assert judge.send("daemon@x.org", "HELP", auto=True) == []


def test_a_mail_without_commands_gets_a_short_reply(judge: Judge) -> None:
    assert "found no commands" in judge.reply("a@x.org")


def test_reply_goes_to_reply_to(judge: Judge) -> None:
    out = judge.send("a@x.org", "LIST", reply_to="b@x.org")
    assert [m.recipient for m in out] == ["b@x.org"]


def test_mail_from_the_judge_itself_is_never_answered(judge: Judge) -> None:
    assert judge.send("judge@example.org", "HELP") == []


def test_signoff_ends_the_commands(judge: Judge) -> None:
    body = judge.reply("a@x.org", "LIST", "SIGNOFF", "CREATE beta pwpwpw")
    assert "beta" not in body


WORDS = st.sampled_from([
    "SIGNON", "france@alpha", "pwfrance", "PRESS", "TO", "ENDPRESS", "SET", "TRANSFER", "10",
    "A", "PAR", "-", "BUR", "JOIN", "alpha", "CREATE", "ACCEPT", "F?", "CLEAR", "STATUS",
    "ROLLBACK", "S1901M", ":", "5", "%", "\\\\;", "HISTORY", "RESIGN", "MASTER@alpha",
])
LINES = st.lists(st.one_of(st.text(max_size=30), st.lists(WORDS, max_size=6).map(" ".join)),
                 max_size=8)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(LINES)
def test_any_text_gets_exactly_one_reply_and_never_crashes(judge: Judge, lines: list[str]) -> None:
    # a sender of its own each time: one address gets only so many answers an hour
    judge.reply(f"fuzz{next(judge.ids)}@x.org", *lines)
