"""No reply ever carries a password, whatever the rest of the line looks like (issue 12)."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.service.conftest import Judge

SENDER = "p@players.example"
PASSWORDS = st.text(
    alphabet=string.ascii_letters + string.digits + "!#$%&+-./:;=?@^_~", min_size=6, max_size=24)
WORDS = st.text(alphabet=string.ascii_letters + string.digits + "/@?-_.,:", min_size=1,
                max_size=12)
COMMANDS = st.sampled_from([
    "SIGNON {w}", "signon {w}", "SIGN ON {w}", "JOIN {w}", "join {w}", "CREATE {w}",
    "OBSERVE {w}", "WATCH {w}", "SET PASSWORD",
])
SPACES = st.sampled_from([" ", "  ", "\t", " \t "])


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(command=COMMANDS, word=WORDS, space=SPACES, password=PASSWORDS,
       rest=st.lists(WORDS, max_size=3), signed_on=st.booleans())
def test_the_reply_never_contains_the_password(
    judge: Judge, command: str, word: str, space: str, password: str, rest: list[str],
    signed_on: bool,
) -> None:
    line = space.join([command.format(w=word), password, *rest])
    lines = ["SIGNON MASTER@alpha masterpw", line] if signed_on else [line]
    out = judge.send(f"p{next(judge.ids)}@players.example", *lines)  # a budget per address
    assert out, "every mail is answered"
    for mail in out:
        assert password.lower() not in mail.body.lower(), (line, mail.body)
        assert password.lower() not in mail.subject.lower()


def test_a_password_read_as_another_word_is_still_masked(judge: Judge) -> None:
    join = judge.reply(SENDER, "JOIN game/x MySecret99")
    create = judge.reply(SENDER, "CREATE new/g MySecret98")
    assert "MySecret99".lower() not in join.lower() and "****" in join
    assert "MySecret98".lower() not in create.lower() and "****" in create
