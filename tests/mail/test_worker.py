"""The inbox worker: mail handled in order; a crash shunted, reported, and the worker goes on."""

from __future__ import annotations

import threading
from email.message import EmailMessage

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from sqlalchemy import event, select, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail.decode import DecodedMail
from judge.mail.worker import (
    Handled,
    drain_inbox,
    handle_batch,
    handle_claimed_batch,
    handle_next,
)
from judge.storage.mailqueue import (
    InboundMessage,
    InboxState,
    OutboundMessage,
    queue_mail,
    requeue_inbound,
    store_inbound,
)
from judge.storage.session import unit_of_work
from tests.dbfixtures import postgres_only


class Echo:
    """A real handler for worker tests: replies with the command lines it read."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def __call__(self, session: Session, mail: DecodedMail, settings: Settings) -> None:
        self.seen.append(mail.subject)
        queue_mail(session, mail.reply_address, f"Re: {mail.subject}",
                   "\n".join(mail.body_lines), sender=settings.address,
                   in_reply_to=mail.message_id or None, inbox_id=mail.inbox_id)
        if mail.subject == "boom":
            raise RuntimeError("the handler broke")
        if mail.subject == "power cut":
            raise SystemExit("the process dies")


def mail(subject: str, sender: str = "player@example.org", **headers: str) -> bytes:
    m = EmailMessage()
    m["From"] = sender
    m["To"] = "judge@example.org"
    m["Subject"] = subject
    m["Message-ID"] = f"<{subject.replace(' ', '.')}.{sender}>"
    for k, v in headers.items():
        m[k.replace("_", "-")] = v
    m.set_content("signon Falpha pw\nA PAR - BUR\n")
    return m.as_bytes()


def store(factory: sessionmaker[Session], raw: bytes, envelope: str = "player@example.org") -> int:
    with unit_of_work(factory) as s:
        row_id = store_inbound(s, raw, envelope, ["judge@example.org"])
    assert row_id is not None
    return row_id


def outbox(factory: sessionmaker[Session]) -> list[OutboundMessage]:
    with factory() as s:
        return list(s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))


def inbox_row(factory: sessionmaker[Session], row_id: int) -> InboundMessage:
    with factory() as s:
        row = s.get(InboundMessage, row_id)
        assert row is not None
        return row


def test_mail_is_handled_in_arrival_order_and_answered(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    echo = Echo()
    ids = [store(session_factory, mail(f"orders {i}")) for i in range(3)]
    while handle_next(session_factory, settings, echo) is not None:
        pass
    assert echo.seen == ["orders 0", "orders 1", "orders 2"]
    assert all(inbox_row(session_factory, i).state == InboxState.DONE for i in ids)
    replies = outbox(session_factory)
    assert [r.subject for r in replies] == ["Re: orders 0", "Re: orders 1", "Re: orders 2"]
    assert replies[0].body == "signon Falpha pw\nA PAR - BUR"
    assert replies[0].in_reply_to == "<orders.0.player@example.org>"
    assert replies[0].inbox_id == ids[0]


def test_a_crashing_mail_is_kept_marked_reported_and_the_worker_goes_on(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    echo = Echo()
    bad = store(session_factory, mail("boom"))
    good = store(session_factory, mail("orders"))
    assert handle_next(session_factory, settings, echo) is Handled.FAILED
    assert handle_next(session_factory, settings, echo) is Handled.DONE
    row = inbox_row(session_factory, bad)
    assert row.state == InboxState.FAILED
    assert "RuntimeError: the handler broke" in (row.error or "")
    assert row.raw == mail("boom")
    assert inbox_row(session_factory, good).state == InboxState.DONE
    sent = [(r.recipient, r.subject) for r in outbox(session_factory)]
    # The handler's own reply to "boom" was rolled back with the rest of its changes.
    assert sent == [
        ("keeper@example.org", f"judge: inbox #{bad} could not be handled"),
        ("player@example.org", "Re: boom"),
        ("player@example.org", "Re: orders"),
    ]
    keeper_mail = outbox(session_factory)[0].body
    assert "RuntimeError: the handler broke" in keeper_mail
    assert f"judge requeue {bad}" in keeper_mail
    assert "Traceback" not in outbox(session_factory)[1].body  # the player gets no internals


def test_a_database_error_in_the_handlers_writes_is_shunted_like_a_crash(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    bad = store(session_factory, mail("duplicate"))
    good = store(session_factory, mail("orders"))

    def clashing(session: Session, m: DecodedMail, s: Settings) -> None:
        Echo()(session, m, s)
        # a second inbox row of the same mail (Message-ID and digest) fails only when flushed
        stored = session.get(InboundMessage, m.inbox_id)
        assert stored is not None
        session.add(InboundMessage(message_id=m.message_id, digest=stored.digest, mail_from="",
                                   rcpt_to="", raw=b""))

    assert handle_next(session_factory, settings, clashing) is Handled.FAILED
    assert handle_next(session_factory, settings, Echo()) is Handled.DONE
    row = inbox_row(session_factory, bad)
    assert row.state == InboxState.FAILED and "IntegrityError" in (row.error or "")
    assert inbox_row(session_factory, good).state == InboxState.DONE
    assert [(r.recipient, r.subject) for r in outbox(session_factory)] == [
        ("keeper@example.org", f"judge: inbox #{bad} could not be handled"),
        ("player@example.org", "Re: duplicate"),
        ("player@example.org", "Re: orders"),
    ]
    assert "could not be processed" in outbox(session_factory)[1].body


def test_a_lost_database_connection_leaves_the_mail_waiting(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    row_id = store(session_factory, mail("orders"))

    def disconnected(session: Session, m: DecodedMail, s: Settings) -> None:
        Echo()(session, m, s)
        raise OperationalError("SELECT 1", {}, Exception("server closed the connection"),
                               connection_invalidated=True)

    with pytest.raises(OperationalError):
        handle_next(session_factory, settings, disconnected)
    assert inbox_row(session_factory, row_id).state == InboxState.RECEIVED
    assert outbox(session_factory) == []
    assert handle_next(session_factory, settings, Echo()) is Handled.DONE


def test_draining_handles_every_waiting_mail_over_one_connection(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    for subject in ("orders 0", "boom", "orders 1", "vacation"):
        store(session_factory, mail(subject, Auto_Submitted="auto-replied")
              if subject == "vacation" else mail(subject))
    engine = session_factory.kw["bind"]
    checkouts: list[object] = []
    event.listen(engine, "checkout", lambda *args: checkouts.append(args))
    echo = Echo()
    handled: list[int] = []
    counts = drain_inbox(session_factory, settings, echo, on_handled=lambda: handled.append(1))
    assert counts == {Handled.DONE: 2, Handled.FAILED: 1, Handled.IGNORED: 1}
    # the waiting mails are handled in one write transaction (handle_batch on SQLite,
    # handle_claimed_batch on PostgreSQL): the crash undoes it all, and they are handled
    # again one at a time; each is answered once
    assert echo.seen == ["orders 0", "boom", "orders 0", "boom", "orders 1"]
    assert len(handled) == 4
    assert len(checkouts) == 1
    assert [m.subject for m in outbox(session_factory) if "orders" in m.subject] == [
        "Re: orders 0", "Re: orders 1"]
    assert drain_inbox(session_factory, settings, echo) == {}


def test_draining_stops_when_asked(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    for n in range(3):
        store(session_factory, mail(f"orders {n}"))
    stop = threading.Event()
    echo = Echo()

    def handler(session: Session, mail: DecodedMail, settings: Settings) -> None:
        echo(session, mail, settings)
        stop.set()

    # asked while a mail is handled: that mail is finished (and kept), no other begun
    assert drain_inbox(session_factory, settings, handler, stop=stop) == {Handled.DONE: 1}
    assert echo.seen == ["orders 0"]
    assert [m.subject for m in outbox(session_factory)] == ["Re: orders 0"]
    assert inbox_row(session_factory, 2).state == InboxState.RECEIVED


def test_a_requeued_mail_is_handled_again(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    bad = store(session_factory, mail("boom"))
    handle_next(session_factory, settings, Echo())
    with unit_of_work(session_factory) as s:
        assert requeue_inbound(s, bad)
    assert handle_next(session_factory, settings, lambda s, m, c: None) is Handled.DONE
    assert inbox_row(session_factory, bad).state == InboxState.DONE


def test_a_process_dying_mid_mail_leaves_it_waiting_and_changes_nothing(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    row_id = store(session_factory, mail("power cut"))
    with pytest.raises(SystemExit):
        handle_next(session_factory, settings, Echo())
    assert inbox_row(session_factory, row_id).state == InboxState.RECEIVED
    assert outbox(session_factory) == []


@pytest.mark.parametrize(
    ("raw", "envelope"),
    [(mail("vacation", Auto_Submitted="auto-replied"), "player@example.org"),
     (mail("bounce"), ""),
     (mail("newsletter", Precedence="bulk"), "player@example.org"),
     (mail("loop", sender="judge@example.org"), "judge@example.org")],
)
def test_automatic_mail_and_the_judges_own_mail_are_never_answered(
    settings: Settings, session_factory: sessionmaker[Session], raw: bytes, envelope: str
) -> None:
    echo = Echo()
    row_id = store(session_factory, raw, envelope)
    assert handle_next(session_factory, settings, echo) is Handled.IGNORED
    assert echo.seen == []
    assert outbox(session_factory) == []
    row = inbox_row(session_factory, row_id)
    assert row.state == InboxState.DONE
    assert (row.error or "").startswith("not answered: ")


def test_a_delivery_report_goes_to_the_bounce_handler_and_is_never_answered(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    report = EmailMessage()
    report["From"] = "MAILER-DAEMON@mx.example.net"
    report["To"] = "judge@example.org"
    report["Subject"] = "Undelivered Mail Returned to Sender"
    report["Message-ID"] = "<dsn.1@mx.example.net>"
    report["X-Failed-Recipients"] = "gone@example.net"
    report.set_content("signon Falpha pw\n")
    row_id = store(session_factory, report.as_bytes(), "")
    noted: list[tuple[str, ...]] = []

    def note(session: Session, m: DecodedMail, s: Settings) -> None:
        noted.append(m.bounced)
        queue_mail(session, "gm@example.org", "bounced", "FRANCE", sender=s.address)

    echo = Echo()
    assert handle_next(session_factory, settings, echo, bounces=note) is Handled.IGNORED
    assert noted == [("gone@example.net",)] and echo.seen == []
    assert [r.recipient for r in outbox(session_factory)] == ["gm@example.org"]
    row = inbox_row(session_factory, row_id)
    assert row.state == InboxState.DONE
    assert row.error == "not answered: empty return path; bounced: gone@example.net"


def test_automatic_mail_never_reaches_the_handler(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    store(session_factory, mail("boom"), "")

    def broken(session: Session, m: DecodedMail, s: Settings) -> None:
        raise AssertionError("unreachable: auto mail is not handed over")

    assert handle_next(session_factory, settings, broken) is Handled.IGNORED
    assert outbox(session_factory) == []


def test_a_crash_on_a_delivery_report_tells_only_the_keeper(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    row_id = store(session_factory, mail("boom", X_Failed_Recipients="gone@example.net"), "")

    def broken(session: Session, m: DecodedMail, s: Settings) -> None:
        queue_mail(session, "gm@example.org", "bounced", "FRANCE", sender=s.address)
        raise RuntimeError("the bounce handler broke")

    assert handle_next(session_factory, settings, Echo(), bounces=broken) is Handled.FAILED
    row = inbox_row(session_factory, row_id)
    assert row.state == InboxState.FAILED
    assert "RuntimeError: the bounce handler broke" in (row.error or "")
    # the handler's own mail was rolled back; the report's sender is never answered
    assert [(r.recipient, r.subject) for r in outbox(session_factory)] == [
        ("keeper@example.org", f"judge: inbox #{row_id} could not be handled")]


@hsettings(max_examples=100, deadline=None,
           suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=2000), envelope=st.sampled_from(["", "someone@example.org"]))
def test_any_bytes_get_a_reply_or_a_logged_refusal(
    settings: Settings, session_factory: sessionmaker[Session], raw: bytes, envelope: str
) -> None:
    with unit_of_work(session_factory) as s:
        row_id = store_inbound(s, raw, envelope, ["judge@example.org"])
    if row_id is None:
        return  # the same bytes were stored in an earlier example
    result = handle_next(session_factory, settings, Echo())
    row = inbox_row(session_factory, row_id)
    with session_factory() as s:
        replies = s.scalars(select(OutboundMessage).where(OutboundMessage.inbox_id == row_id)).all()
    if result is Handled.DONE:
        assert len(replies) == 1 and row.state == InboxState.DONE
    else:
        assert result is Handled.IGNORED and replies == []
        assert (row.error or "").startswith("not answered: ")


def test_a_batch_leaves_alone_mail_handled_after_it_was_read(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    # SQLite's worker reads waiting mail outside its write transaction (handle_batch);
    # what was handled meanwhile (another judge on the same file) is not handled again
    ids = [store(session_factory, mail(f"orders {n}")) for n in range(3)]
    engine = session_factory.kw["bind"]
    if engine.dialect.name != "sqlite":
        pytest.skip("PostgreSQL claims mail with row locks inside its transaction")

    def meanwhile() -> None:
        with unit_of_work(session_factory) as s:
            row = s.get(InboundMessage, ids[1])
            assert row is not None
            if row.state == InboxState.RECEIVED:
                row.state = InboxState.DONE.value

    echo = Echo()
    with engine.connect() as connection:
        assert handle_batch(connection, settings, echo, before_write=meanwhile) == [
            Handled.DONE, Handled.DONE]
        assert handle_batch(connection, settings, echo) == []
    assert echo.seen == ["orders 0", "orders 2"]
    assert [m.subject for m in outbox(session_factory)] == ["Re: orders 0", "Re: orders 2"]
    assert [inbox_row(session_factory, i).handled_at is not None for i in ids] == [
        True, False, True]


@postgres_only
def test_postgresql_handles_many_mails_a_transaction_each_senders_in_order(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    # five senders, two mails each, claimed together and handled in one transaction
    # (one COMMIT for the ten, one more for the claim that finds the inbox empty)
    senders = [f"p{n}@example.org" for n in range(5)]
    for round_ in range(2):
        for sender in senders:
            store(session_factory, mail(f"orders {round_} {sender}", sender=sender), sender)
    engine = session_factory.kw["bind"]
    commits: list[object] = []
    event.listen(engine, "commit", lambda *args: commits.append(args))
    echo = Echo()
    assert drain_inbox(session_factory, settings, echo) == {Handled.DONE: 10}
    assert len(commits) == 2
    assert echo.seen == [f"orders {r} {s}" for r in range(2) for s in senders]
    assert [m.subject for m in outbox(session_factory)] == [f"Re: {s}" for s in echo.seen]


@postgres_only
def test_two_postgresql_workers_batching_at_once_share_the_mail_and_keep_its_order(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    # a1 b1 a2 c1: the first worker's batch holds a1 when the second starts its own
    ids = {name: store(session_factory, mail(name, sender=f"{name[0]}@example.org"),
                       f"{name[0]}@example.org")
           for name in ("a1", "b1", "a2", "c1")}
    engine = session_factory.kw["bind"]
    first, second = Echo(), Echo()
    meanwhile: list[list[Handled]] = []

    def first_handler(session: Session, mail: DecodedMail, settings: Settings) -> None:
        first(session, mail, settings)
        if not meanwhile:
            with engine.connect() as other:
                meanwhile.append(handle_claimed_batch(other, settings, second))

    with engine.connect() as connection:
        assert handle_claimed_batch(connection, settings, first_handler, limit=1) == [
            Handled.DONE]
        # the second skipped the held a1, and left a2 (a1 not yet done) for later
        assert meanwhile == [[Handled.DONE, Handled.DONE]] and second.seen == ["b1", "c1"]
        assert handle_claimed_batch(connection, settings, first) == [Handled.DONE]
        assert handle_claimed_batch(connection, settings, first) == []
    assert first.seen == ["a1", "a2"]
    replies = [m.subject for m in outbox(session_factory)]
    assert sorted(replies) == ["Re: a1", "Re: a2", "Re: b1", "Re: c1"]
    assert all(inbox_row(session_factory, i).state == InboxState.DONE for i in ids.values())


@postgres_only
def test_two_postgresql_batches_waiting_for_each_others_games_both_get_done(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    # Each mail takes a lock, as a sign-on locks its game: the first worker's batch holds
    # "X" and wants "Y" while the second's holds "Y" and wants "X". PostgreSQL ends one
    # (a deadlock); that batch is undone and its mails handled again one at a time.
    for name, sender in (("X", "a"), ("Y", "a"), ("Y", "b"), ("X", "b")):
        store(session_factory, mail(name, sender=f"{sender}@example.org"),
              f"{sender}@example.org")
    engine = session_factory.kw["bind"]
    both_hold_one = threading.Barrier(2, timeout=30)
    waited: set[int] = set()
    seen: list[str] = []
    first_lock = threading.Event()

    def locking(session: Session, mail: DecodedMail, settings: Settings) -> None:
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                        {"key": 7100 + ord(mail.subject)})
        seen.append(f"{mail.sender} {mail.subject}")
        first_lock.set()
        Echo()(session, mail, settings)
        worker = threading.get_ident()
        if worker not in waited:
            waited.add(worker)
            both_hold_one.wait()

    results: dict[str, list[Handled]] = {}

    def work(name: str) -> None:
        with engine.connect() as connection:
            results[name] = handle_claimed_batch(connection, settings, locking, limit=2)

    workers = [threading.Thread(target=work, args=(n,)) for n in ("one", "two")]
    # the first claims a's two mails before the second starts, which takes b's
    workers[0].start()
    assert first_lock.wait(30)
    workers[1].start()
    for w in workers:
        w.join(60)
    assert sorted(results) == ["one", "two"]
    assert sorted(len(r) for r in results.values()) == [2, 2]
    replies = [(m.recipient, m.subject) for m in outbox(session_factory)]
    assert sorted(replies) == sorted([("a@example.org", "Re: X"), ("a@example.org", "Re: Y"),
                                      ("b@example.org", "Re: Y"), ("b@example.org", "Re: X")])
    # each sender's replies in the order their mails came
    assert [s for r, s in replies if r == "a@example.org"] == ["Re: X", "Re: Y"]
    assert [s for r, s in replies if r == "b@example.org"] == ["Re: Y", "Re: X"]
    # one batch was undone after one mail (its second never got its lock), and both of
    # its mails handled again: five handlings for four mails
    assert len(seen) == 5
    with session_factory() as s:
        assert set(s.scalars(select(InboundMessage.state))) == {InboxState.DONE}
