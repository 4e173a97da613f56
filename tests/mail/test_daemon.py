"""`judge serve` end to end: mail in by SMTP, handled, reply out into the Maildir."""

from __future__ import annotations

import mailbox
import os
import pickle
import signal
import smtplib
import subprocess
import sys
import time
from dataclasses import replace
from email import message_from_bytes
from email.message import EmailMessage, Message
from email.policy import default
from pathlib import Path
from types import MappingProxyType

import pytest
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail.daemon import Daemon, serve_options
from judge.mail.decode import DecodedMail
from judge.mail.delivery import MaildirDelivery
from judge.storage.mailqueue import InboundMessage, queue_mail
from tests.mail.conftest import serving_port

REPO = Path(__file__).resolve().parents[2]


def echo(session: Session, mail: DecodedMail, settings: Settings) -> None:
    queue_mail(session, mail.reply_address, f"Re: {mail.subject}", "\n".join(mail.body_lines),
               sender=settings.address, in_reply_to=mail.message_id, inbox_id=mail.inbox_id)


def send(port: int, subject: str, body: str, sender: str = "player@example.org") -> None:
    m = EmailMessage()
    m["From"] = sender
    m["To"] = "judge@example.org"
    m["Subject"] = subject
    m.set_content(body)
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
        client.send_message(m)


def wait_for_mail(maildir: Path, count: int, timeout: float = 20.0) -> list[Message]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        # the sender (perhaps another process) makes tmp/, new/ and cur/ one after another
        if all((maildir / sub).is_dir() for sub in ("tmp", "new", "cur")):
            box = mailbox.Maildir(maildir, create=False)
            if len(box) >= count:
                return [message_from_bytes(box.get_bytes(k), policy=default) for k in box.keys()]
        time.sleep(0.05)
    raise AssertionError(f"fewer than {count} mails arrived in {maildir}")


