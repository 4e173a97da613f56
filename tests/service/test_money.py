"""Payola money by mail: acceptance lists and transfers, with private notices."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select

from judge.storage.schema import LedgerEntry, Power
from tests.service.conftest import POWERS, Judge, address

FRANCE = ("SIGNON france@alpha pwfrance",)


def _balances(judge: Judge) -> dict[str, int]:
    with judge.factory() as s:
        return {p.name: p.balance for p in s.scalars(select(Power))}


def test_starting_balances_follow_spec_2_2(started: Callable[..., Judge]) -> None:
    judge = started("PAYOLA")
    balances = _balances(judge)
    assert balances["FRANCE"] == 48 and balances["RUSSIA"] == 62


def test_accept_replaces_the_list_or_changes_nothing(started: Callable[..., Judge]) -> None:
    judge = started("PAYOLA")
    assert "is now FG?" in judge.reply(address("FRANCE"), *FRANCE, "ACCEPT FG?")
    body = judge.reply(address("FRANCE"), *FRANCE, "ACCEPT FFX")
    assert "letter F appears more than once" in body
    assert "Acceptance list: FG?" in judge.reply(address("FRANCE"), *FRANCE, "STATUS")


def test_transfer_moves_money_and_tells_both_privately(started: Callable[..., Judge]) -> None:
    judge = started("PAYOLA")
    out = {m.recipient: m for m in judge.send(address("FRANCE"), *FRANCE, "TRANSFER 10 TO Germany")}
    reply, notice = out[address("FRANCE")], out[address("GERMANY")]
    # the sender's notice is its reply: money out is negative, as money in is positive
    assert ("      ACCOUNT ACTIVITY FOR FRANCE\n"
            "      BALANCE FORWARD          48 AgP\n"
            "      TRANSFER TO GERMANY     -10 AgP\n"
            "      CURRENT BALANCE          38 AgP\n") in reply.body
    assert "TRANSFER FROM FRANCE" in notice.body and "58 AgP" in notice.body
    assert "38" not in notice.body  # the sender's balance stays the sender's
    assert _balances(judge)["GERMANY"] == 58
    with judge.factory() as s:
        entries = s.scalars(select(LedgerEntry).where(LedgerEntry.kind == "transfer")).all()
        assert sorted(e.amount for e in entries) == [-10, 10]


def test_bad_transfers_change_nothing(started: Callable[..., Judge]) -> None:
    judge = started("PAYOLA")
    for line, said in [
        ("TRANSFER 0 TO ITALY", "from 1 up to your balance"),
        ("TRANSFER -5 TO ITALY", "from 1 up to your balance"),
        ("TRANSFER 49 TO ITALY", "you have 48 AgP"),
        ("TRANSFER 5 TO FRANCE", "to itself"),
        ("TRANSFER 5 TO NARNIA", "not a power"),
    ]:
        assert said in judge.reply(address("FRANCE"), *FRANCE, line), line
    assert _balances(judge)["FRANCE"] == 48


def test_anon_transfer_hides_the_sender(judge: Judge) -> None:
    judge.reply("gm@example.org", "CREATE alpha masterpw PAYOLA ANON_TRANSFER")
    for power in POWERS:
        judge.reply(address(power), f"JOIN alpha pw{power.lower()} {power}")
    judge.reply("gm@example.org", "SIGNON MASTER@alpha masterpw", "START")
    out = judge.send(address("FRANCE"), *FRANCE, "TRANSFER 10 TO ITALY")
    (notice,) = [m for m in out if m.recipient == address("ITALY")]
    assert "FROM SOMEONE" in notice.body and "FRANCE" not in notice.body


def test_money_commands_in_a_standard_game_are_refused(started: Callable[..., Judge]) -> None:
    judge = started()
    assert "not a Payola game" in judge.reply(address("FRANCE"), *FRANCE, "TRANSFER 1 TO ITALY")
