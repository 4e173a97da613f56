"""How much the judge answers: a budget of replies per address and hour, a read command
answered once per mail, and a cap on a reply's size, so that no loop and no mail makes the
judge a mail cannon (issue 12).

The budget counts the answers to mail that signed on nowhere (what an autoresponder loop,
a stranger or a forged Reply-To gets); a player's or master's mail that signed on with
the right password is never counted, so a busy game is never cut off."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from judge.service.context import Result
from judge.storage.mailqueue import replies_since
from judge.text import commands as c
from judge.text.commands import Step

HOUR = timedelta(hours=1)
MAX_REPLY = 64 * 1024  # characters of one reply; the rest is cut with a note
# Commands that only read: asked twice in one mail, they are answered once.
READ_ONLY = (c.Help, c.List, c.Summary, c.History, c.Status)


def over_budget(session: Session, address: str, budget: int, now: datetime) -> int | None:
    """How many replies ``address`` got in the last hour when that is the budget or more
    (its mail is then not read), else None."""
    sent = replies_since(session, address, now - HOUR)
    return sent if sent >= budget else None


def repeated(step: Step, seen: dict[tuple[type, str], int]) -> Result | None:
    """The result of a read command already asked earlier in the mail (not run again), or
    None when ``step`` is to be run; ``seen`` collects the mail's read commands."""
    if not isinstance(step.command, READ_ONLY):
        return None
    key = (type(step.command), " ".join(step.text.upper().split()))
    first = seen.setdefault(key, step.line)
    if first == step.line:
        return None
    return Result(step.line, step.text, True, [f"Same as line {first}; answered once."])


def capped(body: str, footer: str) -> str:
    """``body`` cut at a line end before ``MAX_REPLY`` characters, with a note saying so;
    ``footer`` (the signature) is kept."""
    if len(body) <= MAX_REPLY:
        return body
    cut = body.rfind("\n", 0, MAX_REPLY - 400)
    note = ("\n[The reply was cut here: it would have been longer than "
            f"{MAX_REPLY // 1024} KB. Every command of your mail was read and done as above "
            "or below the cut; send fewer HELP, LIST, SUMMARY or HISTORY lines in one mail "
            "to see all the answers.]\n")
    return body[:cut] + "\n" + note + footer
