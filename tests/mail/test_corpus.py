"""Realistic mails from Gmail, Outlook, Thunderbird, phones and webmail read as the player meant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.mail.decode import decode_mail

CORPUS = Path(__file__).parent / "corpus"
EXPECTED = json.loads((CORPUS / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_mail_is_read_as_the_player_meant(name: str) -> None:
    want = EXPECTED[name]
    raw = (CORPUS / f"{name}.eml").read_bytes()
    mail = decode_mail(raw, envelope_sender="" if want["auto_reply"] else None)
    assert list(mail.body_lines) == want["lines"]
    assert mail.sender == want["sender"]
    assert mail.subject == want["subject"]
    assert mail.auto_reply is want["auto_reply"]


def test_every_corpus_file_has_an_expectation() -> None:
    files = {p.stem for p in CORPUS.glob("*.eml")}
    assert files == set(EXPECTED)
