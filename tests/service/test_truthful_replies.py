"""Issue 23, point 1, for the standard and Payola kinds: random mails of valid and
invalid orders (standard) or offer lines (Payola) are sent for a power; each reply
either takes the whole set, listing it as the judge read it, or refuses it whole and
lists the set that stays; and what the reply says is in force is exactly what the phase
would play (the submission in force that the processor reads)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from judge.storage.phases import current_record
from judge.storage.schema import Game
from judge.storage.submissions import current_submission, submitted_lines
from tests.markets.test_truthful_replies import check_reply_shape
from tests.service.conftest import Judge, address

POOLS = {
    "STANDARD": ("orders", ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA", "A PAR H",
                            "A MUN - RUH", "A XYZ - BUR", "A PAR - MOS", "FROBNICATE"]),
    "PAYOLA": ("offers", ["4 : A PAR - BUR", "2 : F BRE - MAO", "2 : A MAR - SPA",
                          "1 : A MUN - RUH", "99999 : A PAR - BUR", "2 : A XYZ - BUR",
                          "4 : A PAR - MOS"]),
}
LISTED = re.compile(r"^ {6} *\d+  (.*?)(?: {4}\(you wrote: .*\))?$")  # the set taken
KEPT = re.compile(r"^ {8}(\S.*)$")  # the set that stays


def _in_force(judge: Judge, kind: str) -> list[str]:
    with judge.factory() as s:
        game = s.scalar(select(Game).where(Game.name == "alpha"))
        assert game is not None
        record = current_record(s, game)
        assert record is not None
        return [x.canonical for x in
                submitted_lines(current_submission(s, record, "FRANCE", kind))]


def listed_from(lines: list[str], start: int, skip: tuple[str, ...] = ("(none)",)
                ) -> list[str]:
    """The set a reply lists under its line ``start`` (taken or kept), passing over the
    lines ``skip`` names."""
    out = []
    for line in lines[start + 1:]:
        if line.strip() in skip:
            continue
        found = LISTED.match(line) or KEPT.match(line)
        if found is None:
            break
        out.append(found.group(1).strip())
    return out


def _listed(body: str, *after: str) -> list[str]:
    """The set a reply lists after the line holding one of ``after``."""
    lines = body.splitlines()
    start = next(n for n, line in enumerate(lines) if any(a in line for a in after))
    return listed_from(lines, start, skip=("", "(none)"))


@pytest.mark.parametrize("variant", sorted(POOLS))
@settings(max_examples=5, suppress_health_check=[HealthCheck.function_scoped_fixture],
          deadline=None)
@given(data=st.data())
def test_a_board_reply_says_what_is_in_force(started: Callable[[str], Judge], variant: str,
                                             data: st.DataObject) -> None:
    kind, pool = POOLS[variant]
    judge = getattr(started, "_made", None)
    if judge is None or getattr(judge, "_variant", None) != variant:
        judge = started(variant)
        judge._variant = variant  # type: ignore[attr-defined]
        started._made = judge  # type: ignore[attr-defined]
    for lines in data.draw(st.lists(st.lists(st.sampled_from(pool), min_size=1, max_size=4),
                                    min_size=1, max_size=3)):
        before = _in_force(judge, kind)
        body = judge.reply(address("FRANCE"), "SIGNON france@alpha pwfrance", *lines)
        check_reply_shape(body)
        now = _in_force(judge, kind)
        if "accepted, replacing any earlier set" in body:
            assert "REFUSED" not in body, body  # never some lines taken, others not
            assert _listed(body, "accepted, replacing any earlier set") == now, body
        else:
            assert "REFUSED" in body, body
            assert now == before, body  # a refused set changes nothing
            assert _listed(body, "stays as it was", "stay as they were") == now, body
