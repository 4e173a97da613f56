"""Realistic mails from Gmail, Outlook, Thunderbird, phones and webmail read as the player meant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.engine.board import Map
from judge.mail.decode import decode_mail
from judge.service.inbound import coalesce
from judge.text import commands as c
from judge.text.offers import LineError, read_line
from judge.text.orders import parse_order
from judge.text.remarks import closing_remark
from judge.text.script import read_script

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


PLAYERS = sorted(name for name, want in EXPECTED.items() if not want["auto_reply"])


@pytest.mark.parametrize("name", PLAYERS)
def test_corpus_mail_reads_as_the_commands_and_orders_meant(name: str, board: Map) -> None:
    """The lines go on to the command reader: the commands the player gave, each order or
    offer line readable on the map, and only a closing greeting left out."""
    want = EXPECTED[name]
    steps = coalesce(read_script(want["lines"]))
    assert [type(s.command).__name__ for s in steps] == want["commands"]
    assert isinstance(steps[0].command, c.SignOn)
    remark: list[str] = []
    for step in steps:
        if not isinstance(step.command, c.Orders):
            continue
        kept, left_out = closing_remark(step.command.lines, board)
        remark = [row.text for row in left_out]
        for row in kept:
            if row.text[:1].isdigit():
                # an offer may be wrong as a bribe (E8: "2 > A MAR" gives no order), but
                # never garbled by the reading: a bad offer sign or unreadable order
                try:
                    read_line(row.text, board)
                except LineError as e:
                    assert e.code not in ("E6", "E10"), (row.text, e)
            else:
                parse_order(row.text, board)
    assert remark == want["remark"]


def test_every_corpus_file_has_an_expectation() -> None:
    files = {p.stem for p in CORPUS.glob("*.eml")}
    assert files == set(EXPECTED)
