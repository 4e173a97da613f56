"""How a mail leaves the judge: handed to an SMTP relay, or written into a Maildir."""

from __future__ import annotations

import mailbox
import smtplib
from pathlib import Path
from typing import Protocol

from judge.config import Settings


class DeliveryError(Exception):
    """A mail was not delivered; ``retry`` says whether a later attempt may succeed."""

    def __init__(self, message: str, retry: bool) -> None:
        super().__init__(message)
        self.retry = retry


class UncertainDelivery(Exception):
    """The connection broke while the message was being handed over: it may have arrived."""


class Delivery(Protocol):
    """How a mail leaves the judge."""

    def deliver(self, sender: str, recipient: str, data: bytes) -> None: ...

    def delivered(self, message_id: str) -> bool | None:
        """Whether a mail with this Message-ID was handed over (None: cannot tell)."""
        ...

    def close(self) -> None: ...


class RelayDelivery:
    """Hands mail to an SMTP relay, one connection kept open across a batch."""

    def __init__(self, settings: Settings, timeout: float = 60.0) -> None:
        assert settings.relay is not None
        self.host, self.port = settings.relay
        self.settings = settings
        self.timeout = timeout
        self._smtp: smtplib.SMTP | None = None

    def _connection(self) -> smtplib.SMTP:
        if self._smtp is None:
            smtp = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
            smtp.ehlo()
            if self.settings.relay_starttls:
                smtp.starttls()
                smtp.ehlo()
            if self.settings.relay_username:
                smtp.login(self.settings.relay_username, self.settings.relay_password)
            self._smtp = smtp
        return self._smtp

    def deliver(self, sender: str, recipient: str, data: bytes) -> None:
        # Until DATA is answered nothing can have been delivered: any failure is safe
        # to retry. A broken connection during DATA is not: it may have gone through.
        try:
            smtp = self._connection()
            sender, recipient, utf8 = smtp_addresses(sender, recipient)
            options = ["SMTPUTF8", "BODY=8BITMIME"] if utf8 else []
            if utf8 and not smtp.has_extn("smtputf8"):
                raise DeliveryError(f"relay {self.host}:{self.port} does not take SMTPUTF8, "
                                    f"which the address {recipient} needs", retry=False)
            smtp.command_encoding = "utf-8" if utf8 else "ascii"
            code, reply = smtp.mail(sender, options)
            if code != 250:
                self._refused(code, reply)
            code, reply = smtp.rcpt(recipient)
            if code not in (250, 251):
                self._refused(code, reply)
        except DeliveryError:
            raise
        except UnicodeError as e:  # an address no encoding can carry: never retry it
            self._reset()
            raise DeliveryError(f"cannot send to {recipient!r}: {e}", retry=False) from e
        except (OSError, smtplib.SMTPException) as e:
            self.close()
            raise DeliveryError(f"relay {self.host}:{self.port}: {e}", retry=True) from e
        try:
            smtp.data(data)
        except smtplib.SMTPDataError as e:
            self._reset()
            raise DeliveryError(_reply_text(e.smtp_code, e.smtp_error), e.smtp_code < 500) from e
        except (OSError, smtplib.SMTPException) as e:
            self.close()
            raise UncertainDelivery(f"relay {self.host}:{self.port} during DATA: {e}") from e

    def _refused(self, code: int, reply: bytes) -> None:
        self._reset()
        raise DeliveryError(_reply_text(code, reply), retry=code < 500)

    def _reset(self) -> None:
        try:
            if self._smtp is not None:
                self._smtp.rset()
        except (OSError, smtplib.SMTPException):
            self.close()

    def delivered(self, message_id: str) -> bool | None:
        return None

    def close(self) -> None:
        if self._smtp is not None:
            try:
                self._smtp.quit()
            except (OSError, smtplib.SMTPException):
                self._smtp.close()
            self._smtp = None


def smtp_addresses(sender: str, recipient: str) -> tuple[str, str, bool]:
    """The envelope addresses as the relay gets them, and whether SMTPUTF8 is needed: a
    non-ASCII domain goes as IDNA (punycode) when its local part is ASCII; a non-ASCII
    local part needs SMTPUTF8 (RFC 6531)."""
    out = []
    utf8 = False
    for address in (sender, recipient):
        local, _, domain = address.rpartition("@")
        if not domain.isascii():
            try:
                domain = domain.encode("idna").decode("ascii")
            except UnicodeError:
                utf8 = True
        if not local.isascii():
            utf8 = True
        out.append(f"{local}@{domain}" if local else address)
    return out[0], out[1], utf8


class MaildirDelivery:
    """Writes each mail into a Maildir (new/), where any mail client can read it."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # mail is private
        self.maildir = mailbox.Maildir(self.path, factory=None, create=True)

    def deliver(self, sender: str, recipient: str, data: bytes) -> None:
        try:
            # Written to tmp/, then renamed into new/: atomic. Files on disk use "\n".
            self.maildir.add(data.replace(b"\r\n", b"\n"))
        except OSError as e:
            raise DeliveryError(f"maildir {self.path}: {e}", retry=True) from e

    def delivered(self, message_id: str) -> bool | None:
        needle = f"message-id: {message_id}".lower().encode()
        for sub in ("new", "cur"):
            for file in (self.path / sub).iterdir():
                with file.open("rb") as f:
                    head = f.read(16384).split(b"\n\n", 1)[0].split(b"\r\n\r\n", 1)[0]
                if needle in head.lower():
                    return True
        return False

    def close(self) -> None:
        pass


def delivery_for(settings: Settings) -> Delivery:
    """The relay when one is configured, else the Maildir."""
    return RelayDelivery(settings) if settings.relay else MaildirDelivery(settings.maildir)


def _reply_text(code: int, reply: bytes | str) -> str:
    text = reply.decode("utf-8", "replace") if isinstance(reply, bytes) else str(reply)
    return f"{code} {text}"
