"""What the service needs to know of one market game kind (see ``judge.games.market.mail``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from judge.engine.position import Position
from judge.games import Kind
from judge.maps import Panel
from judge.money.market.reading import Mail, MailRead

S = TypeVar("S")  # a kind's state, typed: the game as a phase opens
P = TypeVar("P", bound="Played")  # a kind's played phase, typed
N = TypeVar("N")  # what a kind's phase has in force as its mail so far left it, typed


class Ended(Protocol):
    """How a game ended, as every kind's played phase says it."""

    @property
    def kind(self) -> str:
        """solo, draw, end_year..."""

    @property
    def winners(self) -> Sequence[str]: ...


class Played(Protocol):
    """What the service core reads of a played phase of any kind (the rest is the
    kind's own letters' to read): its end, if it ended the game, and the board's orders
    and outcomes, for the map of a phase played on the board."""

    @property
    def end(self) -> Ended | None: ...

    @property
    def board_orders(self) -> Mapping[str, str | Sequence[str]]:
        """The orders played on the board: ``{unit: text}`` or ``{power: [texts]}``."""

    @property
    def board_results(self) -> Mapping[str, str]:
        """Each unit's outcome on the board (none for a market phase)."""


@dataclass(frozen=True, slots=True)
class Codec(Generic[S, P]):
    """A kind's typed state and played phase, and their JSON where they are stored
    (``PhaseRecord.state`` and ``.result``): ``state`` decodes a stored state, given the
    game's envelope (variant, game, rules, params, seed); ``state_json`` encodes one
    back, byte for byte as the runner writes it; ``played_json`` a played phase as the
    batch interface prints it (its ``state`` included, which the store keeps apart);
    ``after`` the state a played phase leaves as the runner wrote it (the kind's
    ``carry`` adds what the service keeps beside it for a next phase); ``phase`` the
    phase a state opens (its ``phase``)."""

    state: Callable[[Mapping[str, Any], Mapping[str, Any]], S]
    state_json: Callable[[S], dict[str, Any]]
    played_json: Callable[[P], dict[str, Any]]
    after: Callable[[P], S]
    phase: Callable[[S], str]


@dataclass(frozen=True, slots=True)
class Past(Generic[S]):
    """One phase of the game's history: its name, the state it opened with (typed) and
    what the store kept of its result (its events and bribes, as the journal wrote
    them; the current phase's: the events of its mail so far)."""

    phase: str
    state: S
    kept: Mapping[str, Any]


# the game's processed phases so far and the current one (judge.games.market.mail.phases)
History = Callable[[], Sequence[Past[S]]]


@dataclass(frozen=True, slots=True)
class Letter:
    """One report of a processed phase for one reader: ``to`` a member's name, ``"*"``
    for every member and observer (public), or ``"MASTER"``. ``view`` is everything the
    template ``template`` may show that reader, and nothing else. ``subject`` follows
    the game's name (``xg: Exchange W1900B results``) unless ``named``: a notice's
    subject, which names the game in the form of every kind's (``notice_subject``)."""

    to: str
    subject: str
    template: str
    view: Mapping[str, Any]
    named: bool = False


P_co = TypeVar("P_co", covariant=True)


class PhaseReading(Protocol[P_co]):
    """A phase of a kind read one mail at a time (judge.money.<game>.reading): the game
    as its mail so far has left it."""

    @property
    def ended(self) -> bool:
        """A mail ended the game (a DRAW): the phase is played at once, and no more mail
        is read."""

    @property
    def events(self) -> Sequence[Mapping[str, Any]]:
        """What the phase's mail has done so far, in the journal's words."""

    def as_json(self) -> dict[str, Any]:
        """The reading in its kind's JSON, which ``Reader.resume`` reads back."""

    def played(self, mails: Sequence[MailRead]) -> P_co:
        """Play the phase (given what reading each of its mails gave, in order): the
        typed played phase. (The reading's ``close`` is the batch edge's: the same phase
        as the contract's JSON.)"""


R = TypeVar("R", bound=PhaseReading[Any])


@dataclass(frozen=True, slots=True)
class Reader(Generic[R, N]):
    """How a kind's phase is read one mail at a time: ``open`` it from the case envelope
    (variant, game, rules, params, seed) and the state it opened with as the store
    keeps it, ``resume`` it from its JSON (the reading kept with the phase), ``read``
    one mail into it (the mail's lines as sent; what reading them gave), and
    ``in_force``: what it has in force (typed ``N``), which the kind's ``in_force`` and
    ``status_now`` read for STATUS and every reply. Each
    mail is read once, when it arrives; the phase is played once, at its deadline, from
    the reading (judge.games.market.mail.phases)."""

    open: Callable[[Mapping[str, Any], Mapping[str, Any]], R]
    resume: Callable[[Mapping[str, Any], Mapping[str, Any]], R]
    read: Callable[[R, Mail], MailRead]
    in_force: Callable[[R], N]


