"""Market games by mail: handle_mail and the processor on a real database."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.service.processing import process_due
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import Game
from tests.dbfixtures import db_engine, db_url, session, session_factory  # noqa: F401
from tests.service.conftest import Judge, settings  # noqa: F401


class MarketJudge(Judge):
    """A Judge that can also let a phase's deadline pass and run the processor."""

    def deadline(self, game: str) -> list[OutboundMessage]:
        """Move the clock past the game's deadline, run the processor, and return the
        mails it queued."""
        self.now += timedelta(days=30)
        process_due(self.factory, self.settings, self.now)
        with self.factory() as s:
            rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
        new = list(rows[self.seen:])
        self.seen = len(rows)
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
