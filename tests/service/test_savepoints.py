"""Commands run without a savepoint (handlers.NOTHING_TO_UNDO) must write nothing before
they can be refused: a refusal then has nothing to undo."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from judge.service import handlers
from judge.service.context import Context, Refusal
from judge.text import commands as c
from judge.text.commands import Step
from tests.service.conftest import Judge, address, writes_sent

FRANCE = ("SIGNON france@alpha pwfrance",)


@pytest.fixture
def refusals(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every refusal of a command run without a savepoint, checked: no statement that
    writes was sent and nothing is waiting to be flushed when it was refused."""
    seen: list[str] = []
    for command in handlers.NOTHING_TO_UNDO:
        original = handlers.HANDLERS[command]

        def checked(ctx: Context, cmd: Any, step: Step, original: Any = original) -> Any:
            with writes_sent(ctx.session.connection()) as writes:
                try:
                    return original(ctx, cmd, step)
                except Refusal as refusal:
                    session = ctx.session
                    assert not writes, (step.text, writes)
                    assert not (session.new or session.dirty or session.deleted), step.text
                    seen.append(refusal.messages[0])
                    raise

        monkeypatch.setitem(handlers.HANDLERS, command, checked)
    yield seen


def test_orders_and_sign_ons_are_refused_before_any_write(
    started: Callable[..., Judge], refusals: list[str]
) -> None:
    assert c.Orders in handlers.NOTHING_TO_UNDO
    judge = started()
    judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR")
    judge.reply(address("FRANCE"), *FRANCE, "A PAR - PIC", "A MAR - MUN")  # bad lines
    judge.reply(address("FRANCE"), "A PAR - BUR")  # not signed on
    judge.reply(address("FRANCE"), "SIGNON france@nosuch pwfrance", "A PAR - BUR")
    judge.reply(address("FRANCE"), "SIGNON master@alpha pwfrance", "PAUSE")
    body = judge.reply("gm@example.org", "SIGNON MASTER@alpha masterpw", "PAUSE")
    assert "REFUSED" not in body, body
    judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR")  # the game is paused
    assert len(refusals) >= 5, refusals


def test_a_payola_sheet_is_refused_before_any_write(
    started: Callable[..., Judge], refusals: list[str]
) -> None:
    judge = started("PAYOLA")
    judge.reply(address("FRANCE"), *FRANCE, "5 : A PAR - BUR")
    body = judge.reply(address("FRANCE"), *FRANCE, "99999 : A PAR - PIC", "x : y")
    assert "REFUSED" in body
    assert refusals
