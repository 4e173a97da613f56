"""Service tests: handle_mail on a real database (SQLite; PostgreSQL when configured)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import event, select
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings, settings_from_text
from judge.mail.decode import DecodedMail
from judge.service.inbound import handle_mail
from judge.storage.mailqueue import OutboundMessage
from judge.storage.session import unit_of_work
from tests.dbfixtures import db_engine, db_url, session, session_factory  # noqa: F401

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    # a low scrypt cost keeps the tests fast; the hash format is the same
    return settings_from_text(
        "[judge]\naddress = judge@example.org\n[security]\nscrypt_n = 1024\n", tmp_path
    )


class Judge:
    """Sends mails to handle_mail, one transaction each, and reads what was queued."""

    def __init__(self, factory: sessionmaker[Session], settings: Settings) -> None:
        self.factory = factory
        self.settings = settings
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
        self.ids = itertools.count(1)
        self.seen = 0

    def send(self, sender: str, *lines: str, reply_to: str | None = None,
             auto: bool = False) -> list[OutboundMessage]:
        """Handle one mail; return the mails it queued, in the order queued."""
        mail = DecodedMail(
            sender=sender, reply_to=reply_to, subject="orders",
            message_id=f"<m{next(self.ids)}@example.org>", body_lines=tuple(lines),
            auto_reply=auto, auto_reason="test" if auto else "",
        )
        self.now += timedelta(minutes=1)
        with unit_of_work(self.factory) as s:
            handle_mail(s, mail, self.settings, now=self.now)
        with self.factory() as s:
            rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
        new = list(rows[self.seen:])
        self.seen = len(rows)
        return new

    def reply(self, sender: str, *lines: str, **kw: object) -> str:
        """The body of the one reply to ``sender``."""
        out = self.send(sender, *lines, **kw)  # type: ignore[arg-type]
        to = str(kw.get("reply_to") or sender)
        replies = [m for m in out if m.recipient == to and m.in_reply_to]
        assert len(replies) == 1, [m.recipient for m in out]
        return replies[0].body


@pytest.fixture
def judge(session_factory: sessionmaker[Session], settings: Settings) -> Judge:  # noqa: F811
    return Judge(session_factory, settings)


def address(power: str) -> str:
    return f"{power.lower()}@players.example"


@pytest.fixture
def started(judge: Judge) -> Callable[[str], Judge]:
    """A game with all seven powers joined and started."""

    def make(variant: str = "STANDARD") -> Judge:
        judge.reply("gm@example.org", f"CREATE alpha masterpw {variant}")
        for power in POWERS:
            judge.reply(address(power), f"JOIN alpha pw{power.lower()} {power}")
        body = judge.reply("gm@example.org", "SIGNON MASTER@alpha masterpw", "START")
        assert "started" in body, body
        return judge

    return make


@contextmanager
def writes_sent(bind: Connection) -> Iterator[list[str]]:
    """The statements that write (INSERT, UPDATE, DELETE) sent on ``bind`` while the
    block runs, in order."""
    writes: list[str] = []

    def note(conn: object, cursor: object, statement: str, *args: object) -> None:
        if statement.split(None, 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            writes.append(statement)

    event.listen(bind, "before_cursor_execute", note)
    try:
        yield writes
    finally:
        event.remove(bind, "before_cursor_execute", note)
