"""Processing tests: mail handled by handle_mail and the processor run at a clock the test
moves (never the wall clock), on a real database (SQLite; PostgreSQL when configured)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings, settings_from_text
from judge.mail.decode import DecodedMail
from judge.service.inbound import handle_mail
from judge.service.processing import Done, process_due
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import Game, PhaseRecord
from judge.storage.session import unit_of_work
from tests.dbfixtures import db_engine, db_url, session, session_factory  # noqa: F401

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
MASTER = "gm@example.org"
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday


def address(power: str) -> str:
    return f"{power.lower()}@players.example"


def signon(power: str, game: str = "alpha") -> str:
    return f"SIGNON {power.lower()}@{game} pw{power.lower()}"


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    # a low scrypt cost keeps the tests fast; the hash format is the same
    return settings_from_text(
        "[judge]\naddress = judge@example.org\nname = testjudge\n"
        "[security]\nscrypt_n = 1024\n", tmp_path)


class Judge:
    """Players' mail through handle_mail and runs of the processor, both at ``now``, which
    only the test moves; every queued mail is read back in order."""

    def __init__(self, factory: sessionmaker[Session], settings: Settings) -> None:
        self.factory = factory
        self.settings = settings
        self.now = START
        self.ids = itertools.count(1)
        self.seen = 0

    def send(self, sender: str, *lines: str) -> list[OutboundMessage]:
        mail = DecodedMail(
            sender=sender, reply_to=None, subject="orders",
            message_id=f"<p{next(self.ids)}@example.org>", body_lines=tuple(lines),
            auto_reply=False, auto_reason="",
        )
        with unit_of_work(self.factory) as s:
            handle_mail(s, mail, self.settings, now=self.now)
        return self.new_mail()

    def reply(self, sender: str, *lines: str) -> str:
        """The body of the one reply to ``sender`` (other mail it caused is dropped)."""
        replies = [m for m in self.send(sender, *lines) if m.in_reply_to]
        assert len(replies) == 1, [m.recipient for m in replies]
        return replies[0].body

    def run(self) -> tuple[list[Done], list[OutboundMessage]]:
        """One processor run at ``now``: what it did and the mail it queued."""
        done = process_due(self.factory, self.settings, self.now)
        return done, self.new_mail()

    def at(self, moment: datetime) -> tuple[list[Done], list[OutboundMessage]]:
        assert moment >= self.now, "the clock only moves forward"
        self.now = moment
        return self.run()

    def later(self, **delta: float) -> tuple[list[Done], list[OutboundMessage]]:
        return self.at(self.now + timedelta(**delta))

    def new_mail(self) -> list[OutboundMessage]:
        with self.factory() as s:
            rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
        new = list(rows[self.seen:])
        self.seen = len(rows)
        return new

    def game(self, name: str = "alpha") -> Game:
        with self.factory() as s:
            game = s.scalar(select(Game).where(Game.name == name))
            assert game is not None
            return game

    def record(self, name: str = "alpha") -> PhaseRecord:
        """The game's current phase record."""
        with self.factory() as s:
            game = s.scalar(select(Game).where(Game.name == name))
            assert game is not None
            return s.scalars(select(PhaseRecord).where(
                PhaseRecord.game_id == game.id, PhaseRecord.rolled_back.is_(False),
            ).order_by(PhaseRecord.seq.desc())).first()  # type: ignore[return-value]


def send_orders(judge: Judge, given: dict[str, tuple[str, ...]]) -> None:
    """Every power's orders for the current phase: those ``given``, else all its units
    hold."""
    units = judge.record().state["units"]
    for power in POWERS:
        lines = given.get(power) or tuple(f"{u} H" for u in units.get(power, ()))
        judge.reply(address(power), signon(power), *lines)


@pytest.fixture
def judge(session_factory: sessionmaker[Session], settings: Settings) -> Judge:  # noqa: F811
    return Judge(session_factory, settings)


def by_recipient(mails: list[OutboundMessage]) -> dict[str, list[OutboundMessage]]:
    out: dict[str, list[OutboundMessage]] = {}
    for m in mails:
        out.setdefault(m.recipient, []).append(m)
    return out


@pytest.fixture
def full(judge: Judge) -> Callable[..., Judge]:
    """A forming game with every power joined and the master's timing options set; the
    processor has not run yet."""

    def make(variant: str = "STANDARD", *options: str, name: str = "alpha") -> Judge:
        judge.reply(MASTER, f"CREATE {name} masterpw {variant}")
        if options:
            body = judge.reply(MASTER, f"SIGNON MASTER@{name} masterpw", *options)
            assert "refused" not in body, body
        for power in POWERS:
            body = judge.reply(address(power), f"JOIN {name} pw{power.lower()} {power}")
            assert f"as {power}" in body, body
        return judge

    return make
