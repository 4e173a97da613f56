"""The notices of a game are the same in every kind of the registry (issue 22): a moved
deadline told to everyone, every letter's subject naming its game, the wrong-passwords
notice within 78 columns, a long pause told again. Each test starts a game of every kind
by mail (tests/markets/every_kind.py) and does the same to each.

The ``market`` fixture checks every mail of these games for 78 columns and for internal
error codes."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from sqlalchemy import select

from judge.games import KINDS, games
from judge.service.processing import process_due
from judge.storage.mailqueue import OutboundMessage
from judge.storage.phases import current_record
from judge.storage.schema import Game
from tests.markets.conftest import GM, MarketJudge, member
from tests.markets.every_kind import OBSERVER, started


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_a_moved_deadline_is_told_to_everyone_in_every_kind(market: MarketJudge,
                                                            kind: str) -> None:
    game, names = started(market, kind)
    sent = market.send(GM, f"SIGNON MASTER@{game} masterpw", "SET DEADLINE 2026-04-01 12:00")
    [reply] = [m for m in sent if m.recipient == GM]
    assert "REFUSED" not in reply.body and "is now Wed Apr 01 2026 12:00 UTC" in reply.body
    told = {m.recipient: m for m in sent if m.recipient != GM}
    assert set(told) == {OBSERVER, *(member(n) for n in names)}, sorted(told)
    for mail in told.values():
        assert game in mail.subject
        flat = " ".join(mail.body.split())
        assert "The master has moved the deadline of" in flat
        assert "will be Wed Apr 01 2026 12:00 UTC." in flat
    status = market.reply(member(names[0]), f"SIGNON {names[0]}@{game} pw{names[0].lower()}",
                          "STATUS")
    assert "Wed Apr 01 2026 12:00 UTC" in status, status


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_every_letter_of_a_game_names_it_in_its_subject(market: MarketJudge,
                                                        kind: str) -> None:
    """A member of two games of one kind tells their letters apart: the start notice,
    each phase's results, statements and charts, the master's notices."""
    game, names = started(market, kind)
    for _ in range(2):
        market.deadline(game)
    market.reply(GM, f"SIGNON MASTER@{game} masterpw", "PAUSE")
    market.reply(GM, f"SIGNON MASTER@{game} masterpw", "TERMINATE")
    letters = [m for m in market.log if not m.in_reply_to]
    assert len({m.subject for m in letters}) >= 4, [m.subject for m in letters]
    unnamed = sorted({m.subject for m in letters if game not in m.subject.split()
                      and f"{game}:" not in m.subject})
    assert unnamed == [], unnamed


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_the_wrong_passwords_notice_keeps_within_78_columns(market: MarketJudge,
                                                            kind: str) -> None:
    """Five wrong passwords for a member within the hour: his owner and the master are
    told, in mail no wider than 78 columns (the ``market`` fixture checks every line)."""
    game, names = started(market, kind)
    for i in range(5):
        market.send(f"guesser{i}@example.net", f"SIGNON {names[0]}@{game} guess{i}xx")
    told = [m for m in market.log if "wrong passwords" in m.subject]
    assert {m.recipient for m in told} >= {GM}, [m.subject for m in market.log]
    for mail in told:
        assert max(len(x) for x in mail.body.splitlines()) <= 78, mail.body


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_a_long_pause_is_told_again_in_every_kind(market: MarketJudge, kind: str) -> None:
    """A master cannot pause a game forever in silence: a week on, every member and
    observer is told again that it is still paused (a market game told nobody)."""
    game, names = started(market, kind)
    market.reply(GM, f"SIGNON MASTER@{game} masterpw", "PAUSE")
    market.now += timedelta(days=8)
    process_due(market.factory, market.settings, market.now)
    with market.factory() as s:
        rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
    later = rows[market.seen:]
    market.seen = len(rows)
    market.log = [*market.log, *later]
    told = {m.recipient for m in later if game in m.subject and "paused" in m.subject
            and "still paused" in " ".join(m.body.split())}
    assert told >= {OBSERVER, *(member(n) for n in names)}, [(m.recipient, m.subject)
                                                             for m in later]
    market.now += timedelta(days=1)  # told once a week, not at every run
    process_due(market.factory, market.settings, market.now)
    with market.factory() as s:
        assert len(s.scalars(select(OutboundMessage)).all()) == market.seen


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_the_masters_timing_reply_says_what_the_game_does(market: MarketJudge,
                                                          kind: str) -> None:
    """The master's SET of a timing option answers with the game's clock in words; it
    promises a reminder before the deadline, and every kind mails one (a market game
    once promised one and mailed none); a grace only where there is one (not in a
    market game, played at its deadline)."""
    game, names = started(market, kind)
    said = " ".join(market.reply(GM, f"SIGNON MASTER@{game} masterpw", "SET MOVE 2D").split())
    assert "Now: " in said, said
    with market.factory() as s:
        found = s.scalar(select(Game).where(Game.name == game))
        assert found is not None
        record = current_record(s, found)
        assert record is not None and record.deadline is not None
        deadline = record.deadline
    market.now = deadline.replace(tzinfo=market.now.tzinfo) - timedelta(hours=6)
    process_due(market.factory, market.settings, market.now)
    with market.factory() as s:
        reminded = any("reminder" in m.subject.lower() for m in
                       s.scalars(select(OutboundMessage)).all())
    assert "reminder 1D before" in said and reminded, (said, reminded)
    assert ("then civil disorder" in said) != ("no grace" in said), said


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_a_pause_and_a_resumption_name_the_phase_in_every_kind(market: MarketJudge,
                                                               kind: str) -> None:
    """Everyone who follows the game learns it is paused, and resumed, in which phase,
    and that no phase is played meanwhile, in every kind (a market game's notice was
    one line naming no phase)."""
    game, names = started(market, kind)
    with market.factory() as s:
        found = s.scalar(select(Game).where(Game.name == game))
        assert found is not None and found.phase is not None
        phase = found.phase
    for command, word in (("PAUSE", "paused"), ("RESUME", "resumed")):
        sent = market.send(GM, f"SIGNON MASTER@{game} masterpw", command)
        told = {m.recipient: " ".join(m.body.split()) for m in sent if m.recipient != GM}
        assert set(told) == {OBSERVER, *(member(n) for n in names)}, sorted(told)
        # the master has his reply and, as everyone, the notice
        to_master = [" ".join(m.body.split()) for m in sent if m.recipient == GM]
        notices = [b for b in to_master if f"> {command}" not in b]  # not the reply
        assert len(to_master) == 2 and len(notices) == 1, to_master
        told[GM] = notices[0]
        for body in told.values():
            assert word in body and phase in body, body
            if command == "PAUSE":
                assert "No phase is" in body and "everyone is told when it resumes" in body


def _run_at(market: MarketJudge, when: datetime) -> list[OutboundMessage]:
    """Run the processor at ``when``; the mails it queued."""
    market.now = when
    process_due(market.factory, market.settings, market.now)
    with market.factory() as s:
        rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
    later = list(rows[market.seen:])
    market.seen = len(rows)
    market.log = [*market.log, *later]
    return later


def _deadline(market: MarketJudge, game: str) -> datetime:
    with market.factory() as s:
        found = s.scalar(select(Game).where(Game.name == game))
        assert found is not None
        record = current_record(s, found)
        assert record is not None and record.deadline is not None
        return record.deadline.replace(tzinfo=market.now.tzinfo)


@pytest.mark.parametrize("kind", [k.name for k in games() if k.market])
def test_a_market_member_who_has_sent_nothing_is_reminded_once(market: MarketJudge,
                                                                kind: str) -> None:
    """As a board game's players are: the reminder lead before the deadline (never in the
    phase's first half) each member who must act and has sent no mail for the phase is
    reminded, and nobody else; once; the phase is still played at its deadline."""
    game, names = started(market, kind)
    deadline = _deadline(market, game)
    assert _run_at(market, market.now + timedelta(minutes=5)) == []  # not yet
    sent = _run_at(market, deadline - timedelta(hours=2))
    reminded = {m.recipient: " ".join(m.body.split()) for m in sent}
    assert set(reminded) == {member(n) for n in names}, [(m.recipient, m.subject)
                                                         for m in sent]
    phase = market.game(game).phase
    for mail in sent:
        assert mail.subject == f"{game}: reminder, {phase}"
    for body in reminded.values():
        assert f"no mail from you yet for {phase} in {game}" in body, body
        assert "Its deadline is" in body and "in about 2 hours" in body, body
    assert _run_at(market, deadline - timedelta(hours=1)) == []  # once a phase
    assert market.deadline(game)  # played at its deadline, as before
    assert market.game(game).phase != phase


def test_a_member_who_has_sent_mail_is_not_reminded(market: MarketJudge) -> None:
    game, names = started(market, "shareholders")
    first = names[0]
    assert "accepted" in market.reply(member(first), f"SIGNON {first}@{game} pw{first.lower()}",
                                      "NOTRADE")
    sent = _run_at(market, _deadline(market, game) - timedelta(hours=2))
    assert {m.recipient for m in sent} == {member(n) for n in names[1:]}
