"""HELP over every kind of the registry, by mail through the real listener: the general
HELP lists each game with the line that creates it, each guide is mailed as plain text
(no markup, no broken wrapping, nothing a player cannot get by mail), and the rules a
guide cites can be had by mail, whole or a section at a time (issue 23, point 7)."""

from __future__ import annotations

import re

import pytest

from judge.games import KINDS
from judge.service.answer_limits import MAX_REPLY
from tests.e2e.conftest import MailJudge

WIDTH = 78
GUIDED = [k for k in KINDS if k.guide is not None]
RULED = [k for k in KINDS if k.rules is not None]


def _body(by_mail: MailJudge, reader: str, line: str) -> str:
    return by_mail.replies(reader, line)[reader]


def test_the_general_help_lists_every_game_with_its_create_line(by_mail: MailJudge) -> None:
    plain = _body(by_mail, "newcomer@example.org", "HELP")
    lines = [" ".join(x.split()) for x in plain.splitlines()]
    for kind in KINDS:
        assert any(x.lower().startswith(kind.title.lower() + ": create <game> <password>")
                   and x.endswith(kind.word) for x in lines), kind
    assert "HELP <word> mails its guide (Diplomacy: HELP ORDERS)" in " ".join(lines)
    assert "HELP RULES <game>" in plain
    assert max(len(x) for x in plain.splitlines()) <= WIDTH


def _filled(text: str) -> list[tuple[str, str]]:
    """Pairs of lines of one paragraph where the first was broken before it was full: the
    next line's first word would have fitted on it."""
    out: list[tuple[str, str]] = []
    lines = text.splitlines()
    for line, after in zip(lines, lines[1:], strict=False):
        prose = line[:1].isalnum() and after[:1].isalnum()
        if prose and not re.fullmatch(r"[=~-]+", after) and \
                len(line) + 1 + len(after.split()[0]) <= WIDTH:
            out.append((line, after))
    return out


@pytest.mark.parametrize("kind", GUIDED, ids=lambda k: k.name)
def test_every_guide_is_mailed_as_plain_text(by_mail: MailJudge, kind) -> None:
    reader = f"guide-{kind.name}@example.org"
    body = _body(by_mail, reader, f"HELP {kind.word}")
    guide = body.split("\n", 1)[1].split("\n-- \n")[0]  # past the echoed line, before the signature
    assert not guide.lstrip().startswith("REFUSED"), body
    assert "`" not in guide
    assert not [x for x in guide.splitlines() if x.startswith("#")]
    assert "**" not in guide and "](" not in guide and "|---" not in guide.replace(" ", "")
    assert ".md" not in guide and "docs/" not in guide and "http" not in guide
    assert max(len(x) for x in guide.splitlines()) <= WIDTH
    assert _filled(guide) == []
    if re.search(r"\bspec\b", guide):  # it cites the rules: they come by mail
        assert f"HELP RULES {kind.word}" in " ".join(guide.split())


def _headings(text: str) -> list[str]:
    lines = text.splitlines()
    return [x for x, under in zip(lines, lines[1:], strict=False)
            if x and re.fullmatch(r"[=~-]{3,}", under)]


@pytest.mark.parametrize("kind", RULED, ids=lambda k: k.name)
def test_the_rules_of_every_game_come_by_mail(by_mail: MailJudge, kind) -> None:
    reader = f"rules-{kind.name}@example.org"
    whole = _body(by_mail, reader, f"HELP RULES {kind.word}")
    assert "REFUSED" not in whole.splitlines()[1]
    assert "The reply was cut here" not in whole and len(whole) < MAX_REPLY
    assert "1. Overview" in whole or "1. Overview and phase sequence" in whole
    assert "`" not in whole and max(len(x) for x in whole.splitlines()
                                    if not x.startswith("    ")) <= WIDTH
    one = _body(by_mail, reader, f"HELP RULES {kind.word} 2")
    assert _headings(one)[0].startswith("2. "), one
    assert not [x for x in _headings(one) if not x.startswith("2")]  # section 2 alone
    assert len(one) < len(whole) / 2


def test_help_rules_refusals_say_what_to_write(by_mail: MailJudge) -> None:
    reader = "asker@example.org"
    bare = " ".join(_body(by_mail, reader, "HELP RULES").split())
    assert "HELP RULES needs a game: HELP RULES " + " | ".join(k.word for k in RULED) in bare
    standard = " ".join(_body(by_mail, reader, "HELP RULES STANDARD").split())
    assert "published rulebook" in standard and "HELP ORDERS" in standard
    missing = " ".join(_body(by_mail, reader, "HELP RULES PAYOLA 99").split())
    assert "there is no section 99" in missing
    decision = _body(by_mail, "decider@example.org", "HELP RULES SHAREHOLDERS D3")
    assert "D3. " in decision and "D4. " not in decision


def test_the_exchange_guide_tells_an_owner_what_he_learns_of_bribes(
        by_mail: MailJudge) -> None:
    guide = " ".join(_body(by_mail, "owner@example.org", "HELP EXCHANGE").split())
    assert "HELP RULES PAYOLA 6.1" in guide
    assert "marks with * each unit whose order none of the corporation's money paid for" \
        in guide
    assert "never who" in guide
