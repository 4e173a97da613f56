"""Reading real mail: raw bytes to the sender, subject and the command lines the player meant."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DecodedMail:
    """What the judge reads from one mail.

    ``sender`` is the From address (lower case, "" if none), ``reply_to`` the
    Reply-To address if any; ``body_lines`` are the command lines in order, with
    quoted replies, signatures, ``//`` comments and everything after ``SIGNOFF``
    taken out, and phone separators split into lines. ``auto_reply`` marks mail that
    must never be answered (bounces, auto-replies, bulk and list mail, empty return
    path); ``auto_reason`` says why. ``inbox_id`` is the stored mail's row, if any.
    """

    sender: str
    reply_to: str | None
    subject: str
    message_id: str
    body_lines: tuple[str, ...]
    auto_reply: bool
    auto_reason: str = ""
    recipients: tuple[str, ...] = ()
    inbox_id: int | None = None

    @property
    def reply_address(self) -> str:
        """Where an answer goes: Reply-To if given, else From."""
        return self.reply_to or self.sender
