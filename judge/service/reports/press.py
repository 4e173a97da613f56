"""Press relayed to one reader from the judge's address, under the sender's name only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.service.reports.mail import Mail, compose


@dataclass(frozen=True, slots=True)
class PressView:
    """One press message as its readers see it: who sent it (a power, the master or an
    observer, ``role`` says which), the readers it went to (none: a broadcast) and its
    lines as written. Never the sender's address. ``powers``: the names are powers',
    printed as judges print them (``France``); else a market game's members' names,
    printed as the judge knows them everywhere else (``ALICE``). An observer is
    named as he signs on (``observer OBS``)."""

    game: str
    sender: str
    role: str
    to: tuple[str, ...]
    lines: tuple[str, ...]
    powers: bool = True


def press_mail(to: str, reader: str, game: str, sender: str, role: str,
               recipients: Sequence[str], lines: Sequence[str],
               powers: bool = True) -> Mail:
    """The press for one reader; ``recipients`` empty for a broadcast; ``powers`` False
    when the names are a market game's members' rather than powers'."""
    kind = "press" if recipients else "broadcast"
    return compose(to, reader, f"Diplomacy {kind} {game}", "notice/press.txt.j2",
                   PressView(game, sender, role, tuple(recipients), tuple(lines), powers))
