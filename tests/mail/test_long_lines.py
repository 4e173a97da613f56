"""Very long lines of every shape the mail reader treats specially are read in linear time
(issue 12: one line of ``<br>`` tags used to stop the judge for minutes), and what follows
them is still read."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.mail.decode import decode_mail
from judge.mail.lines import command_lines
from judge.mail.markup import html_to_text
from judge.text.script import read_script

# Pieces the reader looks for: tags, quotes, attribution words, separators, signatures,
# header words, sign-offs, and the punctuation its patterns stop at.
SHAPES = [
    "<br>", "<br/>", "<br />", "<BR >", "<br", "< br>", "<", ">", "> ", ">>", "&", "&amp;",
    "<a", "<a ", '<a b="', "<a b='c'", "</", "</a", "<!--", "-->", "<![CDATA[", "<!", "<?",
    "<div>", "</div>", "<blockquote>", '<div class="gmail_quote">', "<script>", "<pre>",
    "wrote", "wrote ", " wrote:", "On ", "schrieb ", ":", " :", "\\\\;", "\\\\", ";", "//",
    "-- ", "--", "-", "---", "_", "__________", "From:", "from ", "*", "**From:**", "Sent:",
    "-----Original Message-----", "original message", "sign", "off", "sign off", "signoff ",
    "Sent from my ", " ", "\t", ".", ",", "=", '"', "'", "x", "é", "\u2014", "\u200b",
]
BUDGET = 10.0  # seconds for a quarter-megabyte mail; the quadratic reader took minutes
SIZE = 200_000


def long_line(shape: list[str], tail: str) -> str:
    unit = "".join(shape)
    return unit * (SIZE // len(unit)) + tail


shapes = st.lists(st.sampled_from(SHAPES), min_size=1, max_size=3)
tails = st.sampled_from(["", "x", ":", ">", " ", "wrote:", "<br>", "off"])


def _timed(read, *args):  # type: ignore[no-untyped-def]
    started = time.monotonic()
    result = read(*args)
    took = time.monotonic() - started
    assert took < BUDGET, f"{read.__name__} took {took:.1f} s"
    return result


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=shapes, tail=tails)
def test_a_long_plain_line_is_read_quickly_and_the_next_line_still_counts(
    shape: list[str], tail: str
) -> None:
    line = long_line(shape, tail)
    lines = _timed(command_lines, f"SIGNON France@alpha secret\n{line}\nHELP\n")
    assert lines[0] == "SIGNON France@alpha secret"
    assert lines[-1].strip() == "HELP" or lines[-1].endswith(";HELP")
    _timed(read_script, lines)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=shapes, tail=tails)
def test_a_long_html_line_is_read_quickly(shape: list[str], tail: str) -> None:
    _timed(html_to_text, f"<p>HELP</p>{long_line(shape, tail)}<p>LIST</p>")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=shapes, tail=tails, header=st.sampled_from(["From", "Reply-To", "Subject"]))
def test_a_long_header_is_read_quickly(shape: list[str], tail: str, header: str) -> None:
    value = long_line(shape, tail).replace("\r", " ").replace("\n", " ")
    raw = (f"{header}: {value}\r\nFrom: p@players.example\r\nMessage-ID: <x@y>\r\n\r\nHELP\r\n")
    mail = _timed(decode_mail, raw.encode("utf-8"))
    assert mail.body_lines == ("HELP",)
