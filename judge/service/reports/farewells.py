"""Notices that part readers from a game: the player the master removes from a power
(EJECT, REPLACE), and everyone in a game the master terminates before it started."""

from __future__ import annotations

from dataclasses import dataclass

from judge.service.reports.mail import Mail, compose
from judge.service.reports.notices import notice_subject
from judge.service.reports.roster import GameOrRoster, as_roster


@dataclass(frozen=True, slots=True)
class RemovalView:
    """What the removed player learns: the power it no longer plays and what becomes of
    it (``reopened``: REPLACE opened it to a new player; else EJECT, civil disorder)."""

    game: str
    power: str
    reopened: bool


@dataclass(frozen=True, slots=True)
class UnstartedEndView:
    """A game terminated while forming, to one reader: ``power`` is the one it had joined
    as (None for an observer or the master)."""

    game: str
    power: str | None


def removal_mails(game: GameOrRoster, power: str, reopened: bool) -> list[Mail]:
    """The master's EJECT (the power goes into civil disorder) or REPLACE (it opens to a
    new player): its player, and nobody else, is told that it no longer plays it. Build
    them before the player leaves the roster."""
    roster = as_roster(game)
    member = roster.player(power)
    if member is None:
        return []
    return [compose(member.address, power,
                    notice_subject(roster.game, f": you no longer play {power}"),
                    "notice/removed.txt.j2", RemovalView(roster.game, power, reopened))]


def unstarted_end_mails(game: GameOrRoster, but: str | None = None) -> list[Mail]:
    """TERMINATE before the game started: there is no position or balance to report, so
    every reader (but ``but``, who learns it in the reply) is told only that it is over."""
    roster = as_roster(game)
    return [compose(m.address, m.reader, notice_subject(roster.game, "is terminated"),
                    "notice/unstarted.txt.j2",
                    UnstartedEndView(roster.game,
                                     m.reader if m.reader in roster.players else None))
            for m in roster.everyone() if but is None or m.address.lower() != but.lower()]
