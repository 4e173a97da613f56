"""Normalisation of one typed line (Unicode, dashes, arrows, bullets) before a grammar reads it."""

from __future__ import annotations

import re
import unicodedata

# Mail clients and phones "improve" what players type: dashes become en dashes, "->"
# becomes an arrow, quotes curl. Each is mapped back to the ASCII the grammar reads.
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2043\u2212\u2e3a\u2e3b\ufe58\ufe63"
_ARROWS = "\u2192\u21d2\u21e8\u2794\u279c\u279d\u279e\u27a1\u27f6\u27f9\u2b95"
_INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"
_TRANSLATION = str.maketrans(
    {
        **dict.fromkeys(map(ord, _DASHES), "-"),
        **dict.fromkeys(map(ord, _ARROWS), ">"),
        **dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032"), "'"),
        **dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u2033"), '"'),
        **dict.fromkeys(map(ord, _INVISIBLE), None),
    }
)

# A list bullet, or "1." / "2)" numbering followed by a space; a leading "-" is left
# alone because "- A MUN" is a removal.
_BULLETS = "*\u2022\u00b7\u2023\u25e6\u25aa\u25cf\u25cb\u25ba\u25b8"
_LEADING = re.compile(rf"^(?:[{_BULLETS}]+ ?|\d{{1,3}}[.)] )")
_TRAILING = re.compile(r"[ .,;]+$")
# The first and last characters those two can remove: most lines have neither.
_LEADERS = frozenset(_BULLETS)
_TRAILERS = frozenset(" .,;")


def normalize_line(text: str) -> str:
    """The line as the grammars read it: NFKC, ASCII punctuation, upper case, single
    spaces, without a list bullet or numbering in front or a full stop at the end."""
    if not text.isascii():  # NFKC and the table change nothing in ASCII
        text = unicodedata.normalize("NFKC", text).translate(_TRANSLATION)
    text = " ".join(text.upper().split())
    if text[:1] in _LEADERS or text[:1].isdigit():
        text = _LEADING.sub("", text)
    if text[-1:] in _TRAILERS:
        text = _TRAILING.sub("", text)
    return text
