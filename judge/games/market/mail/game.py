"""The mail part of a market game (Exchange, 1901-Shareholders, Capitalist): what the
service core asks a game of one of these kinds (judge.service.kinds.GamePart), answered
by the market pieces with the kind's ``MarketKind`` (its letters, STATUS, opening)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session, object_session

from judge.config import Settings
from judge.engine.adjudicate import PhaseResult
from judge.games import Kind
from judge.games.market.mail import master, members
from judge.games.market.mail.kind import MarketKind
from judge.games.market.mail.lines import answered
from judge.games.market.mail.lines import lines as market_lines
from judge.games.market.mail.phases import advance
from judge.games.market.mail.play import PARAM, params_of
from judge.games.market.mail.press import market_press
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.enrolment import new_password
from judge.service.kinds import Attachment, Handler, plain_settings
from judge.service.reports import Mail, Roster
from judge.service.reports.replies import fit
from judge.service.timing import Timing, market_clock
from judge.storage.games import members as people
from judge.storage.phases import public_letters
from judge.storage.schema import Game, GameState, PhaseRecord
from judge.text import commands as c
from judge.text.commands import Step


@dataclass(frozen=True)
class MarketGame:
    """A market game kind's answers to the service core."""

    market: MarketKind

    @property
    def kind(self) -> Kind:
        return self.market.game

    def create(self, ctx: Context, cmd: c.Create, step: Step, words: list[str],
               attached: Sequence[tuple[Attachment, dict[str, str]]]) -> Result:
        if attached:
            hosts = " or ".join(h for a, _ in attached for h in a.kind.hosts)
            raise Refusal(f"{attached[0][0].kind.title} rides beside a {hosts} game, not "
                          f"beside {self.kind.title}")
        return members.create(ctx, cmd, step, self.market, new_password(ctx, cmd.password))

    def join(self, ctx: Context, cmd: c.Join, step: Step, game: Game) -> Result:
        return members.join(ctx, cmd, step, game, self.market,
                            new_password(ctx, cmd.password))

    def most_players(self, game: Game) -> int:
        return self.market.bounds(params_of(game, self.market))[1]

    def openings(self, game: Game) -> str:
        if game.state != GameState.FORMING:
            return ""  # members join before the start
        session = object_session(game)
        joined = (sum(m.role == members.MEMBER for m in people(session, game))
                  if session is not None else 0)
        count = self.most_players(game) - joined
        return f"{count} place{'s' if count > 1 else ''} open" if count > 0 else ""

    def claimant(self, ctx: Context, game: Game, who: str) -> tuple[Identity, str, str]:
        raise Refusal(f"{who} is not a {self.market.member} of {game.name}")

    @property
    def commands(self) -> Mapping[type, Handler]:
        return {}  # a member's own lines are read as one mail (``lines``)

    def signon(self, ctx: Context, cmd: c.SignOn, step: Step, game: Game) -> Result | None:
        return members.signon(ctx, cmd, step, game, self.market)

    def orders(self, ctx: Context, cmd: c.Orders, step: Step) -> Result:
        raise Refusal(f"{self.kind.title} has no powers' players: a {self.market.member}'s "
                      "orders come after his own SIGNON")

    def clear(self, ctx: Context, cmd: c.Clear, step: Step) -> Result:
        raise Refusal(f"{self.kind.title} has no powers' players: a {self.market.member}'s "
                      "CLEAR comes after his own SIGNON")

    def status(self, ctx: Context, cmd: c.Status, step: Step) -> Result:
        ctx.master()  # a member's STATUS is one of his own lines (``lines``)
        return master.status(ctx, step, self.market)

    def history(self, session: Session, game: Game,
                records: Sequence[PhaseRecord]) -> list[dict[str, Any]]:
        out = []
        for record in records:
            letters = public_letters(record)
            if letters is None:  # played before the judge kept its public letters
                lines = ["(its results went out by mail; the judge kept no copy)"]
            else:
                lines = [line.rstrip() for letter in letters
                         for line in fit(letter, HISTORY_WIDTH).splitlines()]
            out.append({"phase": record.phase, "lines": lines})
        return out

    def players(self, game: Game) -> list[str]:
        session = object_session(game)
        names = sorted(m.name or "" for m in (people(session, game) if session else [])
                       if m.role == members.MEMBER)
        said = ", ".join(names) if names else "none has joined yet"
        return [f"{self.market.member.capitalize()}s: {said}"]

    def oversight(self, ctx: Context, who: Identity) -> dict[str, Any] | None:
        return {"lines": master.status_lines(ctx, self.market)}  # his STATUS, as a board's

    def settings(self, game: Game) -> list[tuple[str, str]]:
        """The common options and the GM parameters set, by their names (a PREFLOATED
        holding is the master's set-up, not a setting)."""
        return sorted([*plain_settings(game),
                       *((k[len(PARAM):], str(v)) for k, v in game.options.items()
                         if k.startswith(PARAM))])

    def set_option(self, ctx: Context, cmd: c.SetOption, step: Step) -> Result | None:
        return master.set_option(ctx, cmd, step, self.market)

    def start(self, ctx: Context, cmd: c.Start, step: Step) -> Result:
        return master.start(ctx, cmd, step, self.market)

    def pause(self, ctx: Context, step: Step, paused: bool) -> Result:
        return master.pause(ctx, step, paused)

    def clock(self, timing: Timing) -> str:
        return market_clock(timing)

    def tell_deadline(self, ctx: Context, game: Game, phase: str, due: datetime,
                      absence: bool) -> None:
        master.tell_deadline(ctx, game, phase, due, absence)

    def terminate(self, ctx: Context, step: Step) -> Result:
        return master.terminate(ctx, step)

    def process(self, ctx: Context, cmd: c.Process, step: Step) -> Result:
        return master.process(ctx, cmd, step, self.market)

    def rollback(self, ctx: Context, cmd: c.Rollback, step: Step) -> Result:
        raise master.not_in_market(self.market, "ROLLBACK")

    def remove(self, ctx: Context, word: str, step: Step, reopen: bool) -> Result:
        raise master.not_in_market(self.market, "REPLACE" if reopen else "EJECT")

    def press(self, ctx: Context, cmd: c.Press, step: Step) -> Result:
        return market_press(ctx, cmd, step, self.market)

    def lines(self, ctx: Context, steps: list[Step]) -> None:
        who = ctx.identity
        assert who is not None
        answered(ctx, steps, lambda: market_lines(ctx, who, self.market, steps))

    def after_phase(self, session: Session, game: Game, record: PhaseRecord,
                    result: PhaseResult, roster: Roster) -> list[Mail]:
        return []  # a market game's phases are played by judge.games.market.mail.phases

    def advance(self, session: Session, settings: Settings, game: Game,
                now: datetime) -> tuple[str, str | None] | None:
        did = advance(session, settings, game, self.market, now)
        return (did, game.phase) if did else None


HISTORY_WIDTH = 70  # HISTORY indents each line by 8: within the mail's 78 columns
