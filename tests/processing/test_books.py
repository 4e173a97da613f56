"""The books a Payola game opens to everyone when it ends (payola.md 6.6): besides every
offer sheet and chart, every account statement each movement phase sent, word for word,
a replayed phase once (as replayed)."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

from tests.processing.conftest import MASTER, POWERS, Judge, address, signon

GM = ("SIGNON MASTER@alpha masterpw",)
EVERYONE = {address(p) for p in POWERS} | {MASTER}


def test_the_end_of_game_records_repeat_every_powers_statements(
        full: Callable[..., Judge]) -> None:
    judge = full("PAYOLA")
    judge.run()
    assert "refused" not in judge.reply(address("FRANCE"), signon("FRANCE"),
                                        "7 : A PAR - BUR % keep this quiet")
    done, mails = judge.at(judge.record().deadline + timedelta(days=1))
    assert "alpha: processed S1901M" in [str(d) for d in done]
    sent = {m.recipient: m.body for m in mails if m.subject == "Payola bribe results alpha S1901M"}
    assert set(sent) == {address(p) for p in POWERS}  # each its own, during play
    # the master rolls the phase back and France changes its mind: the replay counts
    judge.send(MASTER, *GM, "ROLLBACK S1901M")
    judge.reply(address("FRANCE"), signon("FRANCE"), "5 : A PAR - PIC % second thoughts")
    done, mails = judge.at(judge.record().deadline + timedelta(days=1))
    assert "alpha: processed S1901M" in [str(d) for d in done]
    replayed = {m.recipient: m.body for m in mails
                if m.subject == "Payola bribe results alpha S1901M"}
    out = judge.send(MASTER, *GM, "TERMINATE")
    books = {m.recipient: m.body for m in out if m.subject == "Payola records alpha"}
    assert set(books) == EVERYONE
    assert len(set(books.values())) == 1  # public now: the same for everyone
    body = next(iter(books.values()))
    for power in POWERS:
        assert body.count(f"SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR {power}\n") == 1
        assert replayed[address(power)].strip() in body  # as it was mailed
    assert "5 : A PAR - PIC % second thoughts" in body
    assert "keep this quiet" not in body  # the rolled-back phase is not in the books
    assert re.search(r"THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS: \d+ AgP", body)
