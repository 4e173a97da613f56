"""A whole game of every kind by mail with no master's PROCESS (issue 23, "How it is
shown"): the master sends CREATE and START and nothing else; the players join, then in
each phase everyone with something to do sends his mail through the real listener
(seeded random legal orders on the board, a scripted line of each market phase), and
``judge process`` runs as cron runs it, at a test clock. The clock moves on only when
the phase cannot go early: nobody may act in it, or the game holds it for its deadline
(the Bourse's NO_EARLY); every other phase must be processed early, at the first run
after the mail. Once in each game a player's SET WAIT holds a phase that could go
early, and his SET NOWAIT lets it go. Each game ends by itself (a draw vote,
END_YEAR), SUMMARY says so in words and HISTORY lists every phase played.

The cases are the registry's (``judge.games``): every game of its own, and every
attachment beside each of its hosts; a kind with no play here fails."""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.engine.state import position_from_state
from judge.games import Kind, attachments, games, kind_named, kind_of
from judge.games.board.mail.phases import acting_players
from judge.games.market.mail.play import envelope, opened
from judge.service.kinds import attachments_of, part_of
from judge.service.processing import process_due
from judge.storage.base import utcnow
from judge.storage.mailqueue import InboundMessage
from judge.storage.phases import current_record, phase_records, position_of
from judge.storage.schema import Game, GameState
from tests.e2e.conftest import MailJudge
from tests.e2e.whole_game_plays import (
    BOARD,
    PLAYS,
    RIDERS,
    Play,
    State,
    address,
    board_orders,
    password,
)

GM = "gm@nogm.example"
Mail = tuple[str, str | None, list[str]]  # member, the power he signs on as, lines


# every game of its own, and every attachment beside each of its hosts
CASES = [(k, None) for k in games()] + [
    (a, kind_named(h)) for a in attachments() for h in a.hosts]
IDS = [k.name if h is None else f"{k.name}-on-{h.name}" for k, h in CASES]

# the random orders' seeds, chosen so that most games have a retreat phase: one only a
# power nobody plays has (standard: nobody may act, so it waits for its deadline), the
# others one a player orders (processed early). A case not named here takes "".
SEEDS = {"standard": "18", "payola": "9", "exchange": "30", "capitalist": "8",
         "bourse-on-standard": "9", "bourse-on-payola": "6"}



# -- the game as the store holds it --------------------------------------------------------

@dataclass(frozen=True)
class Seen:
    state: str
    phase: str | None
    opened: dict[str, Any]  # the open phase's state
    deadline: datetime | None
    played: list[str]  # the phases processed


def _game(s: Session, name: str) -> Game:
    found = s.scalar(select(Game).where(Game.name == name))
    assert found is not None
    return found


def seen(factory: sessionmaker[Session], name: str) -> Seen:
    with factory() as s:
        game = _game(s, name)
        record = current_record(s, game)
        played = [r.phase for r in phase_records(s, game) if r.processed_at is not None]
        if record is None or record.processed_at is not None:
            return Seen(str(game.state), game.phase, {}, None, played)
        return Seen(str(game.state), game.phase, dict(record.state), record.deadline, played)


def held_for_deadline(factory: sessionmaker[Session], name: str) -> str | None:
    """Why the open phase may wait for its deadline, or None when it may not: nobody may
    act in it (the kind's own rule of who acts), or an attachment holds it (NO_EARLY)."""
    with factory() as s:
        game = _game(s, name)
        record = current_record(s, game)
        assert record is not None
        if kind_of(game.variant).market:
            market = part_of(game).market  # type: ignore[attr-defined]
            return "nobody may act" if not market.actors(opened(game, market, record)) \
                else None
        position = position_of(record, BOARD)
        if not acting_players(s, game, position, BOARD):
            return "nobody may act"
        if any(a.holds(game, position.phase) for a in attachments_of(game)):
            return "its Bourse holds it (NO_EARLY)"
        return None


