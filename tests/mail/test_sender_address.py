"""The sender is the real mailbox: the address is read before any display name is decoded,
the angle-bracket address wins, and malformed addresses are refused (issue 12)."""

from __future__ import annotations

import pytest

from judge.mail.address import header_address
from judge.mail.decode import decode_mail


def _from(value: str, envelope: str = "envelope@relay.example") -> str:
    raw = (f"From: {value}\r\nTo: judge@example.org\r\nMessage-ID: <a@b>\r\n\r\nHELP\r\n")
    return decode_mail(raw.encode("utf-8"), envelope).sender


@pytest.mark.parametrize("value", [
    "=?utf-8?q?victim=40example.com?= <attacker@evil.example>",
    "victim@example.com <attacker@evil.example>",
    '"victim@example.com" <attacker@evil.example>',
    "(victim@example.com) attacker@evil.example",
    "=?utf-8?b?dmljdGltQGV4YW1wbGUuY29t?= <Attacker@Evil.Example>",
    'victim@example.com "<x>" <attacker@evil.example>',
])
def test_the_address_in_angle_brackets_is_the_sender(value: str) -> None:
    assert _from(value) == "attacker@evil.example"


@pytest.mark.parametrize("value", ["a@@b.org", "@b.org", "a@", "a b@c.org", "<a@b.org",
                                   "a@b..org", "a@.b.org", "=?utf-8?q?a=40b.org?=", "<>",
                                   "a@b.org@c.org", "a.@b.org"])
def test_a_malformed_from_is_refused(value: str) -> None:
    assert header_address(value) == ""
    # the envelope sender answers instead, as for mail with no From at all
    assert _from(value) == "envelope@relay.example"


def test_non_ascii_addresses_are_kept() -> None:
    assert _from("José <José@Exämple.org>") == "josé@exämple.org"
    assert header_address("=?utf-8?q?Jos=C3=A9?= <jose@example.org>") == "jose@example.org"


def test_the_first_of_several_mailboxes_counts() -> None:
    assert header_address("A <a@x.org>, B <b@y.org>") == "a@x.org"
    assert header_address('"Doe, Jane" <jane@x.org>') == "jane@x.org"
