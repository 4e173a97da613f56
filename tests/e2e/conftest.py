"""End-to-end fixtures: the judge's SMTP listener and inbox worker on loopback, a real database."""

from __future__ import annotations

import smtplib
import threading
import time
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings, settings_from_text
from judge.mail.listener import Listener
from judge.mail.worker import run_worker
from judge.service.bounces import note_bounces
from judge.service.inbound import handle_mail
from judge.storage.mailqueue import InboundMessage, InboxState, OutboundMessage
from tests.dbfixtures import db_engine, db_url, session, session_factory  # noqa: F401


@pytest.fixture
def settings(tmp_path: Path, db_url: str) -> Settings:  # noqa: F811
    return settings_from_text(
        f"[judge]\naddress = judge@example.org\nkeeper = keeper@example.org\n"
        "[smtp]\nhost = 127.0.0.1\nport = 0\n"
        f"[database]\nurl = {db_url}\n[security]\nscrypt_n = 1024\n",
        tmp_path,
    )


class MailJudge:
    """A player's view of the judge: mails sent with smtplib, replies read from the outbox."""

    def __init__(self, port: int, factory: sessionmaker[Session]) -> None:
        self.port = port
        self.factory = factory
        self.count = 0
        self.seen = 0

    def send_raw(self, sender: str, raw: bytes) -> list[OutboundMessage]:
        with smtplib.SMTP("127.0.0.1", self.port) as client:
            client.sendmail(sender, ["judge@example.org"], raw)
        return self._wait()

    def send(self, sender: str, *lines: str, subject: str = "orders") -> list[OutboundMessage]:
        self.count += 1
        m = EmailMessage()
        m["From"] = f"Player <{sender}>"
        m["To"] = "judge@example.org"
        m["Subject"] = subject
        m["Message-ID"] = f"<e2e-{self.count}@players.example>"
        m.set_content("\n".join(lines) + "\n")
        return self.send_raw(sender, m.as_bytes())

    def replies(self, sender: str, *lines: str) -> dict[str, str]:
        """Recipient -> body of every mail the judge queued for this one."""
        return {m.recipient: m.body for m in self.send(sender, *lines)}

    def _wait(self) -> list[OutboundMessage]:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with self.factory() as s:
                waiting = s.scalar(select(InboundMessage.id).where(
                    InboundMessage.state == InboxState.RECEIVED.value).limit(1))
                failed = s.scalars(select(InboundMessage.error).where(
                    InboundMessage.state == InboxState.FAILED.value)).all()
                assert not failed, failed
                if waiting is None:
                    rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
                    new = list(rows[self.seen:])
                    self.seen = len(rows)
                    return new
            time.sleep(0.02)
        raise AssertionError("the judge did not handle the mail in time")


@pytest.fixture
def by_mail(settings: Settings, session_factory: sessionmaker[Session]) -> Iterator[MailJudge]:  # noqa: F811
    """The judge running as ``judge serve`` runs it: listener thread plus worker thread."""
    stop, wake = threading.Event(), threading.Event()
    worker = threading.Thread(
        target=run_worker, args=(session_factory, settings, handle_mail, stop, wake), daemon=True,
        kwargs={"bounces": note_bounces},
    )
    with Listener(settings, session_factory, on_stored=wake.set) as listener:
        worker.start()
        try:
            yield MailJudge(listener.port, session_factory)
        finally:
            stop.set()
            wake.set()
            worker.join(10)
