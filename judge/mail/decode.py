"""Reading real mail: raw bytes to the sender, subject and the command lines the player meant."""

from __future__ import annotations

import email
from collections.abc import Iterable, Iterator
from email.header import decode_header, make_header
from email.message import Message
from email.parser import BytesHeaderParser
from email.policy import compat32

from judge.mail import boundary
from judge.mail.address import header_address, valid_address
from judge.mail.lines import command_lines, normalise
from judge.mail.markup import html_to_text
from judge.storage.mailqueue import DecodedMail

# DecodedMail lives beside the inbox in storage, so service reads the very type made here.
__all__ = ["DecodedMail", "decode_mail"]

boundary.install()  # no regular expression compiled for each multipart mail

_LATIN1_LABELS = frozenset({"iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "iso-ir-100"})
MAX_HEADER_TEXT = 2000  # characters of a header decoded; the rest of a longer one is noise
MAX_DEPTH = 20  # deeper MIME nesting than any client makes is a bomb, not a mail


def decode_mail(
    raw: bytes,
    envelope_sender: str | None = None,
    recipients: Iterable[str] = (),
    inbox_id: int | None = None,
    peer: str = "",
) -> DecodedMail:
    """Read one raw mail; never raises, whatever the bytes.

    ``envelope_sender`` is the SMTP MAIL FROM ("" for the null return path of
    bounces; None when unknown).
    """
    try:
        message = email.message_from_bytes(raw, policy=compat32)
        text = body_text(message)
        unreadable = ""
    except Exception as error:  # noqa: BLE001 - the email package fails in many ways
        # Its parser recurses once per MIME level (1,000 nested multiparts raise
        # RecursionError) and trips over broken structure: the mail is answered as
        # unreadable, from its header block alone, which parses without the body.
        message = _headers_only(raw)
        text = ""
        unreadable = type(error).__name__
    sender = header_address(_raw_header(message, "From")) or valid_address(envelope_sender or "")
    reply_to = header_address(_raw_header(message, "Reply-To")) or None
    reason = auto_reason(message, envelope_sender, sender)
    # a delivery report is read for bounces only when the mail itself says it is one
    bounced = failed_recipients(message) if reason else ()
    reason = reason or loop_reason(message)
    return DecodedMail(
        sender=sender,
        reply_to=reply_to if reply_to != sender else None,
        subject=normalise(" ".join(_header(message, "Subject").split())),
        message_id=normalise(" ".join(_header(message, "Message-ID").split())),
        body_lines=command_lines(text),
        auto_reply=bool(reason),
        auto_reason=reason,
        recipients=tuple(recipients),
        inbox_id=inbox_id,
        bounced=bounced,
        source=f"{peer} {envelope_sender or ''}".strip(),
        unreadable=unreadable,
    )


def _headers_only(raw: bytes) -> Message:
    """The mail's header block as a message with no body (an empty one if even that
    cannot be read)."""
    try:
        return BytesHeaderParser(policy=compat32).parsebytes(raw)
    except Exception:  # noqa: BLE001
        return Message()


# How vacation and out-of-office replies begin their subjects (responders that set no
# Auto-Submitted header still do this), in the languages players write in. Words a player
# might start a subject with ("Vacation", "Absence") are left out on purpose.
AUTO_SUBJECTS = (
    "auto:", "automatic reply", "autoreply", "auto-reply", "auto reply", "auto response",
    "autoresponse", "out of office", "out of the office", "ooo:", "abwesenheitsnotiz",
    "automatische antwort", "réponse automatique", "reponse automatique",
    "respuesta automática", "respuesta automatica",
    "risposta automatica", "automatisch antwoord", "afwezig", "autosvar",
    "undeliverable:", "undelivered mail", "delivery status notification",
    "returned mail", "mail delivery failed", "failure notice",
)
MAX_BOUNCED = 20  # more in one report is a flood, not news about players


def failed_recipients(message: Message) -> tuple[str, ...]:
    """The recipients a delivery report (RFC 3464) gives up on: ``Action: failed`` in a
    message/delivery-status part, or Exim's X-Failed-Recipients header. Delays and
    successes are not failures."""
    found: dict[str, None] = {}
    for address in _raw_header(message, "X-Failed-Recipients").split(",")[:MAX_BOUNCED]:
        if header_address(address):
            found[header_address(address)] = None
    for part in _parts(message, 0):
        if part.get_content_type() != "message/delivery-status":
            continue
        for block in _status_blocks(part):
            action = str(block.get("Action", "")).strip().lower()
            recipient = str(block.get("Final-Recipient") or block.get("Original-Recipient") or "")
            address = header_address(recipient.partition(";")[2] or recipient)
            if action == "failed" and address:
                found[address] = None
    return tuple(found)[:MAX_BOUNCED]


def _parts(part: Message, depth: int) -> Iterator[Message]:
    if depth > MAX_DEPTH:
        return
    yield part
    if part.is_multipart() and part.get_content_maintype() == "multipart":
        for child in part.get_payload():
            if isinstance(child, Message):
                yield from _parts(child, depth + 1)


def _status_blocks(part: Message) -> list[Message]:
    """The per-message and per-recipient header blocks of a delivery-status part (the
    parser gives them as messages; a part it could not split is read here)."""
    payload = part.get_payload()
    if isinstance(payload, list):
        return [b for b in payload if isinstance(b, Message)]
    text = payload if isinstance(payload, str) else ""
    blocks: list[list[str]] = [[]]
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    return [email.message_from_string("\n".join(b) + "\n", policy=compat32)
            for b in blocks if b]


def auto_reason(message: Message, envelope_sender: str | None, sender: str) -> str:
    """Why this mail must not be answered (RFC 3834 and the habits of list servers), or ""."""
    if envelope_sender == "" or _header(message, "Return-Path").strip() == "<>":
        return "empty return path"
    auto = _header(message, "Auto-Submitted").strip().lower()
    if auto and not auto.startswith("no"):
        return f"Auto-Submitted: {auto}"
    precedence = _header(message, "Precedence").strip().lower()
    if precedence in ("bulk", "list", "junk"):
        return f"Precedence: {precedence}"
    if message.get_content_type() == "multipart/report" or any(
        _header(message, h) for h in ("X-Autoreply", "X-Autorespond", "X-Failed-Recipients")
    ):
        return "automatic reply or delivery report"
    if _header(message, "List-Id") or _header(message, "List-Unsubscribe"):
        return "mailing list mail"
    local = sender.partition("@")[0]
    if local in ("mailer-daemon", "postmaster") or local.startswith(("noreply", "no-reply")):
        return f"sent by {local}"
    if not sender and not envelope_sender:
        return "no sender address"
    return ""


def loop_reason(message: Message) -> str:
    """Why this mail looks automatic though it sets no RFC 3834 header: a subject that
    vacation responders use, or Microsoft's X-Auto-Response-Suppress; "" if neither. Never
    a reason to read the mail as a delivery report."""
    suppress = _header(message, "X-Auto-Response-Suppress").replace(",", " ").lower().split()
    if {"all", "oof", "autoreply"} & set(suppress):
        return f"X-Auto-Response-Suppress: {' '.join(suppress)}"
    subject = " ".join(_header(message, "Subject").split()).lower()
    if subject.startswith(AUTO_SUBJECTS):
        return f"automatic reply (subject {subject[:40]!r})"
    return ""


def body_text(message: Message) -> str:
    """The readable text of a mail: its plain parts, else its HTML parts turned to text."""
    plain: list[str] = []
    html: list[str] = []
    for part in _body_parts(message, 0):
        kind = part.get_content_type()
        text = _part_text(part)
        if kind == "text/html":
            html.append(text)
        else:
            plain.append(text)
    if any(t.strip() for t in plain):
        return "\n".join(plain)
    return "\n".join(html_to_text(h) for h in html)


def _body_parts(part: Message, depth: int) -> Iterator[Message]:
    """Text parts a reader would see, alternatives reduced to one, attachments skipped."""
    if depth > MAX_DEPTH:
        return
    maintype = part.get_content_maintype()
    if part.is_multipart():
        children = [c for c in part.get_payload() if isinstance(c, Message)]
        if maintype == "message":
            return  # an attached or forwarded mail is not this mail's commands
        if part.get_content_type() == "multipart/alternative":
            children = _best_alternative(children)
        for child in children:
            yield from _body_parts(child, depth + 1)
        return
    if maintype != "text" or _is_attachment(part):
        return
    yield part


def _best_alternative(children: list[Message]) -> list[Message]:
    """Of alternatives, the plain one if any (what the player typed), else the last."""
    for child in children:
        if child.get_content_type() == "text/plain" and not _is_attachment(child):
            return [child]
    for child in children:
        if child.is_multipart() and any(
            p.get_content_type() == "text/plain" for p in _body_parts(child, MAX_DEPTH - 2)
        ):
            return [child]
    return children[-1:]


def _is_attachment(part: Message) -> bool:
    disposition = str(part.get("Content-Disposition", "") or "").lower()
    return disposition.startswith("attachment")


def _part_text(part: Message) -> str:
    try:
        data = part.get_payload(decode=True)
    except Exception:  # broken encodings: fall back to the undecoded text
        data = None
    if not isinstance(data, bytes):
        payload = part.get_payload()
        data = payload.encode("utf-8", "replace") if isinstance(payload, str) else b""
    text = decode_bytes(data, part.get_content_charset())
    params = {k.lower(): str(v).lower() for k, v in _params(part)}
    if params.get("format") == "flowed":
        text = unflow(text, delsp=params.get("delsp") == "yes")
    return text


def _params(part: Message) -> list[tuple[str, str]]:
    try:
        return [(k, v) for k, v in part.get_params(failobj=[]) if isinstance(v, str)]
    except Exception:
        return []


def decode_bytes(data: bytes, charset: str | None) -> str:
    """Bytes in the declared charset, else UTF-8, else Windows-1252 (what mislabelled
    Latin-1 usually is); nothing ever fails."""
    names: tuple[str | None, ...] = (charset, "utf-8")
    if charset and charset.lower().replace("_", "-") in _LATIN1_LABELS:
        # Mail labelled Latin-1 is nearly always Windows-1252 (its dashes and curly quotes
        # sit where Latin-1 has control characters), as web browsers assume too.
        names = ("cp1252", "latin-1")
    elif charset and charset.lower() in ("us-ascii", "ascii", "ansi_x3.4-1968"):
        names = ("ascii", "utf-8")
    for name in names:
        if not name:
            continue
        try:
            return data.decode(name)
        except (LookupError, UnicodeDecodeError, ValueError):
            continue
    return data.decode("cp1252", errors="replace")


def unflow(text: str, delsp: bool = False) -> str:
    """RFC 3676 format=flowed: a line ending in a space continues on the next line."""
    out: list[str] = []
    pending = ""
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.startswith(" "):
            line = line[1:]  # space-stuffing
        if pending and line.startswith(">"):
            out.append(pending)  # a change of quote depth ends the paragraph
            pending = ""
        if line.endswith(" ") and line != "-- " and not line.startswith(">"):
            pending += line[:-1] if delsp else line
            continue
        out.append(pending + line)
        pending = ""
    if pending:
        out.append(pending)
    return "\n".join(out)


def _raw_header(message: Message, name: str) -> str:
    """A header as sent, unfolded, nothing decoded (so an encoded word stays what it is);
    raw UTF-8 (RFC 6532) read as UTF-8."""
    wanted = name.lower()
    value = next((v for k, v in message.raw_items() if k.lower() == wanted), None)
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    try:
        text = text.encode("ascii", "surrogateescape").decode("utf-8", "replace")
    except UnicodeError:
        pass
    return " ".join(text.split())


def _header(message: Message, name: str) -> str:
    """A header's text with RFC 2047 encoded words decoded; "" when absent or unreadable."""
    value = message.get(name)
    if value is None:
        return ""
    text = str(value)[:MAX_HEADER_TEXT]  # a subject or Message-ID is never longer
    try:
        return str(make_header(decode_header(text)))
    except Exception:  # unknown charsets or broken encoded words: keep the raw text
        return " ".join(text.split())
