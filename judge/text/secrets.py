"""Passwords in a mail's lines, found by their position, and kept out of everything echoed.

A password-carrying command has its password at a fixed word: ``SIGNON who pw`` (or
``SIGN ON who pw``), ``JOIN game pw``, ``CREATE game pw``, ``OBSERVE``/``WATCH game pw``,
``SET PASSWORD pw``. That word is a secret whatever the grammar made of the line
(``JOIN game/x MySecret99`` reads ``/x`` as the password and ``MySecret99`` as a power),
and so is whatever the grammar took for the password. A line is echoed with those words
masked; a whole reply is scrubbed of every secret of its mail, so no message that quotes
a word of the line (``unknown rule flag MYSECRET98``) can carry one either.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from judge.games import BOURSE

MASK = "****"
MIN_SCRUBBED = 4  # no password is shorter (service.passwords.MIN_LENGTH)
_SPACES = re.compile(r"(\s+)")
_PASSWORD_AFTER = {"JOIN": 2, "CREATE": 2, "OBSERVE": 2, "WATCH": 2, "SIGNON": 2}


def password_position(words: list[str]) -> int | None:
    """Which word of a line (split on whitespace) is a password, or None."""
    if not words:
        return None
    first = words[0].upper()
    second = words[1].upper() if len(words) > 1 else ""
    if first == "SIGN" and second == "ON":
        return 3
    if first == "SET":
        return 2 if second == "PASSWORD" else None
    if first == "JOIN" and second == BOURSE.word and len(words) == 3:
        return None  # JOIN BOURSE <pseudonym>; no game is named BOURSE
    return _PASSWORD_AFTER.get(first)


def line_secrets(text: str, parsed: str | None = None) -> list[str]:
    """The words of one line that are secret: the one at the password's position and the
    one the grammar read as the password, if any."""
    words = text.split(None, 4)  # the password is one of the first four words
    position = password_position(words)
    found = [words[position]] if position is not None and position < len(words) else []
    if parsed and parsed not in found:
        found.append(parsed)
    return found


def masked_line(text: str, parsed: str | None = None, rest_too: bool = False) -> str:
    """The line with its password word (and the grammar's password) masked; with
    ``rest_too`` every word after the command's own (a line that could not be read, where
    no one knows which word is what)."""
    if not rest_too and not parsed and password_position(text.split(None, 3)) is None:
        # no word to mask (most lines): the pieces below would join up to the line
        # stripped. Four words at most tell the position (JOIN BOURSE x counts them).
        return text.strip()
    pieces = _SPACES.split(text.strip())
    words = pieces[::2]
    if rest_too:
        upper = [w.upper() for w in words[:2]]
        start = 2 if upper[:2] == ["SIGN", "ON"] or upper[:1] == ["SET"] else 1
        for i in range(start, len(words)):
            pieces[2 * i] = MASK
    position = password_position(words)
    if position is not None and position < len(words):
        pieces[2 * position] = MASK
    line = "".join(pieces)
    if parsed and parsed in line:
        line = line.replace(parsed, MASK)
    return line


def scrub(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every occurrence of each secret (of at least ``MIN_SCRUBBED``
    characters, any case) masked."""
    return scrubber(secrets)(text)


def scrubber(secrets: Iterable[str]) -> Callable[[str], str]:
    """``scrub`` with these secrets, their patterns made once for many texts."""
    patterns = [re.compile(re.escape(secret), re.IGNORECASE) for secret in
                sorted({s for s in secrets if len(s) >= MIN_SCRUBBED}, key=len, reverse=True)]

    def scrubbed(text: str) -> str:
        for pattern in patterns:
            for _ in range(3):  # a mask next to what is left cannot rebuild it more than twice
                text, count = pattern.subn(MASK, text)
                if not count:
                    break
        return text

    return scrubbed