def phase_mails(play: Play, factory: sessionmaker[Session], name: str, opened: State,
                rng: random.Random) -> list[Mail]:
    """What everyone with something to do sends in the open phase (as the rules of the
    board and the market say, not the judge's list of whom it waits for): a board
    game's players their powers' orders; a market game's members their own lines, and
    each power's orders (and other lines) from each member who acts for it, signed on
    as it."""
    with factory() as s:
        game = _game(s, name)
        if not kind_of(game.variant).market:
            record = current_record(s, game)
            assert record is not None
            orders = board_orders(position_of(record, BOARD), rng)
            return [(power, power, [str(o) for o in orders[power]])
                    for power in play.members if orders.get(power)]
        market = part_of(game).market  # type: ignore[attr-defined]
        typed = market.codec.state(envelope(game, market), opened)  # as the service reads it
    mails: list[Mail] = []
    for member in play.members:
        lines = play.own(opened, member)
        if lines:
            mails.append((member, None, lines))
    letter = str(opened["phase"])[-1:]
    units = opened.get("units", {})
    on_board = letter in "MRA" and "units" in opened
    orders = board_orders(position_from_state(opened, BOARD), rng) if on_board else {}
    for power in sorted(set(units) | set(opened.get("centers", {}))):
        lines = [str(o) for o in orders.get(power, [])] + play.extra(opened, power)
        for member in market.acting(typed, power) if lines else ():
            mails.append((member, power, lines))
    return mails


def _year(phase: str) -> tuple[int, int]:
    return int(phase[1:5]), "SFW".index(phase[0])


# -- the test ------------------------------------------------------------------------------

class Table:
    """The players' side: mails through the listener, the processor at the test clock."""

    def __init__(self, judge: MailJudge, factory: sessionmaker[Session],
                 settings: Settings) -> None:
        self.judge, self.factory, self.settings = judge, factory, settings
        self.clock = utcnow()

    def send(self, sender: str, *lines: str) -> str:
        assert not any(re.match(r"\s*PROCESS\b", x, re.I) for x in lines), lines
        out = self.judge.replies(sender, *lines)
        assert sender in out, (sender, lines, out)
        return " ".join(out[sender].split())

    def accepted(self, sender: str, *lines: str) -> None:
        out = self.send(sender, *lines)
        assert "REFUSED" not in out, (lines, out)

    def cron(self) -> None:
        """One run of ``judge process`` at the test clock."""
        done = process_due(self.factory, self.settings, self.clock)
        assert not [d for d in done if "failed" in d.what], done