@dataclass(frozen=True, slots=True)
class MarketKind(Generic[S, P, N]):
    """One market game kind, typed in its state ``S`` (the game as a phase opens), its
    played phase ``P`` and what its open phase has in force ``N`` (as its reader reads
    it from the phase's reading): the service decodes a stored state once per request through
    the kind's ``codec`` and hands every hook the typed values; JSON only where they
    are stored and at the batch edge.

    - ``game``: its record in the registry (judge.games): its name (a batch case's
      ``game``), its title, its word in CREATE and its player bounds (``players``);
    - ``member``: what its players are called ("investor", "player", "pseudonym");
    - ``defaults``: its GM parameters (spec section 6) with their default values, which
      also give each parameter's type when the GM sets one by mail;
    - ``codec``: its state and played phase to and from their stored JSON;
    - ``opening``: the opening state, given the case envelope (variant, game, rules,
      params, seed) and the members' names; ValueError says why the game cannot start;
    - ``acting``: who may sign on as a power in a state (leader, office holders,
      commander), to find whose password to check;
    - ``letters``: the reports of a processed phase (the state before, the phase
      played, the game's envelope (variant, rules, GM parameters, seed) and its
      history, ending with this phase and its events);
    - ``status``: a member's STATUS lines in a state;
    - ``carry``: the state the next phase opens with, given the state before and the
      phase played (the played game; a kind that keeps what was published at an
      opening (prices) or the GM parameters beside the contract's keys carries them);
    - ``setup_problem``: what is wrong with a game's set-up (given the case envelope:
      its rules and GM parameters), for a kind whose player bounds are parameters
      themselves: then CREATE and SET check with it instead of opening a game of
      ``players[0]`` members;
    - ``opening_letters``: what is published at the start besides the start letter.
    - ``secret``: members are known by pseudonym only (Capitalist): no mail to a member
      may name another member's address, so the notice of wrong passwords (which lists
      the senders) goes to the master alone.
    - ``notices``: the letters a mail's immediate commands send at once (state as the
      phase opened, the events of that mail, the game's envelope (variant, rules, GM
      parameters, seed), the game's history);
      None when the kind sends none;
    - ``in_force``: the STATUS lines of what a member's kept mails have in force in the
      open phase (his order sets by the replacement rule), given the state the phase
      opened with, what the phase has in force (``N``, the reader's ``in_force`` of the
      phase's reading), the member's name and the power he is signed on as (or None);
      None when the kind's STATUS shows none.
    """

    game: Kind  # the registry's record (judge.games): name, title, player bounds
    member: str
    defaults: Mapping[str, Any]
    codec: Codec[S, P]
    opening: Callable[[Mapping[str, Any], Sequence[str]], S]
    acting: Callable[[S, str], Sequence[str]]
    letters: Callable[[S, P, Mapping[str, Any], History[S]], list[Letter]]
    status: Callable[[S, str], list[str]]
    carry: Callable[[S, P], S]
    reader: Reader[Any, N]  # how a phase is read one mail at a time
    setup_problem: Callable[[Mapping[str, Any]], str | None] | None = None
    opening_letters: Callable[[S], list[Letter]] | None = None
    secret: bool = False
    # the master's SET <word> <value> lines of this kind beyond its parameters (Exchange's
    # PREFLOATED holdings): each takes the game's options, the value and the names of the
    # members who have joined, and answers the new options (ValueError says why not); the
    # opening reads them from ``options``
    settings: Mapping[str, Callable[[Mapping[str, str], str, Sequence[str]],
                                    dict[str, str]]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def players(self) -> tuple[int, int]:
        return self.game.players

    def bounds(self, params: Mapping[str, Any]) -> tuple[int, int]:
        """The fewest and most members a game with these GM parameters allows: its
        ``MIN_PLAYERS`` and ``MAX_PLAYERS`` (as set, else the kind's defaults) when the
        kind has them (Capitalist, Shareholders), else ``players``."""
        given = {**self.defaults, **params}
        low, high = self.players
        return int(given.get("MIN_PLAYERS", low)), int(given.get("MAX_PLAYERS", high))
    notices: Callable[[S, Sequence[Mapping[str, Any]], Mapping[str, Any], History[S]],
                      list[Letter]] | None = None
    in_force: Callable[[S, N, str, str | None], list[str]] | None = None
    # what STATUS shows every reader (members and the master) of the open phase as its
    # mail so far has left it, given what it has in force (Exchange's open asks without
    # their sellers, its units to retreat); None when the kind has none
    status_now: Callable[[N], list[str]] | None = None
    # who may act in the phase a state opens: each a member's name (any mail of his in
    # the phase counts) or ``NAME/POWER`` (a mail of his signed on as that power); the
    # phase is processed early once each has sent mail for it and none has SET WAIT
    actors: Callable[[S], Sequence[str]] | None = None
    # the start notice's terms: what each member starts with and when the game ends,
    # given the opening state and the game's GM parameters (defaults filled in)
    terms: Callable[[S, Mapping[str, Any]], list[str]] | None = None
    # the year-end chart (judge.games.market.mail.charts): its panels from the states the
    # game's phases opened with (each with its phase's name), and whether the phase
    # played (its name, the phase played) ends a year
    chart: Callable[[Sequence[tuple[str, S]]], list[Panel]] | None = None
    year_end: Callable[[str, P], bool] | None = None
    # an adjustment phase's builds ordered but void (no cash, no vacant home...), per
    # power, from the phase played: tried, so not waived (1901-Shareholders' February)
    void_builds: Callable[[P], Mapping[str, int]] | None = None
    # the board of a state: each power's units and centres (a kind played on the board;
    # the waived builds of an adjustment phase are read from it before and after)
    position: Callable[[S], Position] | None = None
    # the first words of the kind's own command lines (unit orders aside): a member's line
    # the service reads as a command of its own (CLEAR, RESIGN, SET ZONE, TRANSFER) or as
    # a classic judge's word (WHOIS, QUIT) is the kind's only when its first word is one
    # of these; else the service answers it, in the words it uses in every game
    words: frozenset[str] = frozenset()

