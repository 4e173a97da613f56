"""Delivery reports: the master hears that a player's address bounces; nobody answers the report."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from sqlalchemy import select

from judge.mail.decode import DecodedMail
from judge.service.bounces import note_bounces
from judge.storage.mailqueue import OutboundMessage
from judge.storage.session import unit_of_work
from tests.service.conftest import Judge, address

GM = "gm@example.org"
KEEPER = "keeper@example.org"


def bounce(judge: Judge, *addresses: str) -> list[OutboundMessage]:
    """A delivery report naming ``addresses`` noted; the mails it queued."""
    report = DecodedMail(sender="mailer-daemon@mx.example.net", reply_to=None,
                         subject="Undelivered Mail Returned to Sender",
                         message_id="<dsn@mx.example.net>", body_lines=(), auto_reply=True,
                         auto_reason="empty return path", bounced=addresses)
    judge.now += timedelta(minutes=1)
    with unit_of_work(judge.factory) as s:
        note_bounces(s, report, judge.settings, now=judge.now)
    with judge.factory() as s:
        rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
    new = list(rows[judge.seen:])
    judge.seen = len(rows)
    return new


def test_the_master_hears_which_power_is_unreachable_without_its_address(
        started: Callable[..., Judge]) -> None:
    judge = started()
    out = bounce(judge, address("FRANCE"))
    assert [m.recipient for m in out] == [GM]
    assert out[0].subject == "Diplomacy game alpha: mail to FRANCE bounced"
    assert address("FRANCE") not in out[0].body and "SET ADDRESS" in out[0].body
    assert all(m.recipient != "mailer-daemon@mx.example.net" for m in out)


def test_one_notice_a_day_for_the_same_address(started: Callable[..., Judge]) -> None:
    judge = started()
    assert len(bounce(judge, address("ITALY"))) == 1
    assert bounce(judge, address("ITALY")) == []
    assert len(bounce(judge, address("TURKEY"))) == 1  # another power is news
    judge.now += timedelta(days=1)
    assert len(bounce(judge, address("ITALY"))) == 1


def test_a_bouncing_master_is_reported_to_the_keeper(started: Callable[..., Judge]) -> None:
    judge = started()
    out = bounce(judge, GM.upper())
    assert [(m.recipient, m.subject) for m in out] == [
        (KEEPER, "Diplomacy game alpha: mail to the master bounced")]


def test_strangers_the_judge_itself_and_players_who_left_tell_nobody(
        started: Callable[..., Judge]) -> None:
    judge = started()
    judge.reply(address("AUSTRIA"), "SIGNON austria@alpha pwaustria", "RESIGN")
    assert bounce(judge, "stranger@else.example", "judge@example.org", address("AUSTRIA")) == []
