"""What the mail service asks of a game's kind: the service core (membership, the
master's commands, STATUS, press, processing) is written once and hands each command to
the part of the game's kind (judge.games), never testing which game it is.

A kind's mail part is a ``GamePart``: the board games (standard and Payola,
judge.games.board.mail) and the market games (judge.games.market.mail) are its two shapes.
An attachment (the Bourse) is an ``Attachment``: hooks the core calls for every
attachment a game carries, before and after each phase, at the end, and for the
commands that reach it (sign-on, SET).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy.orm import Session, object_session

from judge.config import Settings
from judge.engine.adjudicate import PhaseResult
from judge.engine.phase import Phase
from judge.engine.position import Position
from judge.games import Kind, attachments, kind_named, kind_of
from judge.service.context import Context, Identity, Result
from judge.service.reports import Mail, Member, Roster, roster_of
from judge.service.timing import Timing
from judge.storage.schema import Game, PhaseRecord
from judge.text import commands as c
from judge.text.commands import Step

Handler = Callable[[Context, Any, Step], Result]


class GamePart(Protocol):
    """The commands and the processing that differ from one kind of game to another."""

    kind: Kind

    def create(self, ctx: Context, cmd: c.Create, step: Step, words: list[str],
               attached: Sequence[tuple[Attachment, dict[str, str]]]) -> Result:
        """A new game of this kind; ``words``: CREATE's words after this kind's own and
        the attachments', ``attached``: the attachments asked for, with their
        parameters."""

    def join(self, ctx: Context, cmd: c.Join, step: Step, game: Game) -> Result: ...

    def most_players(self, game: Game) -> int:
        """The most players this game takes (its powers, or the bounds its parameters
        set): what the web page's "open to join" is told by."""

    def openings(self, game: Game) -> str:
        """What LIST says of who may still join the game, in the game's own words
        (``6 open powers``, ``27 places open``); "" when nobody may."""

    def claimant(self, ctx: Context, game: Game, who: str) -> tuple[Identity, str, str]:
        """A sign-on as one of the game's own names (a power): who it claims to be, the
        password hash to check and the registered address."""

    commands: Mapping[type, Handler]  # the commands only this kind reads (ACCEPT, ...)

    def signon(self, ctx: Context, cmd: c.SignOn, step: Step, game: Game) -> Result | None:
        """A sign-on of the kind's own (a market member, a pseudonym); None: the common
        sign-on of a power, the master or an observer."""

    def orders(self, ctx: Context, cmd: c.Orders, step: Step) -> Result:
        """A power's player's orders (or offer sheet) for the phase."""

    def clear(self, ctx: Context, cmd: c.Clear, step: Step) -> Result: ...

    def status(self, ctx: Context, cmd: c.Status, step: Step) -> Result: ...

    def history(self, session: Session, game: Game,
                records: Sequence[PhaseRecord]) -> list[dict[str, Any]]:
        """HISTORY: each processed phase's public record, ``{"phase", "lines"}``, in the
        game's own words (lines within 70 columns: the reply indents them)."""

    def oversight(self, ctx: Context, who: Identity) -> dict[str, Any] | None:
        """What the master's SUMMARY adds for him (template data), or None."""

    def players(self, game: Game) -> list[str]:
        """SUMMARY's lines on who plays the game, besides its powers' table (a market
        game's members by name; never an address); [] when the table says it all."""

    def settings(self, game: Game) -> list[tuple[str, str]]:
        """The game's settings as SUMMARY shows them to anyone, by the names the master
        sets them with (no store keys)."""

    def set_option(self, ctx: Context, cmd: c.SetOption, step: Step) -> Result | None:
        """The master's SET of this kind's own; None: one of the options every game has."""

    def start(self, ctx: Context, cmd: c.Start, step: Step) -> Result: ...

    def pause(self, ctx: Context, step: Step, paused: bool) -> Result: ...

    def clock(self, timing: Timing) -> str:
        """The game's timing in words, as the game keeps it: which phase takes which
        length, and what a reminder and the grace do in it (the master's SET replies)."""

    def tell_deadline(self, ctx: Context, game: Game, phase: str, due: datetime,
                      absence: bool) -> None:
        """The open phase's deadline moved (the master's SET DEADLINE, or an absence):
        everyone who follows the game's clock but the sender (told in the reply) learns
        the new one, in his own zone; never who is away."""

    def terminate(self, ctx: Context, step: Step) -> Result: ...

    def process(self, ctx: Context, cmd: c.Process, step: Step) -> Result: ...

    def rollback(self, ctx: Context, cmd: c.Rollback, step: Step) -> Result: ...

    def remove(self, ctx: Context, word: str, step: Step, reopen: bool) -> Result:
        """EJECT (``reopen`` False) or REPLACE (True) a power's player."""

    def press(self, ctx: Context, cmd: c.Press, step: Step) -> Result: ...

    def lines(self, ctx: Context, steps: list[Step]) -> None:
        """A signed-on member's own lines (a market game's), one result each in
        ``ctx.results``."""

    def after_phase(self, session: Session, game: Game, record: PhaseRecord,
                    result: PhaseResult, roster: Roster) -> list[Mail]:
        """A board game's phase was played and the next one opened: the mails the kind
        adds after the results (a kind built on the board game overrides it)."""

    def advance(self, session: Session, settings: Settings, game: Game,
                now: datetime) -> tuple[str, str | None] | None:
        """The one next thing due for the game, done: what was done and to which phase,
        or None."""


