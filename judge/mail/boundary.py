"""The MIME boundary matcher of the standard library's mail parser, without a regular
expression compiled for every mail.

``email.feedparser`` compiles ``(?P<sep>--BOUNDARY)(?P<end>--)?(?P<ws>[ \\t]*)
(?P<linesep>\\r\\n|\\r|\\n)?$`` for each multipart part it reads. Every mail has its own
boundary, so ``re``'s cache never helps and each multipart mail pays for a compile
(about a quarter of a millisecond, a fifth of the worker's decoding). The pattern is a
literal prefix followed by a fixed tail, so the same match is had by a prefix test and
the tail compiled once, matched from where the prefix ends: ``install`` gives the parser
a ``re`` whose ``compile`` returns such a matcher for exactly that pattern and is the
real ``re`` for everything else. The parser reads only the match's truth and its
``end`` and ``linesep`` groups, which are the tail's (tests/mail/test_boundary.py checks
the two against each other on arbitrary boundaries and lines).
"""

from __future__ import annotations

import re
import types
from typing import Any

_HEAD = "(?P<sep>"
_TAIL_SOURCE = r"(?P<end>--)?(?P<ws>[ \t]*)(?P<linesep>\r\n|\r|\n)?$"
_FOOT = ")" + _TAIL_SOURCE
_TAIL = re.compile(_TAIL_SOURCE)
_UNESCAPE = re.compile(r"\\(.)", re.DOTALL)


class BoundaryMatcher:
    """``re.compile(_HEAD + re.escape(separator) + _FOOT)``'s ``match``, for the groups
    the parser reads (``end``, ``ws``, ``linesep``)."""

    __slots__ = ("separator",)

    def __init__(self, separator: str) -> None:
        self.separator = separator

    def match(self, line: str) -> re.Match[str] | None:
        if not line.startswith(self.separator):
            return None
        return _TAIL.match(line, len(self.separator))


def boundary_pattern(separator: str) -> str:
    """The pattern email.feedparser compiles for ``separator`` (``--`` + the boundary)."""
    return _HEAD + re.escape(separator) + _FOOT


def _compile(pattern: Any, flags: int = 0) -> Any:
    if (flags == 0 and isinstance(pattern, str) and pattern.startswith(_HEAD)
            and pattern.endswith(_FOOT)):
        escaped = pattern[len(_HEAD):-len(_FOOT)]
        separator = _UNESCAPE.sub(r"\1", escaped)
        if re.escape(separator) == escaped:  # exactly the parser's pattern, nothing else
            return BoundaryMatcher(separator)
    return re.compile(pattern, flags)


def install() -> None:
    """Give email.feedparser the matcher (idempotent; the rest of ``re`` unchanged)."""
    from email import feedparser

    if isinstance(getattr(feedparser, "re", None), types.SimpleNamespace):
        return
    shim = types.SimpleNamespace(**{k: getattr(re, k) for k in dir(re) if not k.startswith("__")})
    shim.compile = _compile
    setattr(feedparser, "re", shim)  # noqa: B010 (the module exports no "re" to type)
