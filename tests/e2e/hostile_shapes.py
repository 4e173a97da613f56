"""The hostile mails of issue 26, each within the 256 KiB limit: the shapes that once
stalled every other sender. The stall tests (test_one_mail_stalls_nobody.py) send them
through the real listener, and bench/hostile_mail.py times them through the worker."""

from __future__ import annotations

from collections.abc import Callable

LIMIT = 256 * 1024
_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"


def password(n: int) -> str:
    """A four-character password, a new one for each n."""
    out = ""
    for _ in range(4):
        n, digit = divmod(n, len(_ALPHABET))
        out += _ALPHABET[digit]
    return out


def filled(line: Callable[[int], str], most: int, head: str = "") -> str:
    """``head`` and then lines ``line(0)``, ``line(1)``, ... (at most ``most``), as many
    as fit the size limit with a header block."""
    out = [head]
    size = len(head)
    for n in range(most):
        text = line(n) + "\r\n"
        if size + len(text) > LIMIT - 400:
            break
        out.append(text)
        size += len(text)
    return "".join(out)


def _wrote_then_blank() -> str:
    head = "x wrote:\r\n" * 9000
    return head + "\r\n" * ((LIMIT - 400 - len(head)) // 2)


SHAPES: dict[str, Callable[[], str]] = {
    # every password a new one: each was a secret scrubbed from every line
    "join": lambda: filled(lambda n: f"JOIN g{n % 10} {password(n)}", 20_160),
    # wrong passwords for a player who exists: each was a scrypt hash at full cost
    "signon": lambda: filled(lambda n: f"SIGNON FRANCE@alpha guess{n:04d}", 200),
    # each attribution sliced the rest of the mail
    "wrote": lambda: filled(lambda n: "... wrote:", 18_000),
    # each attribution looked past every blank line below it for a quote
    "wrote-blank": _wrote_then_blank,
    # one press block: every line of it was parsed as a command
    "press": lambda: filled(lambda n: f"JOIN g{n % 10} {password(n)}", 20_160,
                            "PRESS TO ALL\r\n"),
    # different order lines, signed on nowhere: each was parsed as a command
    "orders": lambda: filled(lambda n: f"A PAR - BUR {n}", 30_000),
    # new games, each a new password hashed at full cost (11 s for 200)
    "create": lambda: filled(lambda n: f"CREATE new{n} pw{n:05d}", 200),
}


def raw(body: str, n: int, sender: str) -> bytes:
    """The mail ``body`` from ``sender``, as sent: a header block and CRLF lines."""
    head = (f"From: {sender}\r\nTo: judge@example.org\r\nSubject: hello\r\n"
            f"Message-ID: <hostile-{n}@evil.example>\r\nMIME-Version: 1.0\r\n"
            "Content-Type: text/plain; charset=utf-8\r\n\r\n")
    out = head.encode("ascii") + body.encode("utf-8")
    assert len(out) <= LIMIT, len(out)
    return out
