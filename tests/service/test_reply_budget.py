"""The reply budget of an address (judge.service.answer_limits) is counted only when a mail
does not start by signing on with the right password: such a mail is read whatever the
budget, and every other mail of an address over its budget is read and undone."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import func, select

from judge.service import inbound
from judge.storage.schema import Submission
from tests.service.conftest import Judge, address, writes_sent

BUDGET = 3


@pytest.fixture
def budgeted(started: Callable[..., Judge]) -> Judge:
    judge = started()
    judge.settings = replace(judge.settings, replies_per_hour=BUDGET)
    for _ in range(BUDGET):  # answers to mail that signed on nowhere use up the budget
        judge.reply(address("FRANCE"), "HELP")
    return judge


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int | None]]:
    """Every count of the budget made, and what it found."""
    seen: list[int | None] = []
    original = inbound.over_budget

    def counted(*args: Any) -> int | None:
        seen.append(original(*args))
        return seen[-1]

    monkeypatch.setattr(inbound, "over_budget", counted)
    yield seen


def _submissions(judge: Judge) -> int:
    with judge.factory() as s:
        return int(s.scalar(select(func.count()).select_from(Submission)) or 0)


def test_a_right_sign_on_first_is_read_over_the_budget_without_counting(
    budgeted: Judge, counts: list[int | None]
) -> None:
    body = budgeted.reply(address("FRANCE"), "SIGNON france@alpha pwfrance", "A PAR - BUR")
    assert "A PAR - BUR" in body and "REFUSED" not in body, body
    assert counts == []
    assert _submissions(budgeted) == 1


def test_a_wrong_sign_on_first_over_the_budget_is_not_read(
    budgeted: Judge, counts: list[int | None]
) -> None:
    out = budgeted.send(address("FRANCE"), "SIGNON france@alpha wrong", "A PAR - BUR")
    assert len(counts) == 1 and counts[0] is not None and counts[0] >= BUDGET
    # no answer (at most the one notice that the budget ran out)
    assert all(m.subject == "Diplomacy judge: no more answers this hour" for m in out), out
    assert _submissions(budgeted) == 0
    # and a later right sign-on, not first in its mail, is still read (counted first)
    body = budgeted.reply(address("FRANCE"), "HELP", "SIGNON france@alpha pwfrance",
                          "A PAR - BUR")
    assert len(counts) == 2 and counts[1] is not None
    assert _submissions(budgeted) == 1, body


def test_a_sign_on_that_is_refused_writes_nothing(
    started: Callable[..., Judge], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What lets the first sign-on run before the budget is counted: refused or with a
    wrong password, a sign-on sends no write and leaves nothing to flush."""
    judge = started()
    original = inbound.run
    writes: list[str] = []

    def first(ctx: Any, step: Any) -> Any:
        with writes_sent(ctx.session.connection()) as sent:
            result = original(ctx, step)
        writes.extend(sent)
        assert not (ctx.session.new or ctx.session.dirty or ctx.session.deleted)
        return result

    monkeypatch.setattr(inbound, "run", first)
    for line in ("SIGNON france@alpha wrong", "SIGNON france@nosuch pwfrance",
                 "SIGNON master@alpha pwfrance", "SIGNON observer@alpha x"):
        body = judge.reply(address("FRANCE"), line)
        assert "was refused" in body, body
    assert writes == []
