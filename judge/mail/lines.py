"""A mail's text to the lines a player meant as commands: quotes, signatures and noise removed."""

from __future__ import annotations

import re
import unicodedata

from judge.text.script import body_lines

# What phones and word processors put where a player typed "-", "->", quotes or spaces.
_CHARACTERS = {
    **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\ufe58\ufe63\uff0d", "-"),
    **dict.fromkeys("\u2192\u21d2\u27f6\u27f9\u2794\u279c\u279d\u279e\u27a1\u21e8\u2933", "->"),
    **dict.fromkeys("\u2018\u2019\u201a\u201b\u2032\u0060\u00b4", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb", '"'),
    **dict.fromkeys("\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
                    "\u200a\u202f\u205f\u3000\t", " "),
    **dict.fromkeys("\u200b\u200c\u200d\u2060\ufeff\u00ad", ""),
    "\u2026": "...",
    "\uff1a": ":",
    "\uff1b": ";",
}
# Control characters mean nothing in a command, and PostgreSQL text cannot hold NUL.
_CONTROLS = {chr(c): "" for c in [*range(0, 9), 11, 12, *range(14, 32), 127]}
_TRANSLATION = str.maketrans({**_CONTROLS, **_CHARACTERS})

# Every pattern below runs on one line a stranger wrote. None of them backtracks more than
# a bounded stretch, and only lines up to MAX_MATCHED characters are matched at all: a
# signature separator, a quote attribution or a header line is never longer, so a longer
# line is plain text (kept whole, for press) and costs one length check.
MAX_MATCHED = 1000
_BR_TAG = re.compile(r"<br\s{0,20}/?>", re.IGNORECASE)
_SIGNOFF = re.compile(r"sign\s*+-?\s*+off\s*+[.!]?\s*+$", re.IGNORECASE)
# Gmail writes the attribution in the reader's language ("ha scritto:", "escreveu:"),
# some with the name after the verb ("um 08:12 Uhr schrieb Judge <judge@x.org>:"): one
# of these verbs, then anything but a colon, then the colon ending the line.
_ATTRIBUTION_VERB = re.compile(
    r"(wrote|writes|a écrit|schrieb|escribió|scrisse|scritto|schreef|escreveu|skrev|"
    r"napisał\w*|kirjoitti|написал\w*)\b", re.IGNORECASE
)
_ORIGINAL = re.compile(
    r"^\s*+(?:-{3,}+|_{3,}+)?\s*+(original message|ursprüngliche nachricht|message d'origine|"
    r"mensaje original|messaggio originale|oorspronkelijk bericht)\s*+(?:-{3,}+|_{3,}+)?\s*+$",
    re.IGNORECASE,
)
_UNDERSCORES = re.compile(r"^\s*+_{10,}+\s*+$")
_HEADER = re.compile(
    r"^\s*+\**+(from|von|de|da|van|sent|gesendet|envoyé|date|datum|to|an|à|a|subject|betreff|"
    r"objet|oggetto|cc)\**+\s*+:",
    re.IGNORECASE,
)
# compiled once: every line of every mail is tried against them
_FROM_WORD = re.compile(r"^\s*+\**+(from|von|de|da|van)\b", re.IGNORECASE)
_FROM_HEADER = re.compile(r"^\s*+\**+(from|von|de|da|van)\**+\s*+:", re.IGNORECASE)
_ATTRIBUTION_START = re.compile(r"^\s*+(on|le|am|el|il|op)\s", re.IGNORECASE)
_DEVICE_FOOTER = re.compile(
    r"^\s*+(sent from my \w.*|sent from (mail|yahoo mail|outlook) for .*|sent from yahoo mail.*|"
    r"get outlook for (ios|android).*|sent with proton mail.*|envoyé de mon \w.*|"
    r"von meinem \w.* gesendet.*)$",
    re.IGNORECASE,
)


def normalise(text: str) -> str:
    """Unicode dashes, arrows, quotes and odd spaces turned into the ASCII players mean;
    control characters dropped."""
    return unicodedata.normalize("NFC", text).translate(_TRANSLATION)


def command_lines(text: str) -> tuple[str, ...]:
    """The lines of a mail body the judge reads, in order.

    Rules, in the order applied: Unicode normalised and trailing ``<br>`` dropped;
    the body ends at an Outlook-style original-message block or at a signature line
    (``-- ``); quoted lines (``>``) and the "On ... wrote:" line above them go; a line
    starting ``\\\\`` plus a character makes that character a line separator from there
    on (for phones); ``//`` lines are comments; ``SIGNOFF`` ends the commands.
    """
    raw = [_without_trailing_br(normalise(line)).rstrip() for line in _split_lines(text)]
    raw = _before_original(raw)
    raw = _before_signature(raw)
    out: list[str] = []
    for _, piece in body_lines(_without_quotes(raw)):
        if len(piece) <= MAX_MATCHED and _SIGNOFF.match(piece.strip()):
            break
        out.append(piece)
    return _trim(out)


def _without_trailing_br(line: str) -> str:
    """The line without the ``<br>`` tags (and spaces) it ends with, in time linear in its
    length: each tag is taken off the end once, never searched for from every position."""
    end = len(line.rstrip())
    while end >= 4 and line[end - 1] == ">":
        start = line.rfind("<", max(0, end - 30), end)
        if start < 0 or not _BR_TAG.fullmatch(line, start, end):
            break
        end = len(line[:start].rstrip())
    return line[:end]


def _is_attribution(line: str) -> bool:
    """"On <date>, <name> wrote:": a line ending in a colon whose last colon-free stretch
    holds one of the verbs (found with one left-to-right scan of that stretch)."""
    if len(line) > MAX_MATCHED:
        return False
    text = line.rstrip()
    if not text.endswith(":"):
        return False
    stretch = text[:-1].rpartition(":")[2]
    return _ATTRIBUTION_VERB.search(stretch) is not None


def _split_lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _before_original(lines: list[str]) -> list[str]:
    """Cut at "-----Original Message-----" or at an Outlook From/Sent/To header block."""
    for i, line in enumerate(lines):
        if len(line) > MAX_MATCHED:
            continue
        if _ORIGINAL.match(line):
            return lines[:i]
        if (_UNDERSCORES.match(line) and _is_header_block(lines, i + 1)) or (
            _is_header_block(lines, i) and _FROM_WORD.match(line)
        ):
            return lines[:i]
    return lines


def _is_header_block(lines: list[str], start: int) -> bool:
    """Three or more mail header lines in a row starting with From: (how Outlook quotes)."""
    if start >= len(lines) or not _FROM_HEADER.match(lines[start]):
        return False
    block = lines[start:start + 6]
    headers = 0
    for line in block:
        if not _HEADER.match(line):
            break
        headers += 1
    return headers >= 3


def _before_signature(lines: list[str]) -> list[str]:
    """Everything after the signature separator ("-- ", or "--" as clients trim it) goes."""
    for i, line in enumerate(lines):
        if line.strip() == "--" or (len(line) <= MAX_MATCHED and _DEVICE_FOOTER.match(line)):
            return lines[:i]
    return lines


def _without_quotes(lines: list[str]) -> list[str]:
    """Quoted lines go, and so does the attribution line (possibly wrapped) introducing them."""
    quoted = _quote_follows(lines)
    out: list[str] = []
    for i, line in enumerate(lines):
        if line.lstrip().startswith(">"):
            continue
        if _is_attribution(line) and quoted[i + 1]:
            if out and not _is_attribution(out[-1]) and _starts_attribution(out[-1]):
                out.pop()  # Gmail wraps long "On ..., Name <addr> wrote:" lines in two
            continue
        out.append(line)
    return out


def _starts_attribution(line: str) -> bool:
    return bool(_ATTRIBUTION_START.match(line))


def _quote_follows(lines: list[str]) -> list[bool]:
    """For each position (up to ``len(lines)``), whether the first non-blank line from
    there on is quoted (true at the end too), in one pass from the end (issue 26:
    looking ahead from every attribution line made 18,000 of them quadratic)."""
    out = [True] * (len(lines) + 1)
    for i in range(len(lines) - 1, -1, -1):
        stripped = lines[i].lstrip()
        out[i] = stripped.startswith(">") if stripped else out[i + 1]
    return out


def _trim(lines: list[str]) -> tuple[str, ...]:
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return tuple(lines[start:end])
