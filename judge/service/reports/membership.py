"""Notices about who plays a game: the master learns it is full, a power has a new player,
a player resigned or cannot be reached; a player learns it now controls another power."""

from __future__ import annotations

from dataclasses import dataclass

from judge.service.reports.mail import Mail, compose
from judge.service.reports.notices import notice_subject
from judge.service.reports.roster import GameOrRoster, Member, as_roster


@dataclass(frozen=True, slots=True)
class MemberView:
    """A notice about one power of a game (or the whole game when ``power`` is None).
    ``started``: the game is under way, so a power without a player is in civil disorder
    rather than open."""

    game: str
    power: str | None = None
    started: bool = True


@dataclass(frozen=True, slots=True)
class BounceView:
    """To the master (or the keeper, about a master): whose mail comes back, never the
    address it was sent to. ``kind`` is ``power``, ``observer`` or ``master``; ``name``
    the power or the observer's name."""

    game: str
    kind: str
    name: str = ""


@dataclass(frozen=True, slots=True)
class ControlView:
    """To the controller's player: ``given`` is True when the master's SET CONTROL gave it
    ``power``, False when SET NOCONTROL (or a new player of its own) took it away."""

    game: str
    power: str
    by: str
    given: bool
    vassal: bool = False  # VASSAL_DUMMIES: it sends nothing; ``by`` bribes its units


@dataclass(frozen=True, slots=True)
class MembersView:
    """To a market game's master: ``count`` members have joined, the fewest (``fewest``)
    or the most (``most``) the game may start with; START is his to send."""

    game: str
    title: str
    member: str
    count: int
    fewest: int
    most: int


def members_mails(master: str, game: str, title: str, member: str, count: int,
                  fewest: int, most: int) -> list[Mail]:
    """A market game starts at the master's START alone: he is told once when enough
    members have joined for it to start, and once when no more may join (never at each
    JOIN, which anyone may send)."""
    if count not in (fewest, most):
        return []
    said = " is full" if count == most else f": {count} {member}s have joined"
    return [compose(master, "MASTER", notice_subject(game, said), "notice/members.txt.j2",
                    MembersView(game, title, member, count, fewest, most))]


def _to_master(game: GameOrRoster, subject: str, template: str,
               power: str | None = None, started: bool = True) -> list[Mail]:
    roster = as_roster(game)
    if roster.master is None:
        return []
    return [compose(roster.master.address, "MASTER", notice_subject(roster.game, subject),
                    template, MemberView(roster.game, power, started))]


def full_mails(game: GameOrRoster) -> list[Mail]:
    """The last open power of a forming game was taken: the judge starts the game at its
    next run, so the master needs to do nothing but may want to know."""
    return _to_master(game, " is full", "notice/full.txt.j2")


def takeover_mails(game: GameOrRoster, power: str) -> list[Mail]:
    """A new player joined a started game as a power the master had opened (REPLACE)."""
    return _to_master(game, f": {power} has a new player", "notice/takeover.txt.j2", power)


def resignation_mails(game: GameOrRoster, power: str, started: bool) -> list[Mail]:
    """A player resigned: in a started game the power is in civil disorder until the master
    opens it (REPLACE); before the start it is simply open again."""
    return _to_master(game, f": {power} resigned", "notice/resigned.txt.j2", power, started)


def bounce_mails(to: str, game: str, kind: str, name: str = "") -> list[Mail]:
    """The judge's mail to a power's player, an observer or the master (``kind``) comes back
    undeliverable: the game's master, or the keeper when it is the master's own address, is
    told whose mail it is, never the address."""
    who = {"power": name, "observer": f"observer {name}".strip()}.get(kind, "the master")
    return [compose(to, "KEEPER" if kind == "master" else "MASTER",
                    notice_subject(game, f": mail to {who} bounced"),
                    "notice/bounce.txt.j2", BounceView(game, kind, name))]


def control_mails(game: GameOrRoster, power: str, by: str, given: bool,
                  vassal: bool = False) -> list[Mail]:
    """SET CONTROL gave ``power`` to ``by``'s player, or SET NOCONTROL took it back: that
    player alone is told how to sign on as it (or that it no longer can)."""
    roster = as_roster(game)
    member: Member | None = roster.player(by)
    if member is None:
        return []
    said = "you control" if given else "you no longer control"
    return [compose(member.address, by, notice_subject(roster.game, f": {said} {power}"),
                    "notice/control.txt.j2", ControlView(roster.game, power, by, given, vassal))]
