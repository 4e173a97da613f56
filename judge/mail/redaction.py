"""What is kept of a mail once it is handled: its headers, and the lines the judge read
with every password masked; never the passwords themselves (issue 12).

The raw mail is what ``judge requeue`` needs while a mail is waiting or failed; once it
is handled, the audit needs who sent what and when (the header block: From, Date,
Message-ID, Received, Subject) and the commands as read, not the MIME parts around them.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.text.script import body_lines, mail_secrets
from judge.text.secrets import masked_line, scrubber

REDACTED_HEADER = b"X-Judge-Redacted"
_BODY_HEADERS = (b"content-type:", b"content-transfer-encoding:", b"mime-version:")


def redacted_raw(raw: bytes, lines: Sequence[str]) -> bytes:
    """``raw``'s header block (its MIME headers replaced: the body is plain UTF-8 now), and
    the command ``lines`` read from it with passwords masked by position and every word
    that was in a password position scrubbed from all of them."""
    head = _header_block(raw)
    scrubbed = scrubber(mail_secrets(lines))
    text = "\n".join(scrubbed(masked_line(piece)) for _, piece in body_lines(lines))
    note = (REDACTED_HEADER + b": passwords masked; the body holds the lines the judge read\r\n"
            b"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
            b"Content-Transfer-Encoding: 8bit\r\n")
    return head + note + b"\r\n" + text.replace("\n", "\r\n").encode("utf-8") + b"\r\n"


def is_redacted(raw: bytes) -> bool:
    return REDACTED_HEADER.lower() + b":" in _header_block(raw).lower()


def _header_block(raw: bytes) -> bytes:
    """The header lines (folded lines kept with theirs), MIME body headers left out,
    each ending in CRLF."""
    normal = raw.replace(b"\r\n", b"\n")
    head = normal.partition(b"\n\n")[0]
    kept: list[bytes] = []
    skipping = False
    for line in head.split(b"\n"):
        if line[:1] in (b" ", b"\t"):
            if not skipping:
                kept.append(line)
            continue
        skipping = line.lower().startswith(_BODY_HEADERS)
        if not skipping:
            kept.append(line)
    return b"".join(line + b"\r\n" for line in kept if line)
