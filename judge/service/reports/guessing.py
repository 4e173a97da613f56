"""The notice that someone keeps sending wrong passwords for a power (or the master)."""

from __future__ import annotations

from dataclasses import dataclass

from judge.service.reports.mail import Mail, compose
from judge.service.reports.notices import notice_subject


@dataclass(frozen=True, slots=True)
class GuessingView:
    """``count`` wrong passwords for ``who`` in ``game`` within the hour, from ``senders``
    (the From addresses they claimed, which may be forged). ``owner``: the reader is the
    one whose password was guessed at."""

    game: str
    who: str
    count: int
    senders: tuple[str, ...]
    owner: bool


def guessing_mails(game: str, who: str, count: int, senders: list[str], owner_address: str,
                   master_address: str, keeper: str) -> list[Mail]:
    """To the owner of the guessed password, and to the game's master (the keeper when the
    master's own password is guessed at)."""
    subject = notice_subject(game, f": {count} wrong passwords for {who}")
    watcher = keeper if who == "MASTER" else master_address
    mails = [compose(owner_address, who, subject, "notice/guessing.txt.j2",
                     GuessingView(game, who, count, tuple(senders), True))]
    if watcher.lower() != owner_address.lower():
        mails.append(compose(watcher, "KEEPER" if who == "MASTER" else "MASTER", subject,
                             "notice/guessing.txt.j2",
                             GuessingView(game, who, count, tuple(senders), False)))
    return mails
