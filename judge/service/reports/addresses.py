"""The mails of an address change: the code sent to the new address (SET ADDRESS), and
the change told to the old and the new address (CONFIRM ADDRESS)."""

from __future__ import annotations

from dataclasses import dataclass

from judge.service.reports.mail import Mail, compose
from judge.service.reports.notices import notice_subject


@dataclass(frozen=True, slots=True)
class AddressView:
    """What one address learns of a change of ``who``'s address (a power, ``MASTER`` or
    an observer's name; ``role`` says which). ``new`` is shown to the old address alone,
    so the registered owner knows where its mail went; ``code`` only to the new one."""

    game: str
    who: str
    role: str
    new: str | None = None
    code: str | None = None
    days: int = 0


def code_mail(to: str, game: str, who: str, role: str, code: str, days: int) -> Mail:
    """The confirmation code, to the address asked for and nowhere else."""
    return compose(to, who, notice_subject(game, ": confirm your address"),
                   "notice/address_code.txt.j2", AddressView(game, who, role, code=code,
                                                             days=days))


def changed_mails(game: str, who: str, role: str, old: str, new: str,
                  but: str | None = None) -> list[Mail]:
    """The change is done: the old address learns where the mail goes now (its owner's
    alarm when it was not them), the new one that it arrives there; ``but`` (who sent
    the code back) learns it in the reply."""
    subject = notice_subject(game, ": address changed")
    mails = []
    for to, view in ((old, AddressView(game, who, role, new=new)),
                     (new, AddressView(game, who, role))):
        if but is None or to.lower() != but.lower():
            mails.append(compose(to, who, subject, "notice/address_changed.txt.j2", view))
    return mails
