"""The mail part of the games played on the board alone: standard Diplomacy, and Payola,
whose powers keep bank accounts and bribe units (its kind's ``bank``). What the service
core asks of them (judge.service.kinds.GamePart) is answered here; Payola's money is
asked through the kind's record, never by its name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.engine.adjudicate import PhaseResult
from judge.games import PAYOLA as PAYOLA_KIND
from judge.games import STANDARD as STANDARD_KIND
from judge.games import Kind
from judge.games.board.mail import advance, master, members, press, submission
from judge.games.board.mail.oversight import overview
from judge.games.board.mail.phases import blind_history, orders_carried_out
from judge.games.payola.mail import accounts
from judge.games.payola.mail.control import set_control
from judge.money.payola.rules import RuleSet
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.kinds import Attachment, Handler, clock_roster, plain_settings
from judge.service.reports import Mail, Roster, deadline_mails
from judge.service.timing import Timing, describe
from judge.storage.schema import Game, PhaseRecord, PowerState
from judge.text import commands as c
from judge.text.commands import Step


@dataclass(frozen=True)
class BoardGame:
    """A game of powers on the board, each played by one player."""

    kind: Kind

    def create(self, ctx: Context, cmd: c.Create, step: Step, words: list[str],
               attached: Sequence[tuple[Attachment, dict[str, str]]]) -> Result:
        return members.create(ctx, cmd, step, self.kind, words, attached)

    def join(self, ctx: Context, cmd: c.Join, step: Step, game: Game) -> Result:
        return members.join(ctx, cmd, step, game)

    def most_players(self, game: Game) -> int:
        return len(game.powers) or self.kind.players[1]

    def openings(self, game: Game) -> str:
        count = sum(p.state == PowerState.OPEN for p in game.powers)
        return f"{count} open power{'s' if count > 1 else ''}" if count else ""

    def claimant(self, ctx: Context, game: Game, who: str) -> tuple[Identity, str, str]:
        return members.claimant(ctx, game, who)

    @property
    def commands(self) -> Mapping[type, Handler]:
        return {c.Accept: accounts.accept, c.Transfer: accounts.transfer}

    def signon(self, ctx: Context, cmd: c.SignOn, step: Step, game: Game) -> Result | None:
        return None  # a power, the master or an observer: the service's own sign-on

    def orders(self, ctx: Context, cmd: c.Orders, step: Step) -> Result:
        return submission.orders(ctx, cmd, step)

    def clear(self, ctx: Context, cmd: c.Clear, step: Step) -> Result:
        return submission.clear(ctx, cmd, step)

    def status(self, ctx: Context, cmd: c.Status, step: Step) -> Result:
        return submission.status(ctx, cmd, step)

    def history(self, session: Session, game: Game,
                records: Sequence[PhaseRecord]) -> list[dict[str, Any]]:
        if RuleSet.parse(game.flags).blind:  # what an observer was told: no unit
            return [{"phase": r.phase, "lines": blind_history(r)} for r in records]
        return [{"phase": r.phase, "lines": orders_carried_out(r)} for r in records]

    def players(self, game: Game) -> list[str]:
        return []  # each power's state (open, played, disorder) is in SUMMARY's table

    def oversight(self, ctx: Context, who: Identity) -> dict[str, Any] | None:
        return overview(ctx, who)

    def settings(self, game: Game) -> list[tuple[str, str]]:
        return plain_settings(game)

    def set_option(self, ctx: Context, cmd: c.SetOption, step: Step) -> Result | None:
        if cmd.name in ("CONTROL", "NOCONTROL"):  # who plays whom (Payola spec 2.9)
            return set_control(ctx, cmd, step)
        return None

    def start(self, ctx: Context, cmd: c.Start, step: Step) -> Result:
        return master.start(ctx, cmd, step)

    def pause(self, ctx: Context, step: Step, paused: bool) -> Result:
        if paused:
            return master.pause(ctx, c.Pause(), step)
        return master.resume(ctx, c.Resume(), step)

    def clock(self, timing: Timing) -> str:
        return describe(timing)

    def tell_deadline(self, ctx: Context, game: Game, phase: str, due: datetime,
                      absence: bool) -> None:
        for mail in deadline_mails(clock_roster(game, ctx.settings.name), phase, due,
                                   absence, but=ctx.reply_to):
            ctx.notify(mail.to, mail.subject, mail.body)

    def terminate(self, ctx: Context, step: Step) -> Result:
        return master.terminate(ctx, c.Terminate(), step)

    def process(self, ctx: Context, cmd: c.Process, step: Step) -> Result:
        return master.process(ctx, cmd, step)

    def rollback(self, ctx: Context, cmd: c.Rollback, step: Step) -> Result:
        return master.rollback(ctx, cmd, step)

    def remove(self, ctx: Context, word: str, step: Step, reopen: bool) -> Result:
        return master.remove_player(ctx, word, step,
                                    PowerState.OPEN if reopen else PowerState.DISORDER)

    def press(self, ctx: Context, cmd: c.Press, step: Step) -> Result:
        return press.press(ctx, cmd, step)

    def after_phase(self, session: Session, game: Game, record: PhaseRecord,
                    result: PhaseResult, roster: Roster) -> list[Mail]:
        """What a variant of the board game adds once a phase is played and the next
        one opened (``result.next``): the mails it sends after the results. None here;
        a kind built on the board overrides it (see docs/architecture.md)."""
        return []

    def lines(self, ctx: Context, steps: list[Step]) -> None:
        raise Refusal(f"{self.kind.title} reads no lines of its own")  # no member signs on

    def advance(self, session: Session, settings: Settings, game: Game,
                now: datetime) -> tuple[str, str | None] | None:
        return advance.advance(session, settings, game, now)


STANDARD = BoardGame(STANDARD_KIND)
PAYOLA = BoardGame(PAYOLA_KIND)
