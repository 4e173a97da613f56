"""Hostile mail through the real listener and worker: nothing a stranger sends stalls the
judge or locks players out (issue 12)."""

from __future__ import annotations

import quopri
import smtplib
import time

from tests.e2e.conftest import MailJudge


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
