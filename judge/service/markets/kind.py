"""What the service needs to know of one market game kind (see ``judge.service.markets``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from judge.games import Kind
from judge.maps import Panel
from judge.money.market.reading import Mail, MailRead

State = Mapping[str, Any]
# the game's processed phases so far, each {"phase", "state" (as it opened), "result"}
History = Callable[[], Sequence[Mapping[str, Any]]]


@dataclass(frozen=True, slots=True)
class Letter:
    """One report of a processed phase for one reader: ``to`` a member's name, ``"*"``
    for every member and observer (public), or ``"MASTER"``. ``view`` is everything the
    template ``template`` may show that reader, and nothing else."""

    to: str
    subject: str
    template: str
    view: Mapping[str, Any]


class PhaseReading(Protocol):
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

    def close(self, mails: Sequence[MailRead]) -> dict[str, Any]:
        """Play the phase (given what reading each of its mails gave, in order) and
        answer the contract's result."""


R = TypeVar("R", bound=PhaseReading)


@dataclass(frozen=True, slots=True)
class Reader(Generic[R]):
    """How a kind's phase is read one mail at a time: ``open`` it from the case envelope
    (variant, game, rules, params, seed) and the state it opened with, ``resume`` it from
    its JSON, ``read`` one mail into it (the mail's lines as sent; what reading them
    gave), and ``in_force``: what STATUS shows of it, as the kind's ``in_force`` reads
    it. Each mail is read once, when it arrives; the phase is played once, at its
    deadline, from the reading (judge.service.markets.phases)."""

    open: Callable[[Mapping[str, Any], Mapping[str, Any]], R]
    resume: Callable[[Mapping[str, Any], Mapping[str, Any]], R]
    read: Callable[[R, Mail], MailRead]
    in_force: Callable[[R], Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class MarketKind:
    """One market game kind.

    - ``game``: its record in the registry (judge.games): its name (a batch case's
      ``game``), its title, its word in CREATE and its player bounds (``players``);
    - ``member``: what its players are called ("investor", "player", "pseudonym");
    - ``defaults``: its GM parameters (spec section 6) with their default values, which
      also give each parameter's type when the GM sets one by mail;
    - ``opening``: the opening state, given the case envelope (variant, game, rules,
      params, seed) and the members' names; ValueError says why the game cannot start;
    - ``acting``: who may sign on as a power in a state (leader, office holders,
      commander), to find whose password to check;
    - ``letters``: the reports of a processed phase (state before, the runner's result,
      which also carries the game's ``variant``, ``rules``, GM ``params`` and
      ``history``, a History ending with this phase and its events);
    - ``status``: a member's STATUS lines in a state;
    - ``setup_problem``: what is wrong with a game's set-up (given the case envelope:
      its rules and GM parameters), for a kind whose player bounds are parameters
      themselves: then CREATE and SET check with it instead of opening a game of
      ``players[0]`` members;
    - ``carry``: the state kept for the next phase, given the state before and the
      runner's result (by default the result's state), for a kind that keeps what was
      published at an opening (prices) or the GM parameters beside the contract's keys;
    - ``opening_letters``: what is published at the start besides the start letter.
    - ``secret``: members are known by pseudonym only (Capitalist): no mail to a member
      may name another member's address, so the notice of wrong passwords (which lists
      the senders) goes to the master alone.
    - ``notices``: the letters a mail's immediate commands send at once (state as the
      phase opened, the events of that mail, the game's envelope (variant, rules, GM
      parameters, seed), the game's history);
      None when the kind sends none;
    - ``name_rule``: a pattern a member's name must match, and what it says.
    - ``in_force``: the STATUS lines of what a member's kept mails have in force in the
      open phase (his order sets by the replacement rule), given the state the phase
      opened with, the runner's result for the phase played with the mails kept so far,
      the member's name and the power he is signed on as (or None); None when the
      kind's STATUS shows none.
    """

    game: Kind  # the registry's record (judge.games): name, title, player bounds
    member: str
    defaults: Mapping[str, Any]
    opening: Callable[[Mapping[str, Any], Sequence[str]], State]
    acting: Callable[[State, str], Sequence[str]]
    letters: Callable[[State, Mapping[str, Any]], list[Letter]]
    status: Callable[[State, str], list[str]]
    reader: Reader[Any]  # how a phase is read one mail at a time
    setup_problem: Callable[[Mapping[str, Any]], str | None] | None = None
    carry: Callable[[State, Mapping[str, Any]], dict[str, Any]] | None = None
    opening_letters: Callable[[State], list[Letter]] | None = None
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
    notices: Callable[[State, Sequence[Mapping[str, Any]], Mapping[str, Any], History],
                      list[Letter]] | None = None
    in_force: Callable[[State, Mapping[str, Any], str, str | None], list[str]] | None = None
    # what STATUS shows every reader (members and the master) of the open phase as its
    # mail so far has left it, given what the reader's ``in_force`` answers (Exchange's
    # open asks without their sellers, its units to retreat); None when the kind has none
    status_now: Callable[[Mapping[str, Any]], list[str]] | None = None
    # who may act in the phase a state opens: each a member's name (any mail of his in
    # the phase counts) or ``NAME/POWER`` (a mail of his signed on as that power); the
    # phase is processed early once each has sent mail for it and none has SET WAIT
    actors: Callable[[State], Sequence[str]] | None = None
    # the start notice's terms: what each member starts with and when the game ends,
    # given the opening state and the game's GM parameters (defaults filled in)
    terms: Callable[[State, Mapping[str, Any]], list[str]] | None = None
    # the year-end chart (judge.service.markets.charts): its panels from the states the
    # game's phases opened with, and whether the phase played (its name, the runner's
    # answer) ends a year
    chart: Callable[[Sequence[Mapping[str, Any]]], list[Panel]] | None = None
    year_end: Callable[[str, Mapping[str, Any]], bool] | None = None
    # an adjustment phase's builds ordered but void (no cash, no vacant home...), per
    # power, from the runner's answer: tried, so not waived (1901-Shareholders' February)
    void_builds: Callable[[Mapping[str, Any]], Mapping[str, int]] | None = None


def units_and_centres(state: State, power: str) -> list[str]:
    """STATUS's two lines of a power on the board: its units and its centres."""
    return [f"  Units: {', '.join(sorted(state.get('units', {}).get(power, []))) or 'none'}",
            f"  Centres: {', '.join(sorted(state.get('centers', {}).get(power, []))) or 'none'}"]
