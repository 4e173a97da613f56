"""HTML split into tags and text in one left-to-right pass, linear in the length of the input.

The standard library's HTMLParser rescans the rest of the document at every ``<`` it cannot
close (``<a<a<a…`` or ``<![CDATA[`` repeated take quadratic time), and a mail is written by
whoever sends it. This reader only finds what the mail reader needs: start tags with their
attributes, end tags, and text with character references resolved. Every search moves
forward from where the last one ended; a tag, comment or quoted attribute value left open
at the end of the input ends the document there (as browsers do at end of file).
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from html import unescape

_TAG_NAME = re.compile(r"[a-zA-Z][^\s/>]{0,63}")
_SPACE = re.compile(r"[\s/]*+")
_ATTRIBUTE_NAME = re.compile(r"[^\s/>=]{1,256}")
_UNQUOTED_VALUE = re.compile(r"[^\s>]*+")
_RAW_TEXT_TAGS = frozenset({"script", "style", "textarea", "title"})


@dataclass(frozen=True, slots=True)
class StartTag:
    name: str
    attrs: list[tuple[str, str | None]]
    closed: bool  # written <br/>


@dataclass(frozen=True, slots=True)
class EndTag:
    name: str


@dataclass(frozen=True, slots=True)
class Text:
    text: str


Token = StartTag | EndTag | Text


def tokens(html: str) -> Iterator[Token]:
    """The tags and text of ``html`` in order (names lower case, text unescaped)."""
    pos, size = 0, len(html)
    while pos < size:
        lt = html.find("<", pos)
        if lt < 0:
            yield Text(unescape(html[pos:]))
            return
        if lt > pos:
            yield Text(unescape(html[pos:lt]))
        pos = lt
        nxt = html[lt + 1:lt + 2]
        if html.startswith("<!--", lt):
            end = html.find("-->", lt + 2)  # "<!-->" is a whole (empty) comment
            if end < 0:
                return
            pos = end + 3
        elif nxt in ("!", "?"):  # declarations, CDATA, processing instructions
            end = html.find(">", lt + 2)
            if end < 0:
                return
            pos = end + 1
        elif nxt == "/":
            name = _TAG_NAME.match(html, lt + 2)
            end = html.find(">", lt + 2)
            if end < 0:
                return
            if name is not None:
                yield EndTag(name.group().lower())
            pos = end + 1
        elif _TAG_NAME.match(html, lt + 1):
            tag = _start_tag(html, lt)
            if tag is None:
                return
            start, pos = tag
            yield start
            if start.name in _RAW_TEXT_TAGS and not start.closed:
                pos = yield from _raw_text(html, pos, start.name)
        else:
            yield Text("<")
            pos = lt + 1


def _start_tag(html: str, lt: int) -> tuple[StartTag, int] | None:
    """The start tag at ``lt`` and the position after it; None when the input ends inside it."""
    match = _TAG_NAME.match(html, lt + 1)
    assert match is not None
    name = match.group().lower()
    pos = match.end()
    attrs: list[tuple[str, str | None]] = []
    size = len(html)
    while True:
        before = pos
        space = _SPACE.match(html, pos)
        pos = space.end() if space else pos
        if pos >= size:
            return None
        if html[pos] == ">":
            closed = html[before:pos].rstrip().endswith("/")
            return StartTag(name, attrs, closed), pos + 1
        attribute = _ATTRIBUTE_NAME.match(html, pos)
        if attribute is None:  # a stray "=": skip it
            pos += 1
            continue
        key, pos = attribute.group().lower(), attribute.end()
        value: str | None = None
        while pos < size and html[pos] in " \t\r\n":
            pos += 1
        if pos < size and html[pos] == "=":
            pos += 1
            while pos < size and html[pos] in " \t\r\n":
                pos += 1
            if pos < size and html[pos] in "\"'":
                end = html.find(html[pos], pos + 1)
                if end < 0:
                    return None
                value, pos = html[pos + 1:end], end + 1
            else:
                unquoted = _UNQUOTED_VALUE.match(html, pos)
                value = unquoted.group() if unquoted else ""
                pos += len(value)
            value = unescape(value)
        attrs.append((key, value))


def _raw_text(html: str, pos: int, name: str) -> Generator[Token, None, int]:
    """Text of a <script>, <style>, <textarea> or <title> up to its end tag, never parsed."""
    closing = re.compile(rf"</{name}\b", re.IGNORECASE)
    found = closing.search(html, pos)
    end = found.start() if found else len(html)
    if end > pos:
        yield Text(html[pos:end] if name in ("script", "style") else unescape(html[pos:end]))
    if found is None:
        return len(html)
    close = html.find(">", found.end())
    yield EndTag(name)
    return len(html) if close < 0 else close + 1
