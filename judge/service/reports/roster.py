"""Who receives a game's mail: each power's player, the observers and the master, with zones."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy.orm import object_session

from judge.engine.maps import STANDARD_MAP
from judge.games import kind_of
from judge.money.payola.rules import RuleSet
from judge.storage.games import members
from judge.storage.schema import Game, Role

DEFAULT_ZONE = "UTC"


@dataclass(frozen=True, slots=True)
class Member:
    """One recipient: ``reader`` is the power they play, ``MASTER`` or ``OBSERVER``."""

    address: str
    reader: str
    zone: str = DEFAULT_ZONE
    maps: bool = True  # results mails carry the map (SET MAP, else the game's MAP option)


@dataclass(frozen=True)
class Roster:
    """The facts about a game that every report may show, and its recipients.

    Addresses are here so mails can be addressed; no template ever receives them.
    """

    game: str
    variant: str
    map_name: str = STANDARD_MAP
    judge: str = "judge"
    flags: frozenset[str] = frozenset()
    zone: str = DEFAULT_ZONE
    players: Mapping[str, Member] = field(default_factory=dict)  # power -> its player
    observers: tuple[Member, ...] = ()
    master: Member | None = None
    # SET CONTROL: a power without a player of its own -> the power whose player plays it
    controlled: Mapping[str, str] = field(default_factory=dict)
    # those who follow the game's clock without playing in it (a Bourse's members who
    # play no power): told when a deadline moves, the game pauses or resumes, nothing else
    followers: tuple[Member, ...] = ()

    @property
    def title(self) -> str:
        """The game's kind as players read it (judge.games)."""
        return kind_of(self.variant).title

    @property
    def payola(self) -> bool:
        """Powers keep bank accounts and bribe (the kind's ``bank``: Payola)."""
        return kind_of(self.variant).bank

    @cached_property
    def rules(self) -> RuleSet:
        """The game's flags, read (every report asks these fields, never the names)."""
        return RuleSet.parse(self.flags)

    @property
    def blind(self) -> bool:
        """BLIND ("Tin Cup"): each reader's results are tailored to what it may see."""
        return self.rules.blind

    def player(self, power: str) -> Member | None:
        return self.players.get(power)

    def acting(self, power: str) -> Member | None:
        """Whoever gives ``power``'s orders: its own player, or its controller's player
        when another power controls it (SET CONTROL); reminders and late notices about
        ``power`` go to them."""
        own = self.players.get(power)
        if own is not None:
            return own
        controller = self.controlled.get(power)
        return self.players.get(controller) if controller is not None else None

    def master_apart(self) -> Member | None:
        """The master, when the master's address reads no power's or observer's mail:
        what only the master may see (the bribe chart, order copies) must not reach a
        master who also plays."""
        if self.master is None:
            return None
        others = {m.address.lower() for m in (*self.players.values(), *self.observers)}
        return None if self.master.address.lower() in others else self.master

    def everyone(self) -> list[Member]:
        """Players (by power), observers, then the master; each address once."""
        seen: dict[str, Member] = {}
        for member in [*(self.players[p] for p in sorted(self.players)), *self.observers]:
            seen.setdefault(member.address.lower(), member)
        if self.master is not None:
            seen.setdefault(self.master.address.lower(), self.master)
        return list(seen.values())

    def clock_readers(self) -> list[Member]:
        """Everyone, then the followers: who is told that the game's clock moved."""
        seen = {m.address.lower(): m for m in self.everyone()}
        for member in self.followers:
            seen.setdefault(member.address.lower(), member)
        return list(seen.values())


def roster_of(game: Game, judge: str = "judge") -> Roster:
    """The roster of a stored game, read in the game's own session.

    A player's zone is their ``SET ZONE``, else the game's (``ZONE`` option), else UTC.
    """
    session = object_session(game)
    if session is None:
        raise ValueError(f"game {game.name} is not attached to a session")
    zone = game.options.get("ZONE") or DEFAULT_ZONE
    maps = maps_by_default(game)
    players: dict[str, Member] = {}
    observers: list[Member] = []
    for person in members(session, game):
        own = person.zone or zone
        shown = maps if person.maps is None else person.maps
        if person.role == Role.OBSERVER:
            observers.append(Member(person.address, "OBSERVER", own, shown))
        elif person.power is not None:
            players[person.power.name] = Member(person.address, person.power.name, own,
                                                shown)
    controlled = {p.name: p.controller for p in game.powers
                  if p.controller and p.name not in players and p.controller in players}
    return Roster(
        game=game.name, variant=game.variant, map_name=game.map_name, judge=judge,
        flags=frozenset(f.upper() for f in game.flags), zone=zone, players=players,
        observers=tuple(observers), master=Member(game.master_address, "MASTER", zone, maps),
        controlled=controlled,
    )


def maps_by_default(game: Game) -> bool:
    """The game's MAP option (the master's SET MAP ON / OFF): ON unless set OFF."""
    return str(game.options.get("MAP", "ON")).upper() != "OFF"


GameOrRoster = Game | Roster


def as_roster(game: GameOrRoster, judge: str = "judge") -> Roster:
    """A roster as given, or the roster of a stored game."""
    return game if isinstance(game, Roster) else roster_of(game, judge)


def zone_info(name: str) -> ZoneInfo:
    """The zone, or UTC when the name is unknown (a bad zone must not stop a report)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def deadline_text(when: datetime | None, zone: str) -> str | None:
    """A deadline as judges print it, in the reader's zone: ``Mon Jan 07 1901 12:00 CET``."""
    if when is None:
        return None
    if when.tzinfo is None:  # the store keeps naive UTC
        when = when.replace(tzinfo=ZoneInfo(DEFAULT_ZONE))
    return when.astimezone(zone_info(zone)).strftime("%a %b %d %Y %H:%M %Z")
