"""The player's side of the judge's mail, for a machine with nothing but Python: send a
mail to the running judge (``judge mail``) and read what the judge wrote into its
Maildir when no relay is set (``judge outbox``). ``judge demo`` plays through the same
two functions."""

from __future__ import annotations

import email
import mailbox
import smtplib
from collections.abc import Iterable, Sequence
from email.message import EmailMessage
from email.policy import default
from email.utils import formatdate, make_msgid
from pathlib import Path

from judge.config import Settings


def compose(sender: str, to: str, body: str, subject: str = "commands") -> EmailMessage:
    """A plain-text mail as a player's client would write it."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, subject
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or "localhost")
    message.set_content(body if body.endswith("\n") else body + "\n")
    return message


def send_to_judge(settings: Settings, message: EmailMessage) -> None:
    """Hand ``message`` to the judge's own listener (``[smtp] host`` and ``port``)."""
    with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=30) as smtp:
        smtp.send_message(message)


def outbox(maildir: Path, known: Iterable[str] = ()) -> list[tuple[str, EmailMessage]]:
    """Every mail in the judge's Maildir with its key, oldest first (Maildir keys begin
    with the delivery time), leaving out the keys in ``known``."""
    # the judge makes tmp/, new/ and cur/ one after another before any mail is written
    if not (maildir / "cur").is_dir():
        return []
    box = mailbox.Maildir(str(maildir), factory=None, create=False)
    out: list[tuple[str, EmailMessage]] = []
    for key in sorted(set(box.keys()).difference(known)):
        out.append((key, email.message_from_bytes(box.get_bytes(key), policy=default)))
    return out


def listing(mails: Sequence[EmailMessage]) -> list[str]:
    """One line per mail, newest first and numbered from 1: date, recipient, subject."""
    lines = []
    for n, m in enumerate(reversed(mails), 1):
        lines.append(f"{n:4d}  {str(m['Date'] or '')[:25]:25}  {str(m['To'] or ''):30}  "
                     f"{m['Subject'] or ''}")
    return lines


def shown(message: EmailMessage) -> str:
    """A whole mail as a reader sees it: the main headers, then the text."""
    head = [f"{name}: {message[name]}" for name in ("From", "To", "Date", "Subject")
            if message[name] is not None]
    part = message.get_body(preferencelist=("plain",))
    text = part.get_content() if part is not None else ""
    beside = [f"[beside the text: {a.get_filename()}, {len(a.get_content()) // 1000} KB]"
              for a in message.iter_attachments()] if message.is_multipart() else []
    return "\n".join(head) + "\n\n" + str(text) + "".join(f"\n{b}" for b in beside)
