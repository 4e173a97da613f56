"""The Bourse as an attachment kind (judge.service.kinds.Attachment): the hooks the
service core calls for a game that carries a Bourse, and nothing more of it is known
to the core."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.engine.phase import Phase
from judge.engine.position import Position
from judge.games import BOURSE, Kind
from judge.games.bourse.mail import attached, members, setup, turns
from judge.games.bourse.mail.letters import readers
from judge.games.bourse.mail.lines import lines as bourse_lines
from judge.games.bourse.mail.members import BourseIdentity
from judge.games.market.mail.lines import answered
from judge.service.context import Context, Result
from judge.service.reports import Member
from judge.storage.schema import Game, PhaseRecord
from judge.text import commands as c
from judge.text.commands import Step

FOLLOWER = "FOLLOWER"  # a member's Mail.reader in the host's clock notices


@dataclass(frozen=True)
class BourseAttachment:
    """The Bourse beside a host game."""

    kind: Kind = BOURSE
    key: str = turns.KEY

    def attached(self, game: Game) -> bool:
        return attached(game)

    def split_words(self, words: list[str]) -> tuple[list[str], dict[str, str] | None]:
        return setup.split_words(words)

    def attach(self, game: Game, params: dict[str, str]) -> None:
        setup.attach(game, params)

    def describe(self, game: Game) -> str:
        return setup.describe(game)

    def signon(self, ctx: Context, cmd: c.SignOn, step: Step, game: Game) -> Result | None:
        return members.signon(ctx, cmd, step, game) if attached(game) else None

    def set_option(self, ctx: Context, cmd: c.SetOption, step: Step) -> Result | None:
        return setup.set_option(ctx, cmd, step)

    def lines(self, ctx: Context, steps: list[Step]) -> None:
        who = ctx.identity
        assert isinstance(who, BourseIdentity)
        answered(ctx, steps, lambda: bourse_lines(ctx, who, steps))

    def holds(self, game: Game, phase: Phase) -> bool:
        return turns.holds(game, phase)

    def before_phase(self, session: Session, game: Game, record: PhaseRecord) -> None:
        turns.open_with(session, game, record)

    def after_phase(self, session: Session, settings: Settings, game: Game,
                    record: PhaseRecord, following: Position, now: datetime) -> object | None:
        return turns.play(session, settings, game, record, following, now)

    def opened(self, session: Session, settings: Settings, game: Game, record: PhaseRecord,
               now: datetime) -> None:
        turns.opened(session, settings, game, record, now)

    def followers(self, session: Session, game: Game) -> Sequence[Member]:
        """Every member's mailbox (the roster drops those it already has: host players,
        observers, the master)."""
        if not attached(game):
            return []
        return [Member(r.address, FOLLOWER, r.zone, r.pictures)
                for r in readers(session, game, master=False)]

    def end(self, session: Session, settings: Settings, game: Game, how: str,
            position: Position, now: datetime) -> None:
        turns.end(session, settings, game, how, position, now)


ATTACHMENT = BourseAttachment()
