"""The SMTP listener with a real smtplib client on loopback: 550 at RCPT, size limit, 250 stored."""

from __future__ import annotations

import smtplib
import threading
import time
from email.message import EmailMessage
from typing import Any

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail.listener import Listener
from judge.storage.mailqueue import InboundMessage


def orders_mail(message_id: str = "<m1@example.org>", body: str = "A PAR - BUR\n") -> bytes:
    m = EmailMessage()
    m["From"] = "player@example.org"
    m["To"] = "judge@example.org"
    m["Subject"] = "orders"
    m["Message-ID"] = message_id
    m.set_content(body)
    return m.as_bytes().replace(b"\n", b"\r\n")


def stored(factory: sessionmaker[Session]) -> list[InboundMessage]:
    with factory() as s:
        return list(s.scalars(select(InboundMessage).order_by(InboundMessage.id)))


def test_mail_to_the_judge_is_stored_before_250(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    woken = threading.Event()
    with Listener(settings, session_factory, on_stored=woken.set) as listener:
        with smtplib.SMTP("127.0.0.1", listener.port) as client:
            client.ehlo()
            code, reply = client.docmd("MAIL FROM:<player@example.org>")
            assert code == 250
            assert client.docmd("RCPT TO:<Judge@Example.org>")[0] == 250
            assert client.docmd("RCPT TO:<games@example.org>")[0] == 250
            code, reply = client.data(orders_mail())
            assert code == 250
            assert b"stored as #" in reply
            rows = stored(session_factory)  # already there when 250 arrives
    assert woken.is_set()
    assert len(rows) == 1
    assert rows[0].raw == orders_mail()
    assert rows[0].mail_from == "player@example.org"
    assert rows[0].recipients == ("Judge@Example.org", "games@example.org")
    assert rows[0].peer == "127.0.0.1"


def test_other_recipients_are_refused_at_rcpt(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    with Listener(settings, session_factory) as listener:
        with smtplib.SMTP("127.0.0.1", listener.port) as client:
            with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
                client.sendmail("p@example.org", ["someone@example.org"], orders_mail())
            code, reply = refused.value.recipients["someone@example.org"]
            assert code == 550
            assert b"no such mailbox" in reply
            # mixed: the good recipient still gets it
            client.sendmail("p@example.org", ["x@example.org", "judge@example.org"],
                            orders_mail("<m2@example.org>"))
    rows = stored(session_factory)
    assert [r.recipients for r in rows] == [("judge@example.org",)]


def test_a_duplicate_message_id_is_accepted_but_stored_once(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    with Listener(settings, session_factory) as listener:
        with smtplib.SMTP("127.0.0.1", listener.port) as client:
            client.sendmail("p@example.org", ["judge@example.org"], orders_mail())
            client.sendmail("p@example.org", ["judge@example.org"], orders_mail())
    assert len(stored(session_factory)) == 1


def test_mail_over_the_size_limit_is_refused(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    big = orders_mail(body="A PAR H\n" * 10000)
    assert len(big) > settings.max_message_size
    with Listener(settings, session_factory) as listener:
        with smtplib.SMTP("127.0.0.1", listener.port) as client:
            with pytest.raises(smtplib.SMTPSenderRefused) as refused:  # SIZE= in MAIL FROM
                client.sendmail("p@example.org", ["judge@example.org"], big)
            assert refused.value.smtp_code == 552
            assert b"at most 64 KiB" in refused.value.smtp_error
            assert b"plain text" in refused.value.smtp_error
        with smtplib.SMTP("127.0.0.1", listener.port) as client:
            client.ehlo()
            client.esmtp_features.pop("size", None)  # a client that does not announce size
            with pytest.raises(smtplib.SMTPDataError) as too_big:
                client.sendmail("p@example.org", ["judge@example.org"], big)
            assert too_big.value.smtp_code == 552
            assert b"too big for the judge (at most 64 KiB)" in too_big.value.smtp_error
    assert stored(session_factory) == []


def test_bounces_with_the_null_sender_are_stored(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    with Listener(settings, session_factory) as listener:
        with smtplib.SMTP("127.0.0.1", listener.port) as client:
            client.sendmail("<>", ["judge@example.org"], orders_mail())
    assert [r.mail_from for r in stored(session_factory)] == [""]


def test_a_database_failure_answers_451_and_stores_nothing(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    with session_factory() as s, s.begin():
        s.execute(text("ALTER TABLE inbox RENAME TO inbox_gone"))
    with Listener(settings, session_factory) as listener:
        with smtplib.SMTP("127.0.0.1", listener.port) as client:
            with pytest.raises(smtplib.SMTPDataError) as failed:
                client.sendmail("p@example.org", ["judge@example.org"], orders_mail())
            assert failed.value.smtp_code == 451
            assert b"could not store your message" in failed.value.smtp_error
    with session_factory() as s:
        assert s.scalar(text("SELECT count(*) FROM inbox_gone")) == 0


def test_twenty_concurrent_clients_all_get_stored(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    errors: list[BaseException] = []

    def client(n: int, port: int) -> None:
        try:
            with smtplib.SMTP("127.0.0.1", port) as c:
                for i in range(5):
                    c.sendmail("p@example.org", ["judge@example.org"],
                               orders_mail(f"<c{n}.{i}@example.org>"))
        except BaseException as e:  # collected and asserted below
            errors.append(e)

    with Listener(settings, session_factory) as listener:
        threads = [threading.Thread(target=client, args=(n, listener.port)) for n in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert errors == []
    with session_factory() as s:
        assert s.scalar(select(func.count()).select_from(InboundMessage)) == 100


def _refuse_poison(factory: sessionmaker[Session]) -> None:
    """A database rule that refuses one sender's mail, as a broken row would."""
    with factory() as s, s.begin():
        if s.get_bind().dialect.name == "sqlite":
            s.execute(text(
                "CREATE TRIGGER poison BEFORE INSERT ON inbox WHEN NEW.mail_from = "
                "'poison@example.org' BEGIN SELECT RAISE(ABORT, 'poisoned'); END"))
        else:
            s.execute(text(
                "CREATE FUNCTION poison() RETURNS trigger AS $$ BEGIN IF NEW.mail_from = "
                "'poison@example.org' THEN RAISE EXCEPTION 'poisoned'; END IF; RETURN NEW; "
                "END $$ LANGUAGE plpgsql"))
            s.execute(text("CREATE TRIGGER poison BEFORE INSERT ON inbox "
                           "FOR EACH ROW EXECUTE FUNCTION poison()"))


def test_one_mail_that_cannot_be_stored_does_not_refuse_those_stored_with_it(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    _refuse_poison(session_factory)
    codes: dict[str, list[int]] = {"good": [], "poison": []}

    def client(n: int, port: int) -> None:
        kind = "poison" if n == 0 else "good"
        with smtplib.SMTP("127.0.0.1", port) as c:
            for i in range(5):
                try:
                    c.sendmail(f"{kind}@example.org", ["judge@example.org"],
                               orders_mail(f"<p{n}.{i}@example.org>"))
                    codes[kind].append(250)
                except smtplib.SMTPDataError as e:
                    codes[kind].append(e.smtp_code)

    with Listener(settings, session_factory) as listener:
        threads = [threading.Thread(target=client, args=(n, listener.port)) for n in range(10)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert codes["poison"] == [451] * 5
    assert codes["good"] == [250] * 45
    assert {r.mail_from for r in stored(session_factory)} == {"good@example.org"}
    assert len(stored(session_factory)) == 45


def test_the_worker_waits_for_one_write_of_waiting_mail_at_most(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    # judge serve's worker and sender call wait_for_writes between transactions, so mail
    # waiting for its 250 is stored first; with nothing waiting they never wait, and a
    # steady stream of mail holds them for one write, not until it stops.
    with Listener(settings, session_factory) as listener:
        handler = listener.handler
        started = time.monotonic()
        handler.wait_for_writes(5)
        assert time.monotonic() - started < 1
        stored_before: list[float] = []
        write = handler._write

        def slow_write(arrivals: Any, *rest: Any) -> Any:
            time.sleep(0.3)
            stored_before.append(time.monotonic())
            return write(arrivals, *rest)

        handler._write = slow_write  # type: ignore[method-assign]
        waited: list[float] = []

        def worker() -> None:
            while not handler.gate.waiting:
                time.sleep(0.01)
            handler.wait_for_writes(5)
            waited.append(time.monotonic())

        thread = threading.Thread(target=worker)
        thread.start()
        with smtplib.SMTP("127.0.0.1", listener.port) as c:
            c.sendmail("p@example.org", ["judge@example.org"], orders_mail("<w1@example.org>"))
        thread.join(10)
    assert waited and stored_before and waited[0] >= stored_before[0]
    assert waited[0] - started < 4
