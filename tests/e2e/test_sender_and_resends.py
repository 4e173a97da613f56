"""Through the real listener: who a mail is from, and which mails are the same mail
(issue 12)."""

from __future__ import annotations

from tests.e2e.conftest import MailJudge


def _raw(from_header: str, message_id: str, body: str, received: str = "") -> bytes:
    return (f"{received}From: {from_header}\r\nTo: judge@example.org\r\nSubject: s\r\n"
            f"Message-ID: {message_id}\r\n\r\n{body}\r\n").encode()


def test_another_mail_reusing_a_message_id_is_answered(by_mail: MailJudge) -> None:
    player = "p@players.example"
    first = by_mail.send_raw(player, _raw(player, "<same@players.example>", "HELP"))
    other = by_mail.send_raw(player, _raw(player, "<same@players.example>", "LIST"))
    assert [m.recipient for m in first] == [player] and [m.recipient for m in other] == [player]
    assert "SIGNON" in first[0].body and "LIST" in other[0].body
    # a true resend (the same mail by another path) is still answered once
    again = by_mail.send_raw(player, _raw(player, "<same@players.example>", "LIST",
                                          received="Received: from mx2.example\r\n"))
    assert again == []


def test_the_reply_goes_to_the_mailbox_not_the_display_name(by_mail: MailJudge) -> None:
    out = by_mail.send_raw("attacker@evil.example", _raw(
        "=?utf-8?q?victim=40example.com?= <attacker@evil.example>", "<n1@evil.example>",
        "HELP"))
    out += by_mail.send_raw("attacker@evil.example", _raw(
        "victim@example.com <attacker@evil.example>", "<n2@evil.example>", "HELP"))
    assert [m.recipient for m in out] == ["attacker@evil.example"] * 2
