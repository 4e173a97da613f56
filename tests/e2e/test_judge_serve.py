"""``judge serve`` as players meet it: a process listening on loopback, replies in its Maildir."""

from __future__ import annotations

import email
import mailbox
import os
import re
import signal
import smtplib
import subprocess
import sys
import time
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

import pytest

from tests.mail.conftest import serving_port

pytestmark = pytest.mark.slow
JUDGE = Path(sys.executable).with_name("judge")


def _inbox(maildir: Path, count: int) -> list[email.message.EmailMessage]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if (maildir / "cur").is_dir():  # made last of tmp/, new/, cur/
            box = mailbox.Maildir(maildir, factory=None, create=False)
            if len(box) >= count:
                return sorted(
                    (email.message_from_bytes(m.as_bytes(), policy=default) for m in box),
                    key=lambda m: str(m["Date"]) + str(m["To"]),
                )  # type: ignore[return-value]
        time.sleep(0.1)
    raise AssertionError(f"fewer than {count} mails were delivered")


@pytest.mark.skipif(not JUDGE.exists(), reason="the judge console script is not installed")
def test_judge_serve_answers_mail_into_its_maildir(tmp_path: Path) -> None:
    conf = tmp_path / "judge.conf"
    conf.write_text(
        "[judge]\naddress = judge@example.org\nkeeper = keeper@example.org\n"
        "[smtp]\nhost = 127.0.0.1\nport = 0\n"
        "[database]\nurl = sqlite:///var/judge.db\n[outgoing]\nmaildir = var/outbox\n"
        "[security]\nscrypt_n = 1024\n",
        encoding="utf-8",
    )
    env = {**os.environ, "JUDGE_CONFIG": str(conf)}
    log = tmp_path / "serve.log"
    with log.open("wb") as output:
        process = subprocess.Popen([str(JUDGE), "serve"], cwd=tmp_path, env=env,
                                   stdout=output, stderr=subprocess.STDOUT)
    try:
        port = serving_port(log, process)
        m = EmailMessage()
        m["From"] = "gm@example.org"
        m["To"] = "judge@example.org"
        m["Subject"] = "new game"
        m["Message-ID"] = "<serve-1@example.org>"
        m.set_content("CREATE omega gmpass PAYOLA\nLIST\n")
        with smtplib.SMTP("127.0.0.1", port) as client:
            client.send_message(m)
        (reply,) = _inbox(tmp_path / "var" / "outbox", 1)
        assert reply["To"] == "gm@example.org"
        assert reply["In-Reply-To"] == "<serve-1@example.org>"
        body = reply.get_content()
        assert "Game omega created (PAYOLA)" in body and "omega" in body.split("LIST")[1]
        # the log: one line for the mail, none of aiosmtpd's or Alembic's chatter
        logged = log.read_text(errors="replace")
        assert re.search(r"judge\.service\.inbound mail #1 from gm@example\.org, game -: "
                         r"CREATE LIST; 2 done, 0 refused", logged), logged
        assert "mail.log" not in logged and "alembic.runtime.plugins" not in logged
        assert "gmpass" not in logged
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.mark.skipif(not JUDGE.exists(), reason="the judge console script is not installed")
def test_a_newcomer_mails_the_judge_and_reads_the_answer_with_the_judge_command(
    tmp_path: Path,
) -> None:
    # What the README shows: `judge mail` sends standard input to the running judge,
    # `judge outbox` lists what the judge wrote into its Maildir and prints one mail.
    settings = ("[judge]\naddress = judge@example.org\nkeeper = keeper@example.org\n"
                "[smtp]\nhost = 127.0.0.1\nport = {port}\n[database]\n"
                "url = sqlite:///var/judge.db\n[outgoing]\nmaildir = var/outbox\n")
    served = tmp_path / "judge.conf"
    served.write_text(settings.format(port=0), encoding="utf-8")
    log = tmp_path / "serve.log"
    with log.open("wb") as output:
        process = subprocess.Popen([str(JUDGE), "serve", "--config", str(served)],
                                   cwd=tmp_path, stdout=output, stderr=subprocess.STDOUT)
    try:
        # the player's judge.conf names the port the judge listens on
        conf = tmp_path / "player.conf"
        conf.write_text(settings.format(port=serving_port(log, process)), encoding="utf-8")
        sent = subprocess.run([str(JUDGE), "mail", "--config", str(conf), "--from",
                               "newcomer@example.org"], input="HELP\n", text=True,
                              capture_output=True, check=True)
        assert sent.stdout.startswith("sent to judge@example.org at 127.0.0.1:")
        (reply,) = _inbox(tmp_path / "var" / "outbox", 1)
        listed = subprocess.run([str(JUDGE), "outbox", "--config", str(conf), "--to",
                                 "newcomer@example.org"], text=True, capture_output=True,
                                check=True).stdout.splitlines()
        assert len(listed) == 1 and listed[0].split()[0] == "1"
        assert "newcomer@example.org" in listed[0] and str(reply["Subject"]) in listed[0]
        whole = subprocess.run([str(JUDGE), "outbox", "--config", str(conf), "--show", "1"],
                               text=True, capture_output=True, check=True).stdout
        assert whole.startswith("From: judge@example.org\nTo: newcomer@example.org\n")
        assert "SIGNON <power>@<game> <password>" in whole  # the HELP text itself
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
