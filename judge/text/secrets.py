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
from collections import deque
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
    """``scrub`` with these secrets, made once for many texts. Each text is read in one
    pass, whatever the number of secrets (issue 26: a pattern per secret, each run over
    every line, made one mail of 20,160 ``JOIN`` lines cost minutes): the secrets are
    one automaton (Aho-Corasick) that finds, at each character, the longest secret
    ending there, and every stretch covered by a secret is masked."""
    words = {_lowered(s) for s in secrets if len(s) >= MIN_SCRUBBED}
    if not words:
        return _unchanged
    finder = _Finder(words)
    # a mask next to what is left can rebuild a secret only if a secret holds the mask's
    # character; then at most twice more
    passes = 3 if any(MASK[0] in word for word in words) else 1

    def scrubbed(text: str) -> str:
        for _ in range(passes):
            text, found = finder.masked(text)
            if not found:
                break
        return text

    return scrubbed


def _unchanged(text: str) -> str:
    return text


def _lowered(text: str) -> str:
    """``text`` in lower case, character for character (U+0130, the one character whose
    lower case is two, becomes ``i``), so positions in it are positions in ``text``."""
    return (text.replace("\u0130", "i") if "\u0130" in text else text).lower()


class _Finder:
    """An Aho-Corasick automaton over lower-cased secrets: ``masked`` reads a text once,
    character by character, and masks every stretch some secret covers."""

    # fewer secrets than this are first looked for one by one, each with the C string
    # search: most texts hold none, and then the automaton is never run
    FEW = 16

    def __init__(self, words: set[str]) -> None:
        self.words = sorted(words, key=len, reverse=True)
        goto: list[dict[str, int]] = [{}]
        ends: list[int] = [0]  # the longest secret ending at each state (0: none)
        for word in self.words:
            state = 0
            for ch in word:
                nxt = goto[state].get(ch)
                if nxt is None:
                    nxt = len(goto)
                    goto[state][ch] = nxt
                    goto.append({})
                    ends.append(0)
                state = nxt
            ends[state] = max(ends[state], len(word))
        fail = [0] * len(goto)
        queue = deque(goto[0].values())
        while queue:  # breadth first: a state's failure is shorter, so known already
            state = queue.popleft()
            ends[state] = max(ends[state], ends[fail[state]])
            for ch, nxt in goto[state].items():
                back = fail[state]
                while back and ch not in goto[back]:
                    back = fail[back]
                fail[nxt] = goto[back].get(ch, 0)
                queue.append(nxt)
        self.goto, self.fail, self.ends = goto, fail, ends

    def masked(self, text: str) -> tuple[str, bool]:
        """``text`` with each stretch covered by secrets replaced by one mask, and whether
        there was any."""
        low = _lowered(text)
        if len(self.words) < self.FEW and not any(word in low for word in self.words):
            return text, False
        goto, fail, ends = self.goto, self.fail, self.ends
        spans: list[list[int]] = []  # stretches to mask, in order, none overlapping
        state = 0
        for end, ch in enumerate(low, 1):
            while state and ch not in goto[state]:
                state = fail[state]
            state = goto[state].get(ch, 0)
            length = ends[state]
            if length:
                start = end - length
                while spans and spans[-1][0] >= start:
                    spans.pop()  # inside this one
                if spans and spans[-1][1] >= start:
                    spans[-1][1] = end
                else:
                    spans.append([start, end])
        if not spans:
            return text, False
        out: list[str] = []
        at = 0
        for start, end in spans:
            out.append(text[at:start])
            out.append(MASK)
            at = end
        out.append(text[at:])
        return "".join(out), True
