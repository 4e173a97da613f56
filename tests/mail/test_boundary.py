"""The parser's boundary matcher (judge.mail.boundary) against the regular expression
email.feedparser would compile, and whole mails parsed with and without it."""

from __future__ import annotations

import email
import re
from email import feedparser
from email.message import EmailMessage
from email.policy import compat32

from hypothesis import given
from hypothesis import strategies as st

from judge.mail import boundary
from judge.mail.decode import decode_mail

# boundaries as clients make them, and anything RFC 2046 allows (and some it does not)
BOUNDARY_TEXT = st.text(alphabet=st.sampled_from(
    "abcXYZ019'()+_,-./:=? \t\\[]{}*^$|&~#\r\n\x0b\u00e9"), min_size=1, max_size=30)
TAILS = st.text(alphabet=st.sampled_from("-- \t\r\nx"), max_size=8)


@given(BOUNDARY_TEXT, TAILS, st.booleans())
def test_matcher_matches_the_parsers_regular_expression(text: str, tail: str,
                                                        prefixed: bool) -> None:
    separator = "--" + text
    real = re.compile(boundary.boundary_pattern(separator))
    ours = feedparser.re.compile(boundary.boundary_pattern(separator))
    assert isinstance(ours, boundary.BoundaryMatcher)
    for line in (separator + tail, ("x" if prefixed else "") + separator[:-1] + tail,
                 tail + separator):
        want, got = real.match(line), ours.match(line)
        assert bool(want) == bool(got)
        if want and got:
            for group in ("end", "ws", "linesep"):
                assert want.group(group) == got.group(group)


def test_other_patterns_are_compiled_as_ever() -> None:
    assert feedparser.re.compile(r"(?P<sep>a)b") == re.compile(r"(?P<sep>a)b")
    unescaped = "(?P<sep>--a.b" + boundary._FOOT  # not what re.escape makes: a real regex
    assert feedparser.re.compile(unescaped) == re.compile(unescaped)


def _multipart(text: str, boundary_text: str) -> bytes:
    m = EmailMessage()
    m["From"] = "p@example.org"
    m["Subject"] = "orders"
    m.set_content(text)
    m.add_alternative(f"<div>{text}</div>", subtype="html")
    m.set_boundary(boundary_text)
    return m.as_bytes()


@given(st.text(alphabet=st.sampled_from("abc\n-> "), max_size=40),
       st.text(alphabet=st.sampled_from("abcXYZ019'()+_,-./:=?"), min_size=1, max_size=40),
       st.sampled_from(["", "--", " \t", "x"]))
def test_mails_parse_as_with_the_standard_parser(text: str, boundary_text: str,
                                                 spoil: str) -> None:
    raw = _multipart(text, boundary_text)
    if spoil:  # a closing delimiter spoiled: the parser's defects and epilogue paths
        raw = raw.replace(f"--{boundary_text}--".encode(), f"--{boundary_text}{spoil}".encode())
    ours = email.message_from_bytes(raw, policy=compat32)
    shim = feedparser.re
    try:
        feedparser.re = re  # type: ignore[attr-defined]
        real = email.message_from_bytes(raw, policy=compat32)
        decoded = decode_mail(raw)
    finally:
        feedparser.re = shim  # type: ignore[attr-defined]
    assert ours.as_bytes() == real.as_bytes()
    assert [type(d) for d in ours.defects] == [type(d) for d in real.defects]
    assert decode_mail(raw) == decoded