@pytest.mark.slow
@pytest.mark.parametrize("kind, host", CASES, ids=IDS)
def test_a_whole_game_by_mail_with_no_process(by_mail: MailJudge,
                                              session_factory: sessionmaker[Session],
                                              settings: Settings, kind: Kind,
                                              host: Kind | None) -> None:
    game_kind = host or kind
    play = PLAYS.get(game_kind.name)
    assert play is not None, f"no whole game of {game_kind.title} is played here: add one"
    rider = RIDERS.get(kind.name) if host is not None else None
    assert host is None or rider is not None, f"{kind.title} is not played here: add it"
    began = time.monotonic()
    name = f"ng{kind.name[:4]}{host.name[:4] if host else ''}"
    table = Table(by_mail, session_factory, settings)
    case = kind.name if host is None else f"{kind.name}-on-{host.name}"
    rng = random.Random(f"nogm-{name}{SEEDS.get(case, '')}")

    words = f"{game_kind.word} {play.params}"
    if rider is not None:
        words += f" {kind.word} {rider.params}"
    assert f"Game {name} created" in table.send(GM, f"CREATE {name} masterpw {words}")
    for member in play.members:
        assert "joined" in table.send(address(member),
                                      f"JOIN {name} {password(member)} {member}")
    riders = rider.members if rider else ()
    for pseudonym in riders:  # JOIN <attachment> <pseudonym>, signed on as the attachment
        assert f"as {pseudonym}" in table.send(
            address(pseudonym), f"SIGNON {kind.word}@{name} {password(pseudonym)}",
            f"JOIN {kind.word} {pseudonym}")
    assert "started" in table.send(GM, f"SIGNON MASTER@{name} masterpw", "START")

    early: list[str] = []
    at_deadline: list[tuple[str, str]] = []
    waited: str | None = None  # the phase in which a player asked the judge to wait
    for _ in range(40):
        now = seen(session_factory, name)
        if now.state != GameState.ACTIVE:
            break
        if now.deadline is None:  # a market game's first phase: its deadline is set
            table.cron()
            now = seen(session_factory, name)
        phase = str(now.phase)
        mails = phase_mails(play, session_factory, name, now.opened, rng)
        wait = waited is None and bool(mails) and held_for_deadline(session_factory, name) is None
        for member, power, lines in mails:
            signon = f"SIGNON {power or member}@{name} {password(member)}"
            table.accepted(address(member), signon, *lines)
        if wait:  # the last to send asks the judge to wait: the phase must not go early
            waited, (member, power, _) = phase, mails[-1]
            signon = f"SIGNON {power or member}@{name} {password(member)}"
            assert "Wait flag set" in table.send(address(member), signon, "SET WAIT")
        for pseudonym in riders:
            if lines := rider.turn(phase) if rider else []:
                table.accepted(address(pseudonym), f"SIGNON {pseudonym}@{name} "
                               f"{password(pseudonym)}", *lines)
        if play.draw_from is not None and _year(phase) >= _year(play.draw_from):
            for member in play.members:
                assert "vote for a draw" in table.send(
                    address(member), f"SIGNON {member}@{name} {password(member)}", "SET DRAW")
        if wait:
            table.cron()
            assert seen(session_factory, name).phase == phase, f"{phase}: SET WAIT not kept"
            assert "Wait flag cleared" in table.send(address(member), signon, "SET NOWAIT")
        table.cron()
        after = seen(session_factory, name)
        if after.state != GameState.ACTIVE or after.phase != phase:
            early.append(phase)
            continue
        why = held_for_deadline(session_factory, name)
        assert why is not None, f"{phase} was not processed early, and someone may act in it"
        assert now.deadline is not None
        table.clock = max(table.clock, now.deadline) + timedelta(minutes=1)
        at_deadline.append((phase, why))
        table.cron()
        after = seen(session_factory, name)
        assert after.state != GameState.ACTIVE or after.phase != phase, phase

    end = seen(session_factory, name)
    assert end.state == GameState.COMPLETED, (end.state, end.phase)
    assert waited in early, (waited, early)  # SET NOWAIT let it go
    with session_factory() as s:
        every = s.scalars(select(InboundMessage)).all()
    assert len([m for m in every if m.mail_from == GM]) == 2  # CREATE and START
    assert not any(re.search(rb"^\s*PROCESS\b", m.raw, re.I | re.M) for m in every)

    reader = address(play.members[0])
    summary = table.send(reader, f"SUMMARY {name}")
    assert "completed" in summary and play.end in summary, summary
    history = table.send(reader, f"HISTORY {name}")
    assert end.played and all(phase in history for phase in end.played), history
    visited = early + [p for p, _ in at_deadline]
    voted = {p for p in visited if play.draw_from and _year(p) >= _year(play.draw_from)}
    assert set(visited) - voted <= set(end.played), (visited, end.played)
    told = f"{kind.title} on {host.title}" if host else kind.title
    print(f"\n{told}: {len(end.played)} phases played ({', '.join(end.played)}); "
          f"early {len(early)}, at the deadline {at_deadline}, waited in {waited}; "
          f"{time.monotonic() - began:.1f}s")
