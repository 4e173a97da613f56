"""Three ``judge serve`` processes on one PostgreSQL database, as a judge scaled out over
several machines runs: mail sent to all three, phases coming due under all three
processors. Every mail is answered exactly once, every phase processed exactly once, and
no mail is sent twice."""

from __future__ import annotations

import mailbox
import signal
import smtplib
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.storage.mailqueue import InboundMessage, OutboundMessage
from judge.storage.migrate import upgrade
from judge.storage.schema import PhaseRecord
from judge.storage.session import make_engine, make_sessionmaker
from tests.dbfixtures import postgres_only
from tests.e2e.test_judge_serve import JUDGE
from tests.mail.conftest import serving_port
from tests.processing.conftest import settings  # noqa: F401
from tests.processing.test_crash import _check_exactly_once, _due_games

pytestmark = pytest.mark.slow

INSTANCES = 3
GAMES = 12  # due games the three processors compete for
MAILS = 36  # mails, spread over the three listeners


@pytest.fixture
def factory(db_url: str) -> Iterator[sessionmaker[Session]]:
    """The shared database, brought to the newest revision once before any judge starts
    (as ``judge initdb`` does in a deployment)."""
    engine = make_engine(db_url)
    upgrade(engine)
    try:
        yield make_sessionmaker(engine)
    finally:
        engine.dispose()


def _start(tmp_path: Path, n: int, db_url: str) -> tuple[subprocess.Popen[bytes], int, Path]:
    home = tmp_path / f"judge{n}"
    home.mkdir()
    conf = home / "judge.conf"
    conf.write_text(
        "[judge]\naddress = judge@example.org\nkeeper = keeper@example.org\nname = testjudge\n"
        f"[smtp]\nhost = 127.0.0.1\nport = 0\n[database]\nurl = {db_url}\n"
        "[outgoing]\nmaildir = outbox\n[worker]\npoll_seconds = 1\n"
        "[security]\nscrypt_n = 1024\n[processing]\nenabled = yes\ninterval = 1\n",
        encoding="utf-8")
    log = home / "serve.log"
    with log.open("wb") as output:
        process = subprocess.Popen([str(JUDGE), "serve", "--config", str(conf)], cwd=home,
                                   stdout=output, stderr=subprocess.STDOUT)
    return process, serving_port(log, process), home / "outbox"


def _delivered(maildirs: list[Path]) -> list[EmailMessage]:
    out: list[EmailMessage] = []
    for folder in maildirs:
        if (folder / "cur").is_dir():  # made last of tmp/, new/, cur/
            for m in mailbox.Maildir(folder, factory=None, create=False):
                out.append(message_from_bytes(m.as_bytes(), policy=default))  # type: ignore[arg-type]
    return out


def _wait(check, what: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"not done in {seconds} s: {what}"
        time.sleep(0.2)


@pytest.mark.skipif(not JUDGE.exists(), reason="the judge console script is not installed")
@postgres_only
def test_three_judges_on_one_postgresql_do_everything_exactly_once(
    tmp_path: Path, db_url: str, factory: sessionmaker[Session],
    settings: Settings,  # noqa: F811
) -> None:
    _due_games(factory, settings, GAMES)
    judges = [_start(tmp_path, n, db_url) for n in range(INSTANCES)]
    try:
        sent: list[str] = []
        for k in range(MAILS):
            m = EmailMessage()
            m["From"] = f"Player {k} <p{k}@players.example>"
            m["To"] = "judge@example.org"
            m["Subject"] = "hello"
            m["Message-ID"] = f"<many-{k}@players.example>"
            m.set_content("LIST\n" if k % 2 else "HELP\n")
            _, port, _ = judges[k % INSTANCES]
            with smtplib.SMTP("127.0.0.1", port) as client:
                client.send_message(m)
            sent.append(m["Message-ID"])
        maildirs = [outbox for _, _, outbox in judges]

        def all_out() -> bool:
            with factory() as s:
                rows = s.scalar(select(func.count()).select_from(OutboundMessage)) or 0
                processed = s.scalar(select(func.count()).select_from(PhaseRecord).where(
                    PhaseRecord.processed_at.is_not(None))) or 0
            return processed == GAMES and len(_delivered(maildirs)) >= rows

        _wait(lambda: len([d for d in _delivered(maildirs) if d["In-Reply-To"]]) >= MAILS,
              "every mail answered")
        _wait(all_out, "every phase processed and every queued mail delivered")
    finally:
        for process, _, _ in judges:
            process.send_signal(signal.SIGTERM)
        for process, _, _ in judges:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()

    delivered = _delivered(maildirs)
    answers = Counter(str(d["In-Reply-To"]) for d in delivered if d["In-Reply-To"])
    assert answers == Counter(dict.fromkeys(sent, 1))  # each mail answered exactly once
    ids = Counter(str(d["Message-ID"]) for d in delivered)
    assert set(ids.values()) == {1}  # no mail sent twice
    with factory() as s:
        assert len(ids) == s.scalar(select(func.count()).select_from(OutboundMessage))
        handled = s.scalars(select(InboundMessage.state)).all()
    assert Counter(handled) == Counter({"done": MAILS})
    # the mail went through all three listeners and out through more than one sender
    assert sum(1 for folder in maildirs if (folder / "new").is_dir()
               and any((folder / "new").iterdir())) >= 2
    _check_exactly_once(factory, GAMES)  # each phase once, every results mail once
