"""The notices of a game are the same in every kind of the registry (issue 22): a moved
deadline told to everyone, every letter's subject naming its game, the wrong-passwords
notice within 78 columns, a long pause told again. Each test starts a game of every kind
by mail (tests/markets/every_kind.py) and does the same to each.

The ``market`` fixture checks every mail of these games for 78 columns and for internal
error codes."""

from __future__ import annotations

import re
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
def test_a_members_own_zone_shows_his_deadlines_in_every_kind(market: MarketJudge,
                                                               kind: str) -> None:
    """SET ZONE is answered alike in every kind (a market game said "not used"): the
    deadlines in the mail to him alone, his STATUS and a moved deadline's notice, are
    shown in his zone; everyone else's stay in the game's."""
    game, names = started(market, kind)
    first = names[0]
    signon = f"SIGNON {first}@{game} pw{first.lower()}"
    said = " ".join(market.reply(member(first), signon, "SET ZONE America/New_York").split())
    assert f"Deadlines will be shown to {first} in America/New_York." in said, said
    moved = market.send(GM, f"SIGNON MASTER@{game} masterpw", "SET DEADLINE 2026-04-01 12:00")
    told = {m.recipient: " ".join(m.body.split()) for m in moved if not m.in_reply_to}
    assert "will be Wed Apr 01 2026 08:00 EDT." in told[member(first)], told[member(first)]
    for other in (OBSERVER, *(member(n) for n in names[1:])):
        assert "will be Wed Apr 01 2026 12:00 UTC." in told[other], told[other]
    status = market.reply(member(first), signon, "STATUS")
    assert "Wed Apr 01 2026 08:00 EDT" in " ".join(status.split()), status
    assert "UTC" not in status.split("2> STATUS", 1)[1], status
    bad = " ".join(market.reply(member(first), signon, "SET ZONE Mars/Base").split())
    assert "REFUSED" in bad and "unknown time zone 'Mars/Base'" in bad, bad


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


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_a_notice_has_one_subject_in_every_kind(market: MarketJudge, kind: str) -> None:
    """Whatever the kind, one event's notice has one subject (judge.service.reports.notices
    .notice_subject), in the form veteran judge players filter on: the start, a moved
    deadline, the reminder, a pause told and told again, the resumption, the end (a
    market game's said ``<game>: paused``, a board game's ``Diplomacy game <game> is
    paused``)."""
    game, names = started(market, kind)
    first = member(names[0])

    def subjects(mails: list[OutboundMessage], to: str = first) -> list[str]:
        return [m.subject for m in mails if m.recipient == to and not m.in_reply_to]

    assert f"Diplomacy game {game} has started" in subjects(market.log), subjects(market.log)
    phase = market.game(game).phase
    master = f"SIGNON MASTER@{game} masterpw"
    due = _deadline(market, game) + timedelta(days=1)
    moved = market.send(GM, master, f"SET DEADLINE {due:%Y-%m-%d %H:%M}")
    assert subjects(moved) == [f"Diplomacy deadline {game} {phase}"], subjects(moved)
    reminded = _run_at(market, due - timedelta(hours=2))
    assert subjects(reminded) == [f"Diplomacy deadline reminder {game} {phase}"], \
        [(m.recipient, m.subject) for m in reminded]
    for command, said in (("PAUSE", "is paused"), ("RESUME", "is resumed")):
        sent = market.send(GM, master, command)
        assert subjects(sent) == [f"Diplomacy game {game} {said}"], subjects(sent)
        assert subjects(sent, GM) == [f"Diplomacy game {game} {said}"], subjects(sent, GM)
        if command == "PAUSE":  # told again a week on, under the same subject
            again = _run_at(market, market.now + timedelta(days=8))
            assert subjects(again) == [f"Diplomacy game {game} is paused"], subjects(again)
    ended = market.send(GM, master, "TERMINATE")
    assert subjects(ended) == [f"Diplomacy game {game} is over"], subjects(ended)


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
        assert mail.subject == f"Diplomacy deadline reminder {game} {phase}"
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


def test_a_members_own_letter_names_the_deadline_in_his_zone(market: MarketJudge) -> None:
    """SET ZONE reaches a market member's own letters (a Capitalist commander's), as a
    board player's mail; the public results, one letter for everyone, keep the game's
    zone."""
    game, names = started(market, "capitalist")
    first = names[0]
    market.reply(member(first), f"SIGNON {first}@{game} pw{first.lower()}",
                 "SET ZONE America/New_York")
    sent = [m for m in market.deadline(game) if m.recipient == member(first)]
    own = [" ".join(m.body.split()) for m in sent if "you command" in m.subject]
    public = [" ".join(m.body.split()) for m in sent if m.subject.endswith("results")]
    assert own and public, [m.subject for m in sent]
    zoned = re.compile(r"deadline \w{3} \w{3} \d\d \d{4} \d\d:\d\d E[SD]T")
    assert zoned.search(own[0]) and "UTC" not in own[0], own[0]
    assert re.search(r"deadline \w{3} \w{3} \d\d \d{4} \d\d:\d\d UTC", public[0]), public[0]
    assert not zoned.search(public[0]), public[0]