def test_the_daemon_answers_mail_and_a_crash_does_not_stop_it(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    def handler(session: Session, mail: DecodedMail, s: Settings) -> None:
        if mail.subject == "crash":
            raise ValueError("bad mail")
        echo(session, mail, s)

    with Daemon(settings, session_factory, handler) as daemon:
        send(daemon.port, "crash", "whatever")
        send(daemon.port, "orders", "A PAR - BUR\n-- \nsig")
        got = wait_for_mail(settings.maildir, 3)
    by_subject = {m["Subject"]: m for m in got}
    assert by_subject["Re: orders"].get_content().strip() == "A PAR - BUR"
    assert by_subject["Re: crash"]["To"] == "player@example.org"
    assert "fault in the judge" in by_subject["Re: crash"].get_content()
    keeper = [m for m in got if m["To"] == "keeper@example.org"]
    assert len(got) == 3 and len(keeper) == 1
    assert "ValueError: bad mail" in keeper[0].get_content()


@pytest.mark.slow
def test_judge_serve_runs_from_its_config_and_stops_on_sigterm(tmp_path: Path) -> None:
    conf = tmp_path / "judge.conf"
    conf.write_text("[judge]\naddress = judge@example.org\n[smtp]\nport = 0\n"
                    "[worker]\npoll_seconds = 0.2\n")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    log = tmp_path / "serve.log"
    with log.open("wb") as output:
        proc = subprocess.Popen([sys.executable, "-m", "judge.cli", "serve", "--config",
                                 str(conf)], cwd=tmp_path / "..", env=env, stderr=output)
    try:
        port = serving_port(log, proc)
        send(port, "help please", "HELP\n")
        (reply,) = wait_for_mail(tmp_path / "var" / "outbox", 1)
        assert reply["To"] == "player@example.org"
        assert reply["From"] == "judge@example.org"
        assert "SIGNON <power>@<game> <password>" in reply.get_content()  # the HELP text
        assert (tmp_path / "var" / "judge.db").exists()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    assert proc.returncode == 0, log.read_text(errors="replace")


def test_initdb_and_requeue_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from judge.cli import main
    from judge.storage.mailqueue import InboxState, mark_inbound, store_inbound
    from judge.storage.migrate import head_revision
    from judge.storage.session import make_engine, make_sessionmaker, unit_of_work

    conf = tmp_path / "judge.conf"
    conf.write_text("[judge]\naddress = judge@example.org\n[database]\nurl = sqlite:///db/j.db\n")
    assert main(["initdb", "--config", str(conf)]) == 0
    assert f"schema revision {head_revision()}" in capsys.readouterr().out
    engine = make_engine(f"sqlite:///{tmp_path / 'db' / 'j.db'}")
    factory = make_sessionmaker(engine)
    with unit_of_work(factory) as s:
        row_id = store_inbound(s, b"Subject: x\r\n\r\nA PAR H", "p@example.org", ["j@x.org"])
        assert row_id is not None
        failed = s.get(InboundMessage, row_id)
        assert failed is not None
        mark_inbound(failed, InboxState.FAILED, "Traceback ...")
    assert main(["requeue", "--config", str(conf), str(row_id), "999"]) == 1
    out = capsys.readouterr().out
    assert f"inbox #{row_id}: queued again" in out
    assert "inbox #999: not a failed mail; unchanged" in out
    with factory() as s:
        again = s.get(InboundMessage, row_id)
        assert again is not None and again.state == InboxState.RECEIVED
    engine.dispose()


def with_serve(settings: Settings, text: str) -> Settings:
    """The settings with ``[serve]`` options (``key = value`` lines)."""
    serve = dict(line.split(" = ") for line in text.splitlines())
    return replace(settings, options=MappingProxyType({**settings.options, "serve": serve}))


def echo_or_crash(session: Session, mail: DecodedMail, settings: Settings) -> None:
    """A handler a child process can import (spawn pickles it by name)."""
    if mail.subject == "crash":
        raise ValueError("bad mail")
    echo(session, mail, settings)


@pytest.mark.slow
@pytest.mark.parametrize("parts", ["worker = process", "worker = process\nsender = process"])
def test_the_worker_and_the_sender_may_run_in_child_processes(
    settings: Settings, session_factory: sessionmaker[Session], parts: str
) -> None:
    # [serve] worker/sender = process: the same mail in and out, each part on another core;
    # a child that dies is started again and the mail it left is handled.
    settings = with_serve(settings, parts)
    with Daemon(settings, session_factory, echo_or_crash) as daemon:
        assert [t.name for t in daemon.threads if "supervisor" in t.name]
        send(daemon.port, "crash", "whatever")
        send(daemon.port, "orders", "A PAR - BUR")
        assert len(wait_for_mail(settings.maildir, 3)) == 3
        worker = daemon.processes["inbox-worker"]
        os.kill(worker.pid or 0, signal.SIGKILL)
        worker.join(10)
        send(daemon.port, "again", "F BRE - MAO")
        got = wait_for_mail(settings.maildir, 4, timeout=60)
        assert daemon.processes["inbox-worker"].pid != worker.pid
        children = list(daemon.processes.values())
    assert all(child.exitcode is not None for child in children)
    assert len(children) == parts.count("process")
    by_subject = {m["Subject"]: m for m in got}
    assert by_subject["Re: orders"].get_content().strip() == "A PAR - BUR"
    assert by_subject["Re: again"].get_content().strip() == "F BRE - MAO"
    assert "fault in the judge" in by_subject["Re: crash"].get_content()
    assert len(got) == 4  # each mail answered once, the keeper told once


def test_serve_options_are_checked(settings: Settings,
                                   session_factory: sessionmaker[Session]) -> None:
    assert serve_options(settings) == {"worker": "thread", "sender": "thread"}
    assert serve_options(with_serve(settings, "sender = Process")) == {
        "worker": "thread", "sender": "process"}
    with pytest.raises(ValueError, match=r"\[serve\] worker must be thread or process"):
        Daemon(with_serve(settings, "worker = fork"), session_factory, echo)
    with pytest.raises(ValueError, match="makes its own delivery"):
        Daemon(with_serve(settings, "sender = process"), session_factory, echo,
               delivery=MaildirDelivery(settings.maildir))


def test_settings_survive_pickling_for_a_child_process(settings: Settings) -> None:
    settings = with_serve(settings, "worker = process")
    copy = pickle.loads(pickle.dumps(settings))
    assert copy == settings and copy.option("serve", "worker") == "process"
    with pytest.raises(TypeError):
        copy.options["serve"]["worker"] = "thread"  # type: ignore[index]
