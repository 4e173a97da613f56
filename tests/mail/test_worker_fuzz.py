"""Arbitrary mail through the worker and the real service: always a reply or a logged refusal."""

from __future__ import annotations

import itertools
from email.message import EmailMessage

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail.worker import Handled, handle_next
from judge.service.inbound import handle_mail
from judge.storage.mailqueue import InboundMessage, OutboundMessage, store_inbound
from judge.storage.session import unit_of_work

WORDS = st.sampled_from(
    ["SIGNON", "CREATE", "JOIN", "alpha", "pw", "France@alpha", "Falpha", "MASTER@alpha",
     "START", "PRESS", "TO", "ENDPRESS", "A", "PAR", "-", "BUR", "ACCEPT", "TRANSFER", "10",
     "SET", "PASSWORD", "WAIT", "DRAW", "ROLLBACK", "S1901M", "EJECT", "HISTORY", "LIST",
     "PAYOLA", ":", "|", "%", "\\\\;", ";", "BROADCAST", "RESIGN", "PROCESS", "STATUS",
     "CLEAR", "OBSERVE", "SIGNOFF", "//", ">", "--", "é", "\u2192"]
)
SENDERS = itertools.count()  # a new sender for each example: the judge answers each address
# only so many times an hour
LINES = st.one_of(st.lists(WORDS, max_size=8).map(" ".join), st.text(max_size=40))
BODIES = st.lists(LINES, max_size=12).map("\n".join)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bodies=st.lists(BODIES, min_size=1, max_size=4), counter=st.integers(0, 10**12))
def test_command_like_text_never_crashes_the_worker(
    settings: Settings, session_factory: sessionmaker[Session], bodies: list[str], counter: int
) -> None:
    player = f"player{next(SENDERS)}@example.org"  # an address gets only so many answers
    for n, body in enumerate(bodies):
        m = EmailMessage()
        m["From"] = player
        m["Subject"] = "orders"
        m["Message-ID"] = f"<{counter}.{n}.{len(body)}.{hash(body)}@example.org>"
        m.set_content(body)
        with unit_of_work(session_factory) as s:
            row_id = store_inbound(s, m.as_bytes(), player, ["judge@example.org"])
        if row_id is None:
            continue
        assert handle_next(session_factory, settings, handle_mail) is Handled.DONE
        with session_factory() as s:
            replies = s.scalars(
                select(OutboundMessage).where(OutboundMessage.inbox_id == row_id)).all()
            assert s.get(InboundMessage, row_id).state == "done"  # type: ignore[union-attr]
        assert [r.recipient for r in replies][:1] == [player]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=1500))
def test_arbitrary_bytes_never_crash_the_worker(
    settings: Settings, session_factory: sessionmaker[Session], raw: bytes
) -> None:
    with unit_of_work(session_factory) as s:
        row_id = store_inbound(s, raw, f"player{next(SENDERS)}@example.org",
                               ["judge@example.org"])
    if row_id is None:
        return
    result = handle_next(session_factory, settings, handle_mail)
    assert result in (Handled.DONE, Handled.IGNORED)
    with session_factory() as s:
        row = s.get(InboundMessage, row_id)
        assert row is not None and row.state == "done"
        replies = s.scalars(
            select(OutboundMessage).where(OutboundMessage.inbox_id == row_id)).all()
    if result is Handled.IGNORED:
        assert replies == [] and (row.error or "").startswith("not answered")
    else:
        assert replies, "a mail handled must be answered"