class Attachment(Protocol):
    """A kind that rides beside a host game (the Bourse): the core calls each hook for
    every attachment the game carries."""

    kind: Kind

    def attached(self, game: Game) -> bool: ...

    def split_words(self, words: list[str]) -> tuple[list[str], dict[str, str] | None]:
        """CREATE's words less the attachment's own, and its parameters (None: absent)."""

    def attach(self, game: Game, params: dict[str, str]) -> None: ...

    def describe(self, game: Game) -> str: ...

    def signon(self, ctx: Context, cmd: c.SignOn, step: Step, game: Game) -> Result | None: ...

    def set_option(self, ctx: Context, cmd: c.SetOption, step: Step) -> Result | None: ...

    def lines(self, ctx: Context, steps: list[Step]) -> None: ...

    def holds(self, game: Game, phase: Phase) -> bool:
        """Whether the host's phase waits for its deadline (the Bourse's NO_EARLY)."""

    def before_phase(self, session: Session, game: Game, record: PhaseRecord) -> None:
        """A host phase opens."""

    def after_phase(self, session: Session, settings: Settings, game: Game,
                    record: PhaseRecord, following: Position, now: datetime) -> object | None:
        """A host phase was played: the attachment's state for the next phase, or None."""

    def opened(self, session: Session, settings: Settings, game: Game, record: PhaseRecord,
               now: datetime) -> None:
        """A host phase opened and has its deadline (``record.deadline``): at the start
        and after each phase played, once the host's own letters are queued."""

    def end(self, session: Session, settings: Settings, game: Game, how: str,
            position: Position, now: datetime) -> None: ...

    def followers(self, session: Session, game: Game) -> Sequence[Member]:
        """Who follows the host's clock through the attachment without playing in the
        host (a Bourse's members who play no power): told when its deadline moves or the
        game pauses or resumes."""

    @property
    def key(self) -> str:
        """Where the attachment's state is kept in the host's ``PhaseRecord.state``."""


def part_of(game: Game) -> GamePart:
    """The mail part of a stored game's kind."""
    part: GamePart = kind_of(game.variant).part("mail")
    return part



def attachments_of(game: Game) -> Sequence[Attachment]:
    """The attachments the game carries (its Bourse, if it has one)."""
    return [a for a in all_attachments() if a.attached(game)]


def plain_settings(game: Game) -> list[tuple[str, str]]:
    """The options every game has (``MAP``, ``ZONE``, the timing, ...): the keys the
    master sets by name; a key with a ``:`` is a kind's or an attachment's own."""
    return sorted((k, str(v)) for k, v in (game.options or {}).items() if ":" not in k)


def clock_roster(game: Game, judge: str) -> Roster:
    """The game's roster with its attachments' followers: whom a moved deadline, a pause
    or a resumption is told to."""
    roster = roster_of(game, judge)
    session = object_session(game)
    if session is None:
        return roster
    followers = tuple(m for a in attachments_of(game) for m in a.followers(session, game))
    return replace(roster, followers=followers) if followers else roster


def attachment_named(name: str) -> Attachment:
    """The mail part of the attachment kind named."""
    kind = kind_named(name)
    assert kind is not None and kind.attachment, name
    part: Attachment = kind.part("mail")
    return part


def all_attachments() -> Sequence[Attachment]:
    """Every attachment kind's mail part."""
    return [k.part("mail") for k in attachments()]
