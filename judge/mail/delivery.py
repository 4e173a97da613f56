"""How a mail leaves the judge: handed to an SMTP relay, or written into a Maildir."""

from __future__ import annotations

import itertools
import logging
import os
import smtplib
import socket
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Protocol

from judge.config import Settings

log = logging.getLogger(__name__)


class DeliveryError(Exception):
    """A mail was not delivered; ``retry`` says whether a later attempt may succeed."""

    def __init__(self, message: str, retry: bool) -> None:
        super().__init__(message)
        self.retry = retry


class UncertainDelivery(Exception):
    """The connection broke while the message was being handed over: it may have arrived."""


# One mail to hand over: (envelope sender, recipient, the message's bytes).
Outgoing = tuple[str, str, bytes]


class Delivery(Protocol):
    """How a mail leaves the judge."""

    def deliver(self, sender: str, recipient: str, data: bytes) -> None: ...

    def deliver_many(self, mails: Sequence[Outgoing]) -> list[Exception | None]:
        """Hand over each mail, in order; for each, None when it was delivered, else the
        ``DeliveryError`` or ``UncertainDelivery`` that ``deliver`` would have raised."""
        ...

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

    def deliver_many(self, mails: Sequence[Outgoing]) -> list[Exception | None]:
        """Each mail over the one open connection, in turn."""
        return [_outcome(self.deliver, mail) for mail in mails]

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
    """Writes each mail into a Maildir (new/), where any mail client can read it.

    A mail is written to tmp/, made durable (fsync), then renamed into new/ (atomic), and
    new/ is made durable: once ``deliver`` returns the mail survives a power cut. A batch
    (``deliver_many``) writes all its files first, then syncs them all at once (the
    file system commits their fsyncs together) and renames them: one disk flush for the
    batch instead of one per mail."""

    SYNC_THREADS = 16

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # mail is private
        for sub in ("tmp", "new", "cur"):
            (self.path / sub).mkdir(mode=0o700, parents=True, exist_ok=True)
        host = socket.gethostname().replace("/", r"\057").replace(":", r"\072")
        self._unique = f"P{os.getpid()}.{host}"
        self._count = itertools.count()

    def deliver(self, sender: str, recipient: str, data: bytes) -> None:
        error = self.deliver_many([(sender, recipient, data)])[0]
        if error is not None:
            raise error

    def deliver_many(self, mails: Sequence[Outgoing]) -> list[Exception | None]:
        outcomes: list[Exception | None] = []
        written: list[tuple[int, str, int]] = []  # (index, file name, open descriptor)
        try:
            for index, (_, _, data) in enumerate(mails):
                try:
                    name, fd = self._write(data)
                except OSError as e:
                    outcomes.append(DeliveryError(f"maildir {self.path}: {e}", retry=True))
                    continue
                outcomes.append(None)
                written.append((index, name, fd))
            if not written:
                return outcomes
            try:
                self._sync([fd for _, _, fd in written])
            except OSError as e:  # none of them is known to be on disk: all wait
                for index, _, _ in written:
                    outcomes[index] = DeliveryError(f"maildir {self.path}: {e}", retry=True)
                return outcomes
        finally:
            for _, _, fd in written:
                os.close(fd)
        moved = False
        for index, name, _ in written:
            try:
                os.rename(self.path / "tmp" / name, self.path / "new" / name)
                moved = True
            except OSError as e:
                outcomes[index] = DeliveryError(f"maildir {self.path}: {e}", retry=True)
        if moved:
            try:
                self._sync_directory(self.path / "new")
            except OSError:
                # Renamed, perhaps not yet durable; marked pending it would be written a
                # second time beside the file already in new/, so it counts as delivered.
                log.warning("maildir %s: could not sync new/", self.path, exc_info=True)
        return outcomes

    def _write(self, data: bytes) -> tuple[str, int]:
        """The message written (not yet synced) to a new file in tmp/: its name and an
        open descriptor."""
        now = time.time()
        name = f"{int(now)}.M{int(now % 1 * 1e6)}{self._unique}Q{next(self._count)}"
        fd = os.open(self.path / "tmp" / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            view = memoryview(data.replace(b"\r\n", b"\n"))  # files on disk use "\n"
            while view:
                view = view[os.write(fd, view):]
        except OSError:
            os.close(fd)
            os.unlink(self.path / "tmp" / name)
            raise
        return name, fd

    def _sync(self, fds: list[int]) -> None:
        if len(fds) == 1:
            os.fsync(fds[0])
            return
        # fsyncs issued together are committed together by the file system's journal
        with ThreadPoolExecutor(min(self.SYNC_THREADS, len(fds))) as pool:
            for _ in pool.map(os.fsync, fds):
                pass

    @staticmethod
    def _sync_directory(path: Path) -> None:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

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


def _outcome(deliver: Callable[[str, str, bytes], None],
             mail: Outgoing) -> Exception | None:
    try:
        deliver(*mail)
    except (DeliveryError, UncertainDelivery) as e:
        return e
    return None


def delivery_for(settings: Settings) -> Delivery:
    """The relay when one is configured, else the Maildir."""
    return RelayDelivery(settings) if settings.relay else MaildirDelivery(settings.maildir)


def _reply_text(code: int, reply: bytes | str) -> str:
    text = reply.decode("utf-8", "replace") if isinstance(reply, bytes) else str(reply)
    return f"{code} {text}"
