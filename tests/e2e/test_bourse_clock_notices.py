"""A Bourse member who plays no power follows the host's clock (issue 23, point 4): when
the master moves the deadline, pauses or resumes the game, he is told as the host's
players are, once per address, and learns nothing else of the host game by it."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.storage.mailqueue import OutboundMessage
from tests.e2e.conftest import MailJudge
from tests.e2e.test_bourse_by_mail import CAROL, GM, POWERS, player

FRANCE = "france@players.example"  # a member who plays FRANCE (CAROL plays no power)


def _to(mails: list[OutboundMessage], recipient: str) -> list[OutboundMessage]:
    return [m for m in mails if m.recipient == recipient]


def _queued(factory: sessionmaker[Session]) -> list[OutboundMessage]:
    with factory() as s:
        return list(s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all())


def test_a_member_who_plays_no_power_is_told_when_the_clock_moves(
        by_mail: MailJudge, session_factory: sessionmaker[Session]) -> None:
    judge = by_mail
    judge.replies(GM, "CREATE bc gmpass BOURSE")
    for power in POWERS:
        judge.replies(player(power), f"JOIN bc pw{power.lower()} {power}")
    judge.replies(CAROL, "SIGNON BOURSE@bc carolpw", "JOIN BOURSE crown")
    judge.replies(FRANCE, "SIGNON BOURSE@bc argentpw", "JOIN BOURSE argent")
    judge.send(GM, "SIGNON MASTER@bc gmpass", "START")

    moved = judge.send(GM, "SIGNON MASTER@bc gmpass", "SET DEADLINE 2031-03-05 12:00")
    carol = _to(moved, CAROL)
    assert [m.subject for m in carol] == ["Diplomacy deadline bc S1901M"]
    assert "The deadline for orders will be" in carol[0].body
    assert "Wed Mar 05 2031 12:00" in carol[0].body
    assert len(_to(moved, FRANCE)) == 1  # a host player and member: one copy
    assert _to(moved, FRANCE)[0].body == carol[0].body

    paused = judge.send(GM, "SIGNON MASTER@bc gmpass", "PAUSE")
    assert [m.subject for m in _to(paused, CAROL)] == ["Diplomacy game bc is paused"]
    assert len(_to(paused, FRANCE)) == 1
    resumed = judge.send(GM, "SIGNON MASTER@bc gmpass", "RESUME")
    carol = _to(resumed, CAROL)
    assert [m.subject for m in carol] == ["Diplomacy game bc is resumed"]
    assert "The deadline for orders will be" in carol[0].body
    assert len(_to(resumed, FRANCE)) == 1

    # nothing of the host's private mail reaches the member who plays no power
    everything = _to(_queued(session_factory), CAROL)
    assert not any("pwfrance" in m.body or "gmpass" in m.body for m in everything)
    assert all(len(line) <= 78 for m in everything for line in m.body.splitlines())


def test_a_game_without_a_bourse_tells_its_roster_alone(
        by_mail: MailJudge, session_factory: sessionmaker[Session]) -> None:
    judge = by_mail
    judge.replies(GM, "CREATE nb gmpass STANDARD")
    for power in POWERS:
        judge.replies(player(power), f"JOIN nb pw{power.lower()} {power}")
    judge.send(GM, "SIGNON MASTER@nb gmpass", "START")
    moved = judge.send(GM, "SIGNON MASTER@nb gmpass", "SET DEADLINE 2031-03-05 12:00")
    told = sorted(m.recipient for m in moved if m.subject == "Diplomacy deadline nb S1901M")
    assert told == sorted(player(p) for p in POWERS)  # the master learns it in his reply
