"""The inbox and outbox tables: stored once, in order, and queued only with their transaction."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Connection, func, select, update
from sqlalchemy.exc import StatementError
from sqlalchemy.orm import Session, sessionmaker

from judge.mail.send import claim_batch
from judge.storage.mailqueue import (
    InboundMessage,
    InboxState,
    OutboundMessage,
    OutboxState,
    claim_next_inbound,
    claim_waiting,
    count_by_state,
    due_outbound,
    mark_inbound,
    message_id_of,
    queue_mail,
    queue_mails,
    queue_reply,
    requeue_inbound,
    store_inbound,
)
from judge.storage.pictures import StoredPicture
from judge.storage.session import unit_of_work
from tests.dbfixtures import postgres_only

RAW = b"Message-ID: <one@example.org>\r\nFrom: p@example.org\r\n\r\nA PAR H\r\n"


def test_a_stored_mail_keeps_its_bytes_and_envelope(session_factory: sessionmaker[Session]) -> None:
    raw = RAW + bytes(range(256))
    with unit_of_work(session_factory) as s:
        row_id = store_inbound(s, raw, "p@example.org", ["judge@example.org", "j2@example.org"])
    with session_factory() as s:
        row = s.get(InboundMessage, row_id)
        assert row is not None
        assert row.raw == raw
        assert row.message_id == "<one@example.org>"
        assert row.recipients == ("judge@example.org", "j2@example.org")
        assert row.state == InboxState.RECEIVED
        assert row.received_at.tzinfo is not None


def test_a_resent_mail_is_stored_once(session_factory: sessionmaker[Session]) -> None:
    resent = b"Received: from relay2.example.org\r\n" + RAW  # another path, the same mail
    with unit_of_work(session_factory) as s:
        first = store_inbound(s, RAW, "p@example.org", ["judge@example.org"])
    with unit_of_work(session_factory) as s:
        second = store_inbound(s, resent, "p@example.org", ["judge@example.org"])
    assert first is not None and second is None
    with session_factory() as s:
        assert s.scalar(select(func.count()).select_from(InboundMessage)) == 1


def test_another_mail_reusing_a_message_id_is_stored_as_new(
        session_factory: sessionmaker[Session]) -> None:
    with unit_of_work(session_factory) as s:
        first = store_inbound(s, RAW, "p@example.org", ["judge@example.org"])
    with unit_of_work(session_factory) as s:
        second = store_inbound(s, RAW + b"\r\nA MAR - SPA\r\n", "p@example.org",
                               ["judge@example.org"])
    assert first is not None and second is not None and first != second
    with session_factory() as s:
        assert s.scalar(select(func.count()).select_from(InboundMessage)) == 2


def test_mail_without_message_id_is_keyed_by_its_bytes() -> None:
    assert message_id_of(b"Subject: x\r\n\r\nA") == message_id_of(b"Subject: x\r\n\r\nA")
    assert message_id_of(b"Subject: x\r\n\r\nA") != message_id_of(b"Subject: x\r\n\r\nB")
    assert message_id_of(b"\xff\xfe\x00garbage").endswith("@judge.invalid>")


def test_mail_is_claimed_oldest_first_and_failed_mail_can_be_requeued(
    session_factory: sessionmaker[Session],
) -> None:
    with unit_of_work(session_factory) as s:
        ids = [store_inbound(s, RAW.replace(b"one", f"m{i}".encode()), "p@x.org", ["j@x.org"])
               for i in range(3)]
    with unit_of_work(session_factory) as s:
        first = claim_next_inbound(s)
        assert first is not None and first.id == ids[0]
        mark_inbound(first, InboxState.FAILED, "Traceback: boom")
    with unit_of_work(session_factory) as s:
        second = claim_next_inbound(s)
        assert second is not None and second.id == ids[1]
        assert count_by_state(s, InboundMessage) == {"failed": 1, "received": 2}
        assert requeue_inbound(s, ids[0]) is True
        assert requeue_inbound(s, ids[1]) is False
    with unit_of_work(session_factory) as s:
        again = claim_next_inbound(s)
        assert again is not None and again.id == ids[0]


# Only PostgreSQL lets two workers claim at once; SQLite's write lock serialises them.
@postgres_only
def test_workers_sharing_a_database_keep_each_senders_mail_in_order(
    session_factory: sessionmaker[Session],
) -> None:
    raws = [(RAW.replace(b"one", name.encode()), sender)
            for name, sender in (("a1", "a@x.org"), ("a2", "a@x.org"), ("b1", "b@x.org"))]
    with unit_of_work(session_factory) as s:
        a1, a2, b1 = (store_inbound(s, raw, sender, ["j@x.org"]) for raw, sender in raws)
    with session_factory() as one, session_factory() as two:
        held = claim_next_inbound(one)  # the first worker is handling a1 ...
        assert held is not None and held.id == a1
        other = claim_next_inbound(two)  # ... so the second takes b1, never a2 before a1
        assert other is not None and other.id == b1
        mark_inbound(other, InboxState.DONE)
        two.commit()
        assert claim_next_inbound(two) is None  # a2 waits while a1 is being handled
        two.rollback()
        mark_inbound(held, InboxState.DONE)
        one.commit()
        after = claim_next_inbound(two)
        assert after is not None and after.id == a2


@postgres_only
def test_claiming_many_at_once_skips_held_mail_and_keeps_each_senders_order(
    session_factory: sessionmaker[Session],
) -> None:
    raws = [(RAW.replace(b"one", name.encode()), sender)
            for name, sender in (("a1", "a@x.org"), ("a2", "a@x.org"), ("b1", "b@x.org"),
                                 ("c1", "c@x.org"), ("b2", "b@x.org"), ("d1", "d@x.org"))]
    with unit_of_work(session_factory) as s:
        a1, a2, b1, c1, b2, d1 = (store_inbound(s, raw, sender, ["j@x.org"])
                                  for raw, sender in raws)
    engine = session_factory.kw["bind"]
    with engine.connect() as one, engine.connect() as two:
        with one.begin():
            # the oldest waiting mail, as many as asked: a sender's mails together, in order
            assert [m.id for m in claim_waiting(one, 1)] == [a1]
            with two.begin():
                # another worker skips what the first holds, and leaves a2 while a1 is
                # being handled; b2 comes after b1, which it takes too
                assert [m.id for m in claim_waiting(two, 5)] == [b1, c1, b2, d1]
            mark_done(one, a1)
            # a1 done in the first worker's own transaction: a2 is free to it
            assert [m.id for m in claim_waiting(one, 2)] == [a2, b1]
        with two.begin():
            # the first committed a1 only: the rest waits as it was
            assert [m.id for m in claim_waiting(two, 9)] == [a2, b1, c1, b2, d1]


def mark_done(connection: Connection, inbox_id: int) -> None:
    connection.execute(update(InboundMessage).where(InboundMessage.id == inbox_id)
                       .values(state=InboxState.DONE.value))


def test_queued_mail_exists_only_if_its_transaction_commits(
    session_factory: sessionmaker[Session],
) -> None:
    with pytest.raises(RuntimeError), unit_of_work(session_factory) as s:
        queue_mail(s, "p@example.org", "Diplomacy orders", "A PAR H")
        raise RuntimeError("the change failed")
    with unit_of_work(session_factory) as s:
        queue_mail(s, "p@example.org", "Diplomacy orders", "A PAR - BUR",
                   sender="judge@example.org")
    with session_factory() as s:
        rows = s.scalars(select(OutboundMessage)).all()
        assert [r.body for r in rows] == ["A PAR - BUR"]
        assert rows[0].state == OutboxState.PENDING
        assert rows[0].message_id.endswith("@example.org>")


def test_due_outbound_respects_the_next_attempt_time(
    session_factory: sessionmaker[Session],
) -> None:
    now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    with unit_of_work(session_factory) as s:
        queue_mail(s, "a@example.org", "s", "now", now=now)
        later = queue_mail(s, "b@example.org", "s", "later", now=now)
        later.next_attempt_at = now + timedelta(minutes=5)
    with session_factory() as s:
        assert [m.body for m in due_outbound(s, now)] == ["now"]
        assert [m.body for m in due_outbound(s, now + timedelta(minutes=5))] == ["now", "later"]


@pytest.mark.parametrize("bad", ["", "no-at-sign", "a@b\r\nBcc: x@y"])
def test_queue_mail_refuses_a_bad_recipient(session: Session, bad: str) -> None:
    with pytest.raises(ValueError, match="not a mail address"):
        queue_mail(session, bad, "s", "b")


def test_naive_datetimes_are_refused(session_factory: sessionmaker[Session]) -> None:
    with pytest.raises(StatementError, match="naive datetime"), unit_of_work(session_factory) as s:
        queue_mail(s, "a@example.org", "s", "b", now=datetime(2026, 1, 1))


def test_a_picture_queued_with_many_mails_is_stored_once(
    session_factory: sessionmaker[Session],
) -> None:
    now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    phase_map, own_map, chart = b"\x89PNG the board" * 500, b"\x89PNG France's", b"\x89PNG $"
    shown = (phase_map, "g-S1901M.png")
    with unit_of_work(session_factory) as s:
        queue_mails(s, [(f"{p}@example.org", "Results", "text", shown) for p in "abc"]
                    + [("f@example.org", "Results", "text", (own_map, "g-S1901M.png")),
                       ("t@example.org", "Results", "text only", None)], now=now)
        queue_mail(s, "m@example.org", "Year end", "text", now=now, picture=shown,
                   chart=(chart, "g-chart.png"))
        queue_reply(s, "q@example.org", "Re: MAP", "the map", now=now, picture=shown)
        s.add(OutboundMessage(message_id="<made@example.org>", recipient="r@example.org",
                              picture=phase_map, picture_name="g-S1901M.png",
                              created_at=now, next_attempt_at=now))
    with session_factory() as s:
        stored = {p.key: p.data for p in s.scalars(select(StoredPicture))}
        rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
        assert [r.picture for r in rows] == [phase_map] * 3 + [own_map, None] + [phase_map] * 3
        assert [r.chart for r in rows] == [None] * 5 + [chart, None, None]
        assert {k for r in rows for k in (r.picture_key, r.chart_key)} - {None} == set(stored)
    assert sorted(stored.values()) == sorted([phase_map, own_map, chart])
    assert set(stored) == {hashlib.sha256(p).hexdigest() for p in stored.values()}
    # the sender reads them with its batch, the rows detached from their session
    claimed = claim_batch(session_factory, now)
    assert [(r.picture, r.chart) for r in claimed] == [(r.picture, r.chart) for r in rows]
