"""What is kept of a mail once it is handled: its headers, and the lines the judge read
with every password masked; never the passwords themselves (issue 12).

The raw mail is what ``judge requeue`` needs while a mail is waiting or failed; once it
is handled, the audit needs who sent what and when (the header block: From, Date,
Message-ID, Received, Subject) and the commands as read, not the MIME parts around them.
"""

from __future__ import annotations

from collections.abc import Sequence
from email.header import Header

from judge.text.script import body_lines, mail_script
from judge.text.secrets import masked_line

REDACTED_HEADER = b"X-Judge-Redacted"
_BODY_HEADERS = (b"content-type:", b"content-transfer-encoding:", b"mime-version:")


def redacted_raw(raw: bytes, lines: Sequence[str], subject: str | None = None) -> bytes:
    """``raw``'s header block (its MIME headers replaced: the body is plain UTF-8 now), and
    the command ``lines`` read from it with passwords masked by position and every word
    that was in a password position scrubbed from all of them. Only the lines the judge
    read are kept: past the command cap (judge.text.script.MAX_STEPS) the rest is
    counted, not kept. With ``subject`` (the mail's, decoded), the Subject header is
    replaced by it, scrubbed of the body's secrets."""
    script = mail_script(lines)
    kept = lines[:script.lines_read] if script.cut else lines
    text = script.scrub("\n".join(masked_line(piece) for _, piece in body_lines(kept)))
    if len(kept) < len(lines):
        text += f"\n[{len(lines) - len(kept)} more lines, past the command cap, not read]"
    head = _header_block(raw, None if subject is None else script.scrub(subject))
    note = (REDACTED_HEADER + b": passwords masked; the body holds the lines the judge read\r\n"
            b"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
            b"Content-Transfer-Encoding: 8bit\r\n")
    return head + note + b"\r\n" + text.replace("\n", "\r\n").encode("utf-8") + b"\r\n"


def is_redacted(raw: bytes) -> bool:
    return REDACTED_HEADER.lower() + b":" in _header_block(raw).lower()


def _header_block(raw: bytes, subject: str | None = None) -> bytes:
    """The header lines (folded lines kept with theirs), MIME body headers left out,
    each ending in CRLF; with ``subject``, the Subject header is that text instead."""
    normal = raw.replace(b"\r\n", b"\n")
    head = normal.partition(b"\n\n")[0]
    kept: list[bytes] = []
    skipping = False
    for line in head.split(b"\n"):
        if line[:1] in (b" ", b"\t"):
            if not skipping:
                kept.append(line)
            continue
        lower = line.lower()
        skipping = lower.startswith(_BODY_HEADERS) or (
            subject is not None and lower.startswith(b"subject:"))
        if not skipping:
            kept.append(line)
    if subject is not None:
        kept.append(b"Subject: " + _header_text(subject))
    return b"".join(line + b"\r\n" for line in kept if line)


def _header_text(text: str) -> bytes:
    """``text`` as a header's value: ASCII as it is, anything else RFC 2047-encoded."""
    one_line = " ".join(text.split())
    if one_line.isascii():
        return one_line.encode("ascii")
    return Header(one_line, "utf-8").encode().encode("ascii")
