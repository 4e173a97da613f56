"""Market games by mail: handle_mail and the processor on a real database."""

from __future__ import annotations

import re
from collections.abc import Iterator
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


ECHO = re.compile(r"^ *\d+> ")  # a command line echoed as the member wrote it
CODE = re.compile(r"\bE\d{1,2}\b")  # an error code of the contract (payola.md's E1-E25)


def unfit_lines(mails: list[OutboundMessage]) -> list[str]:
    """Every line of these mails that a player should never read: wider than 78 columns
    (but for his own lines echoed back) or carrying an internal error code."""
    out = []
    for m in mails:
        for line in m.body.splitlines():
            if ECHO.match(line):
                continue
            if len(line) > 78 or CODE.search(line):
                out.append(f"{m.subject}: {line!r}")
    return out


@pytest.fixture
def market(session_factory: sessionmaker[Session],  # noqa: F811
           settings: Settings) -> Iterator[MarketJudge]:  # noqa: F811
    """A market judge; when the test is done, every mail it sent is checked: within 78
    columns, and no internal error code (every whole game of every market kind played
    in these tests is thus checked)."""
    judge = MarketJudge(session_factory, settings)
    yield judge
    unfit = unfit_lines(getattr(judge, "log", []))
    assert not unfit, "\n".join(["lines no player should read:", *unfit])


def member(name: str) -> str:
    return f"{name.lower()}@investors.example"


GM = "gm@investors.example"


def played(market: MarketJudge, name: str) -> dict[str, Any]:
    """The open phase as the runner would play it now, from its opening state and the
    mail kept for it."""
    from judge.batch import run_case
    from judge.games.market.mail.phases import phase_mails
    from judge.games.market.mail.play import envelope, mails_json
    from judge.service.kinds import part_of

    with market.factory() as s:
        game = s.scalar(select(Game).where(Game.name == name))
        assert game is not None
        kind = part_of(game).market  # type: ignore[attr-defined]
        record = current_record(s, game)
        assert record is not None
        return run_case({"id": game.name, **envelope(game, kind), "state": dict(record.state),
                         "mails": mails_json(phase_mails(s, record))})
