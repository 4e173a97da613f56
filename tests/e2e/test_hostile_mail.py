"""Hostile mail through the real listener and worker: nothing a stranger sends stalls the
judge or locks players out (issue 12)."""

from __future__ import annotations

import quopri
import smtplib
import time
from email.message import EmailMessage

from sqlalchemy import select

from judge.storage.mailqueue import OutboundMessage
from tests.e2e.conftest import MailJudge
from tests.e2e.test_by_mail import GM, POWERS, _start, player


def _hostile(text: str, message_id: str) -> bytes:
    """A plain-text mail whose body is ``text`` in quoted-printable (soft-wrapped lines)."""
    body = quopri.encodestring(text.encode("utf-8")).replace(b"\n", b"\r\n")
    head = (f"From: stranger@evil.example\r\nTo: judge@example.org\r\nSubject: hello\r\n"
            f"Message-ID: {message_id}\r\nMIME-Version: 1.0\r\n"
            "Content-Type: text/plain; charset=utf-8\r\n"
            "Content-Transfer-Encoding: quoted-printable\r\n\r\n")
    return head.encode("ascii") + body


def test_one_long_line_of_br_tags_does_not_stall_the_judge(by_mail: MailJudge) -> None:
    raw = _hostile("<br>" * 61000 + "x", "<brbomb@evil.example>")
    assert 250_000 < len(raw) < 256 * 1024
    with smtplib.SMTP("127.0.0.1", by_mail.port) as client:
        client.sendmail("stranger@evil.example", ["judge@example.org"], raw)
    started = time.monotonic()
    out = by_mail.replies("player@players.example", "HELP")
    took = time.monotonic() - started
    assert "SIGNON" in out["player@players.example"]  # the help text
    assert took < 2, f"HELP answered {took:.1f} s after the hostile mail"
    # the hostile mail was read and answered too: its one line is no command
    assert "244001 characters" in out["stranger@evil.example"]


def test_wrong_sign_ons_from_twenty_forged_senders_lock_nobody_out(by_mail: MailJudge) -> None:
    _start(by_mail, "gamma", "STANDARD")
    for n in range(20):
        who = "MASTER" if n % 2 else POWERS[n % len(POWERS)]
        out = by_mail.replies(f"forger{n}@evil.example", f"SIGNON {who}@gamma guess{n}")
        assert "wrong password" in out[f"forger{n}@evil.example"]
    for power in POWERS:
        out = by_mail.replies(player(power), f"SIGNON {power}@gamma pw{power.lower()}")
        assert "Signed on" in out[player(power)]
    assert "Signed on" in by_mail.replies(GM, "SIGNON MASTER@gamma gmpass")[GM]


def test_wrong_sign_ons_under_a_players_forged_from_do_not_lock_him_out(
        by_mail: MailJudge) -> None:
    _start(by_mail, "delta", "STANDARD")
    france = player("FRANCE")
    assert "created" in by_mail.replies(GM, "CREATE omega gm2pass")[GM]
    assert "joined" in by_mail.replies(france, "JOIN omega pwomega FRANCE")[france]
    for n in range(5):
        forged = EmailMessage()
        forged["From"] = f"France <{france}>"  # the player's address, sent by someone else
        forged["To"] = "judge@example.org"
        forged["Message-ID"] = f"<forged-{n}@evil.example>"
        forged.set_content(f"SIGNON FRANCE@delta guess{n}\nSIGNON FRANCE@omega guess{n}\n")
        by_mail.send_raw("attacker@evil.example", forged.as_bytes())
    assert "Signed on" in by_mail.replies(france, "SIGNON FRANCE@delta pwfrance")[france]
    assert "Signed on" in by_mail.replies(france, "SIGNON FRANCE@omega pwomega")[france]
    # the player learns someone is guessing, and so do the masters
    with by_mail.factory() as s:  # closed, or PostgreSQL keeps its transaction open
        told = [m for m in s.scalars(select(OutboundMessage)).all()
                if "wrong passwords for FRANCE" in m.subject]
    assert {m.recipient for m in told} == {france, GM}
