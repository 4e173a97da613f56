"""Market games by mail: handle_mail and the processor on a real database."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.service.processing import process_due
from judge.storage.mailqueue import OutboundMessage
from judge.storage.phases import current_record
from judge.storage.schema import Game, PhaseRecord
from tests.dbfixtures import db_engine, db_url, session, session_factory  # noqa: F401
from tests.service.conftest import Judge, settings  # noqa: F401


class MarketJudge(Judge):
    """A Judge that can also let a phase's deadline pass and run the processor, and
    read the state of a game's open phase. ``log`` keeps every mail queued."""

    log: list[OutboundMessage]

    def send(self, sender: str, *lines: str, reply_to: str | None = None,
             auto: bool = False) -> list[OutboundMessage]:
        new = super().send(sender, *lines, reply_to=reply_to, auto=auto)
        self.log = [*getattr(self, "log", []), *new]
        return new

    def states(self, name: str) -> list[dict[str, Any]]:
        """The state each phase of the game opened with, and the last result's state."""
        with self.factory() as s:
            game = s.scalar(select(Game).where(Game.name == name))
            assert game is not None
            records = s.scalars(select(PhaseRecord).where(PhaseRecord.game_id == game.id)
                                .order_by(PhaseRecord.seq)).all()
            out = [dict(r.state) for r in records]
            return out

    def state(self, name: str) -> dict[str, Any]:
        """The state of the game's open (or last) phase as it opened."""
        with self.factory() as s:
            game = s.scalar(select(Game).where(Game.name == name))
            assert game is not None
            record = current_record(s, game)
            assert record is not None
            return dict(record.state)

    def deadline(self, game: str) -> list[OutboundMessage]:
        """Move the clock past the game's deadline, run the processor, and return the
        mails it queued."""
        self.now += timedelta(days=30)
        process_due(self.factory, self.settings, self.now)
        with self.factory() as s:
            rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
        new = list(rows[self.seen:])
        self.seen = len(rows)
        self.log = [*getattr(self, "log", []), *new]
        return new

    def game(self, name: str) -> Game:
        with self.factory() as s:
            found = s.scalar(select(Game).where(Game.name == name))
            assert found is not None
            s.expunge(found)
            return found


@pytest.fixture
def market(session_factory: sessionmaker[Session], settings: Settings) -> MarketJudge:  # noqa: F811
    return MarketJudge(session_factory, settings)


def member(name: str) -> str:
    return f"{name.lower()}@investors.example"


GM = "gm@investors.example"


def played(market: MarketJudge, name: str) -> dict[str, Any]:
    """The open phase as the runner would play it now, from its opening state and the
    mail kept for it."""
    from judge.service.markets import kind_of
    from judge.service.markets.phases import phase_mails
    from judge.service.markets.play import mails_json, play

    with market.factory() as s:
        game = s.scalar(select(Game).where(Game.name == name))
        assert game is not None
        kind = kind_of(game)
        record = current_record(s, game)
        assert kind is not None and record is not None
        return play(game, kind, record.state, mails_json(phase_mails(s, record)))
