"""HTML mail bodies to plain text lines, keeping quoted parts marked and dropping signatures."""

from __future__ import annotations

from judge.mail.html_tokens import EndTag, StartTag, tokens

BLOCK_TAGS = frozenset(
    "address article aside blockquote dd div dl dt fieldset figure footer form h1 h2 h3 h4 "
    "h5 h6 header hr li main nav ol p pre section table tbody thead tfoot tr ul".split()
)
VOID_TAGS = frozenset(
    "area base br col embed hr img input link meta param source track wbr".split()
)
SKIPPED_TAGS = frozenset({"script", "style", "head", "title", "template"})
# Where mail clients put the earlier mail (Gmail, Thunderbird, Outlook, Yahoo, Apple).
QUOTE_MARKS = frozenset(
    {"gmail_quote", "moz-cite-prefix", "yahoo_quoted", "outlook_quoted", "apple-mail-quote"}
)
# Outlook puts the earlier mail after these markers, not inside them: all that follows is old.
REST_QUOTED_MARKS = frozenset({"divrplyfwdmsg", "appendonsend", "stopspelling"})
SIGNATURE_MARKS = frozenset(
    {"gmail_signature", "moz-signature", "signature", "ms-outlook-mobile-signature"}
)


class _TextCollector:
    """Collects text line by line; a line touched inside a quote is marked quoted."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, bool]] = []
        self.current: list[str] = []
        self.current_quoted = False
        # Each open element: (tag, skips, quotes) so a close undoes what its open did.
        self.stack: list[tuple[str, bool, bool]] = []
        self.open: dict[str, int] = {}  # how many of each tag the stack holds
        self.skip = 0
        self.quote = 0
        self.pre = 0
        self.quote_rest = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br":
            self.newline(hard=True)
        elif tag in BLOCK_TAGS:
            self.newline()
        marks: set[str] = set()
        for name, value in attrs:
            if name in ("class", "id") and value:
                marks.update(v.lower() for v in value.split())
        if marks & REST_QUOTED_MARKS:
            self.quote_rest = True
        if tag in VOID_TAGS:
            return
        skips = tag in SKIPPED_TAGS or bool(marks & SIGNATURE_MARKS)
        quotes = tag == "blockquote" or bool(marks & QUOTE_MARKS)
        self.stack.append((tag, skips, quotes))
        self.open[tag] = self.open.get(tag, 0) + 1
        self.skip += skips
        self.quote += quotes
        self.pre += tag == "pre"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br":
            self.newline(hard=True)
        elif tag in BLOCK_TAGS:
            self.newline()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_TAGS:
            return
        if not self.open.get(tag):
            return  # a stray close tag: ignore rather than unwind everything
        while self.stack:
            open_tag, skips, quotes = self.stack.pop()
            self.open[open_tag] -= 1
            self.skip -= skips
            self.quote -= quotes
            self.pre -= open_tag == "pre"
            if open_tag == tag:
                break
        if tag in BLOCK_TAGS:
            self.newline()

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.pre:
            parts = data.split("\n")
            for i, part in enumerate(parts):
                if i:
                    self.newline(hard=True)
                self.add(part)
            return
        text = " ".join(data.split())
        if data[:1].isspace() and self.current:
            text = " " + text
        if data[-1:].isspace() and text:
            text += " "
        self.add(text)

    def add(self, text: str) -> None:
        if not text:
            return
        self.current.append(text)
        if (self.quote or self.quote_rest) and text.strip():
            self.current_quoted = True

    def newline(self, hard: bool = False) -> None:
        """End the current line; a block boundary (not hard) never makes an empty line."""
        if self.skip:
            return
        if not hard and not "".join(self.current).strip():
            self.current = []
            return
        self.lines.append(("".join(self.current), self.current_quoted))
        self.current = []
        self.current_quoted = False

    def text(self) -> str:
        self.skip = 0  # an unclosed <script> must not swallow the last line
        self.newline()
        out: list[str] = []
        for line, quoted in self.lines:
            line = line.strip(" \t")
            out.append(f"> {line}" if quoted else line)
        return "\n".join(_squeeze_blank(out))


def _squeeze_blank(lines: list[str]) -> list[str]:
    """Block tags open and close with newlines; keep at most one blank line in a row."""
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    while out and not out[-1]:
        out.pop()
    return out


def html_to_text(html: str) -> str:
    """The text a reader sees in an HTML mail; quoted earlier mail comes out as ``> `` lines
    and signature blocks are left out."""
    collector = _TextCollector()
    for token in tokens(html):
        if isinstance(token, StartTag):
            if token.closed:
                collector.handle_startendtag(token.name, token.attrs)
            else:
                collector.handle_starttag(token.name, token.attrs)
        elif isinstance(token, EndTag):
            collector.handle_endtag(token.name)
        else:
            collector.handle_data(token.text)
    return collector.text()
