"""Command values: what one line of a mail to the judge asks for, read with grammar/mail.lark."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Help:
    topic: str | None = None
    more: tuple[str, ...] = ()  # HELP RULES <game> [<section>]: the words after the topic


@dataclass(frozen=True, slots=True)
class List:
    game: str | None = None


@dataclass(frozen=True, slots=True)
class Create:
    """``CREATE game password [STANDARD|PAYOLA] [flag ...]``; the creator becomes master."""

    game: str
    password: str
    words: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Join:
    """Join a forming game, optionally asking for a power (``JOIN game pw [power]``)."""

    game: str
    password: str
    power: str | None = None


@dataclass(frozen=True, slots=True)
class JoinBourse:
    """``JOIN BOURSE <pseudonym>``: join the Bourse one is signed on to (bourse.md 4). A
    game cannot be named BOURSE, so the line carries no password."""

    pseudonym: str


@dataclass(frozen=True, slots=True)
class Observe:
    game: str
    password: str
    name: str | None = None


@dataclass(frozen=True, slots=True)
class SignOn:
    """``SIGNON who@game pw`` or ``SIGNON Wgame pw``; ``who`` is a power name, an
    initial (``F``), ``MASTER``/``M`` or ``O`` (observer), resolved against the game's map."""

    who: str
    game: str
    password: str

    def __repr__(self) -> str:
        # keeps the password out of logs and tracebacks
        return f"SignOn(who={self.who!r}, game={self.game!r}, password='***')"


@dataclass(frozen=True, slots=True)
class SignOff:
    pass


@dataclass(frozen=True, slots=True)
class Clear:
    """Empty this power's orders or offer sheet for the phase (``CLEAR``, ``NMR``)."""


@dataclass(frozen=True, slots=True)
class Status:
    pass


@dataclass(frozen=True, slots=True)
class Accept:
    """A Payola acceptance list as typed: initials and at most one ``?`` (``ACCEPT FRI?``)."""

    letters: str


@dataclass(frozen=True, slots=True)
class Transfer:
    amount: int
    to: str


@dataclass(frozen=True, slots=True)
class Press:
    """A press message. ``to`` holds the words the player typed (power names or
    strings of initials); ``all_but`` inverts them; ``broadcast`` means everyone."""

    to: tuple[str, ...] = ()
    all_but: bool = False
    broadcast: bool = False
    body: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EndPress:
    pass


@dataclass(frozen=True, slots=True)
class SetPassword:
    password: str

    def __repr__(self) -> str:
        return "SetPassword(password='***')"


@dataclass(frozen=True, slots=True)
class SetAddress:
    """``SET ADDRESS addr``; without an address, the address the mail came from."""

    address: str | None = None


@dataclass(frozen=True, slots=True)
class ConfirmAddress:
    """``CONFIRM ADDRESS code``: the code a ``SET ADDRESS`` mailed to the new address."""

    code: str


@dataclass(frozen=True, slots=True)
class SetWait:
    wait: bool


@dataclass(frozen=True, slots=True)
class SetAbsence:
    """``SET ABSENCE 24 DEC TO 6 JAN``; ``period`` None is ``SET NOABSENCE``."""

    period: str | None


@dataclass(frozen=True, slots=True)
class SetDraw:
    """``SET DRAW [powers]`` / ``SET NODRAW``; ``powers`` as typed, empty = all survivors."""

    draw: bool
    powers: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SetOption:
    """A master's ``SET <option> [value]`` for a game option or rule flag."""

    name: str
    value: str = ""


@dataclass(frozen=True, slots=True)
class History:
    game: str | None = None
    start: str | None = None
    end: str | None = None


@dataclass(frozen=True, slots=True)
class MapOf:
    """``MAP [game] [phase]``: the map of a played phase (the last by default)."""

    game: str | None = None
    phase: str | None = None


@dataclass(frozen=True, slots=True)
class Summary:
    game: str | None = None


@dataclass(frozen=True, slots=True)
class Resign:
    pass


@dataclass(frozen=True, slots=True)
class Start:
    pass


@dataclass(frozen=True, slots=True)
class Pause:
    pass


@dataclass(frozen=True, slots=True)
class Resume:
    pass


@dataclass(frozen=True, slots=True)
class Process:
    """``PROCESS [phase]``; the phase, when given, must be the game's current one."""

    phase: str | None = None


@dataclass(frozen=True, slots=True)
class Rollback:
    phase: str


@dataclass(frozen=True, slots=True)
class Eject:
    power: str


@dataclass(frozen=True, slots=True)
class Replace:
    power: str


@dataclass(frozen=True, slots=True)
class Terminate:
    pass


@dataclass(frozen=True, slots=True)
class Addresses:
    """The master's list of his game's members with their addresses."""


@dataclass(frozen=True, slots=True)
class OrderLine:
    """One line that is not a command: an order, or a Payola offer line, as typed."""

    line: int
    text: str


@dataclass(frozen=True, slots=True)
class Orders:
    """Consecutive order (or offer) lines of a mail. In a Payola game they are offer
    lines; the service decides, since only it knows the game."""

    lines: tuple[OrderLine, ...]


@dataclass(frozen=True, slots=True)
class CommandProblem:
    """Why a command line could not be read: where, what was found, what was expected."""

    line: int
    column: int
    excerpt: str
    expected: tuple[str, ...]
    message: str


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A command line that could not be read; it changes nothing and is reported."""

    problem: CommandProblem


Command = (
    Help
    | List
    | Create
    | Join
    | Observe
    | SignOn
    | SignOff
    | Clear
    | Status
    | Accept
    | Transfer
    | Press
    | EndPress
    | SetPassword
    | SetAddress
    | ConfirmAddress
    | SetWait
    | SetAbsence
    | SetDraw
    | SetOption
    | History
    | MapOf
    | Summary
    | Resign
    | Start
    | Pause
    | Resume
    | Process
    | Rollback
    | Eject
    | Replace
    | Terminate
    | Addresses
    | Orders
    | Unreadable
)


@dataclass(frozen=True, slots=True)
class Step:
    """One command of a mail with the line it came from (the first line of a section)."""

    line: int
    text: str
    command: Command
