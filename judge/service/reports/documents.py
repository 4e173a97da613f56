"""A document of docs/ (a game's guide, its rules) as a mail: the markdown read as a person
reads it and written again as plain text of 78 columns, so that a text-only mail client
shows no markup (no ``#``, no back-quotes, no table rules) and no paragraph breaks where
the source file happened to break its lines."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator

WIDTH = 78

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d{1,3}[.)])\s+(.*)$")
_RULE = re.compile(r"^\|?\s*:?-{3,}")  # a table's |---|---| line
_LINK = re.compile(r"\[([^\]\n]{1,200})\]\([^)\s]{1,300}\)")  # [text](file.md) -> text
_CODE = re.compile(r"`+([^`\n]*)`+")
_STRONG = re.compile(r"\*\*(?=\S)([^*\n]*?\S)\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>])")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


def as_mail(markdown: str, width: int = WIDTH) -> str:
    """``markdown`` as plain text: headings underlined, paragraphs and list items filled to
    ``width``, code blocks and examples kept as written (indented four), table rows one
    line each, inline markup taken away."""
    out: list[str] = []
    for block in _blocks(_COMMENT.sub("", markdown).splitlines()):
        if out and out[-1] != "":
            out.append("")
        out.extend(block(width))
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out)


def inline(text: str) -> str:
    """One line's inline markup away: links become their text, code its letters, bold
    and emphasis plain, escapes the character escaped."""
    escaped: list[str] = []

    def hide(match: re.Match[str]) -> str:  # an escaped character is no markup
        escaped.append(match.group(1))
        return f"\x00{len(escaped) - 1}\x00"

    text = _ESCAPE.sub(hide, text)
    text = _LINK.sub(r"\1", text)
    text = _CODE.sub(_code, text)
    text = _STRONG.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\1", text)
    return re.sub(r"\x00(\d+)\x00", lambda m: escaped[int(m.group(1))], text)


def _code(match: re.Match[str]) -> str:
    """A code span: a command as the player types it stands bare (HELP PAYOLA); words of
    a message (a refusal's reason) are quoted, so that they stand apart from the prose."""
    code = match.group(1)
    words = re.sub(r"<[^>]*>", "", code)
    return f'"{code}"' if " " in code and re.search(r"[a-z]{2}", words) else code


class _Block:
    """One block of the document and how it is written at a width."""

    def __call__(self, width: int) -> list[str]:  # pragma: no cover - every block overrides
        raise NotImplementedError


class _Heading(_Block):
    def __init__(self, level: int, text: str) -> None:
        self.level, self.text = level, inline(text)

    def __call__(self, width: int) -> list[str]:
        lines = textwrap.wrap(self.text, width) or [""]
        rule = "=-~"[min(self.level, 3) - 1]
        return [*lines, rule * min(width, max(map(len, lines)))]


class _Paragraph(_Block):
    def __init__(self, lines: list[str]) -> None:
        self.text = inline(" ".join(line.strip() for line in lines))

    def __call__(self, width: int) -> list[str]:
        return _fill(self.text, width, "", "")


class _Item(_Block):
    """A list item with its continuation lines, filled under its own text."""

    def __init__(self, indent: int, marker: str, lines: list[str]) -> None:
        self.indent, self.marker = indent, marker
        self.text = inline(" ".join(line.strip() for line in lines))

    def __call__(self, width: int) -> list[str]:
        first = " " * self.indent + self.marker + " "
        return _fill(self.text, width, first, " " * len(first))


class _Items(_Block):
    def __init__(self, items: list[_Item]) -> None:
        self.items = items

    def __call__(self, width: int) -> list[str]:
        return [line for item in self.items for line in item(width)]


class _Verbatim(_Block):
    """A code block or an example: kept as written, four columns in; a line too long for
    the mail goes on under itself, four columns further in."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def __call__(self, width: int) -> list[str]:
        common = min((len(x) - len(x.lstrip()) for x in self.lines if x.strip()), default=0)
        out: list[str] = []
        for line in self.lines:
            text = ("    " + line[common:]).rstrip() if line.strip() else ""
            if len(text) <= width:
                out.append(text)
                continue
            indent = " " * (len(text) - len(text.lstrip()) + 4)
            out.extend(textwrap.wrap(text, width, subsequent_indent=indent,
                                     drop_whitespace=True, break_long_words=True,
                                     break_on_hyphens=False, replace_whitespace=False))
        return out


class _Table(_Block):
    """A table: each row one line of its cells, the header row first, wrapped under
    itself when long."""

    def __init__(self, rows: list[list[str]]) -> None:
        self.rows = rows

    def __call__(self, width: int) -> list[str]:
        out: list[str] = []
        for row in self.rows:
            out.extend(_fill(" - ".join(c for c in row if c), width, "  ", "      "))
        return out


def _fill(text: str, width: int, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest,
                         break_long_words=True, break_on_hyphens=False) or [first.rstrip()]


def _blocks(lines: list[str]) -> Iterator[_Block]:
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif _FENCE.match(line):
            end = i + 1
            while end < len(lines) and not _FENCE.match(lines[end]):
                end += 1
            yield _Verbatim(lines[i + 1:end])
            i = end + 1
        elif (heading := _HEADING.match(line)) is not None:
            yield _Heading(len(heading.group(1)), heading.group(2))
            i += 1
        elif line.startswith("    ") or line.startswith("\t"):
            end = i
            while end < len(lines) and (lines[end].startswith(("    ", "\t"))
                                        or (not lines[end].strip() and end + 1 < len(lines)
                                            and lines[end + 1].startswith(("    ", "\t")))):
                end += 1
            yield _Verbatim(lines[i:end])
            i = end
        elif line.lstrip().startswith("|"):
            end = i
            rows: list[list[str]] = []
            while end < len(lines) and lines[end].lstrip().startswith("|"):
                if not _RULE.match(lines[end].strip()):
                    cells = lines[end].strip().strip("|").split("|")
                    rows.append([inline(c.strip()) for c in cells])
                end += 1
            yield _Table(rows)
            i = end
        elif _ITEM.match(line):
            items, i = _list(lines, i)
            yield _Items(items)
        else:
            end = i
            while end < len(lines) and lines[end].strip() and not _starts_block(lines[end]):
                end += 1
            text = [x[1:] if x.startswith(">") else x for x in lines[i:end]]
            yield _Paragraph(text)
            i = end


def _starts_block(line: str) -> bool:
    return bool(_HEADING.match(line) or _FENCE.match(line) or _ITEM.match(line)
                or line.lstrip().startswith("|"))


def _list(lines: list[str], i: int) -> tuple[list[_Item], int]:
    """The items of a list from line ``i``: each item's own lines run until the next item,
    a blank line, or a line that starts a block of its own."""
    items: list[_Item] = []
    while i < len(lines):
        match = _ITEM.match(lines[i])
        if match is None:
            break
        indent, marker, text = len(match.group(1)), match.group(2), [match.group(3)]
        i += 1
        while i < len(lines) and lines[i].strip() and not _starts_block(lines[i]):
            text.append(lines[i])
            i += 1
        items.append(_Item(min(indent, 8), "-" if marker in "-*+" else marker, text))
        if i < len(lines) and not lines[i].strip() and i + 1 < len(lines) \
                and _ITEM.match(lines[i + 1]):
            i += 1  # a loose list: its items stay together
    return items, i
