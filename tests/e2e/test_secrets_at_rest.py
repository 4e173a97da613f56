"""No password at rest: what the inbox keeps of handled mail, and for how long (issue 12)."""

from __future__ import annotations

import base64
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session, sessionmaker

import judge.mail.worker as worker_module
from judge.config import Settings
from judge.mail.listener import Listener
from judge.mail.worker import purge_raw, run_worker
from judge.service.inbound import handle_mail
from judge.storage.base import utcnow
from judge.storage.mailqueue import InboundMessage, InboxState
from judge.storage.session import unit_of_work
from tests.e2e.conftest import MailJudge

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")

SECRETS = ("Masterpw77", "Joinpw88", "Newpw99x", "Observe66", "Wrongpw55")


def _stored(judge: MailJudge) -> list[InboundMessage]:
    with judge.factory() as s:
        return list(s.scalars(select(InboundMessage).order_by(InboundMessage.id)))


def test_handled_mail_is_kept_with_its_passwords_masked(by_mail: MailJudge) -> None:
    gm, player = "gm@example.org", "p@players.example"
    by_mail.replies(gm, "CREATE epsilon Masterpw77")
    by_mail.replies(player, "JOIN epsilon Joinpw88 FRANCE", "SIGNON FRANCE@epsilon Joinpw88",
                    "SET PASSWORD Newpw99x")
    by_mail.replies("o@watchers.example", "OBSERVE epsilon Observe66",
                    "SIGNON MASTER@epsilon Wrongpw55")
    # the same commands once more, base64-encoded as some clients send them
    body = base64.encodebytes(b"SIGNON FRANCE@epsilon Newpw99x\nLIST\n").decode()
    raw = (f"From: {player}\r\nTo: judge@example.org\r\nMessage-ID: <b64@players.example>\r\n"
           "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
           f"Content-Transfer-Encoding: base64\r\n\r\n{body}").encode()
    by_mail.send_raw(player, raw)
    rows = _stored(by_mail)
    assert len(rows) == 4 and all(r.state == InboxState.DONE for r in rows)
    for row in rows:
        text = row.raw.decode("utf-8")
        for secret in SECRETS:
            assert secret.lower() not in text.lower(), (secret, text)
            assert base64.b64encode(secret.encode()).decode()[:8] not in text
        assert "Message-ID:" in text and "From:" in text  # what the audit needs stays
    assert "JOIN epsilon **** FRANCE" in rows[1].raw.decode()
    assert "SIGNON FRANCE@epsilon ****\r\nLIST" in rows[3].raw.decode()


def test_raw_mail_is_forgotten_after_the_retention(by_mail: MailJudge, settings: Settings
                                                   ) -> None:
    by_mail.replies("p@players.example", "HELP")
    with unit_of_work(by_mail.factory) as s:  # a mail the keeper still has to look at
        s.add(InboundMessage(message_id="<failed@x>", mail_from="", rcpt_to="", raw=b"kept",
                             state=InboxState.FAILED.value, handled_at=utcnow()))
    assert purge_raw(by_mail.factory, settings) == 0  # not yet
    later = utcnow() + timedelta(days=settings.keep_raw_days, minutes=1)
    assert purge_raw(by_mail.factory, settings, now=later) == 1
    done, failed = _stored(by_mail)
    assert done.raw == b"" and done.message_id and done.state == InboxState.DONE
    assert failed.raw == b"kept"


def test_no_password_is_left_in_the_sqlite_files_after_a_load_and_a_clean_shutdown(
        settings: Settings, db_url: str, db_engine: Engine,
        session_factory: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: 50 passwords stayed readable in the write-ahead log while the judge ran,
    and 4 whole raw mails in the database's free pages after a clean shutdown. Every byte
    of the database's files (db, -wal, -shm) is read after a load of sign-ons by mail."""
    if not db_url.startswith("sqlite"):
        pytest.skip("the files of a SQLite database")
    engine, factory = db_engine, session_factory
    monkeypatch.setattr(worker_module, "CHECKPOINT_EVERY", 0.0)
    stop, wake = threading.Event(), threading.Event()
    worker = threading.Thread(target=run_worker, args=(factory, settings, handle_mail, stop,
                                                       wake), daemon=True)
    secrets = [f"Loadpw{n:04d}x" for n in range(60)]
    with Listener(settings, factory, on_stored=wake.set) as listener:
        worker.start()
        judge = MailJudge(listener.port, factory)
        judge.replies("gm@example.org", f"CREATE load {secrets[0]}")
        for n, power in enumerate(POWERS, 1):
            judge.replies(f"{power.lower()}@p.example", f"JOIN load {secrets[n]} {power}")
        for n in range(8, 60):  # sign-ons, right and wrong, and new passwords
            power = POWERS[n % 7]
            judge.replies(f"{power.lower()}@p.example",
                          f"SIGNON {power}@load {secrets[(n % 7) + 1]}",
                          f"SET PASSWORD {secrets[n]}", f"SET PASSWORD {secrets[(n % 7) + 1]}",
                          "SIGNON MASTER@load " + secrets[n][::-1])
        # mails of several KB, most of it quoted text the inbox does not keep: their
        # pages are freed when they are redacted (before: left readable in the file)
        for n, power in enumerate(POWERS[:4]):
            quoted = "".join(f"> SIGNON {power}@load {secrets[(n % 7) + 1]} {k}\n"
                             for k in range(400))
            sender = f"{power.lower()}@p.example"
            body = (f"SIGNON {power}@load {secrets[(n % 7) + 1]}\nLIST\n"
                    f"On Monday the judge wrote {secrets[40 + n]}:\n{quoted}")
            judge.send_raw(sender, (f"From: {sender}\nTo: judge@example.org\nSubject: x\n"
                                    f"Message-ID: <big-{n}@p.example>\n\n{body}")
                           .replace("\n", "\r\n").encode())
        # while the judge runs: once the inbox is drained, the log is emptied
        wal = Path(db_url.removeprefix("sqlite:///") + "-wal")
        deadline = time.monotonic() + 10
        while wal.exists() and wal.stat().st_size and time.monotonic() < deadline:
            time.sleep(0.05)
        running = wal.read_bytes().lower() if wal.exists() else b""
        assert not [s for s in secrets if s.lower().encode() in running]
        stop.set()
        wake.set()
        worker.join(20)
        assert not worker.is_alive()
    engine.dispose()
    database = Path(db_url.removeprefix("sqlite:///"))
    files = [p for p in database.parent.iterdir() if p.name.startswith(database.name)]
    assert database in files
    found = []
    for path in files:
        data = path.read_bytes().lower()
        found += [(path.name, s) for s in secrets if s.lower().encode() in data
                  or s[::-1].lower().encode() in data]
    assert not found, found
    with factory() as s:  # and what the audit needs is there
        assert s.scalar(select(func.count()).select_from(InboundMessage)) == 64
