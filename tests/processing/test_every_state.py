"""Every command a player, the master or an observer can send, in every state a game can
be in (forming, each phase type, paused, ended), in a standard and a Payola game: each is
answered, none crashes the judge (a template reading what a state does not carry would)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.processing.conftest import MASTER, Judge, address, send_orders, signon

OBSERVER = "watcher@example.org"
FAULT = "could not be processed"


def _everything(judge: Judge, payola: bool) -> None:
    """Every command of a player, the master, an observer and a stranger, answered."""
    player = ("SUMMARY alpha", "LIST", "LIST alpha", "HISTORY alpha", "HELP", "STATUS",
              "SET WAIT", "SET NOWAIT", "SET DRAW", "SET NODRAW", "SET CONCEDE ENGLAND",
              "SET NOCONCEDE", "SET ZONE Europe/Paris", "CLEAR")
    money = ("ACCEPT F?", "TRANSFER 1 TO ENGLAND") if payola else ()
    replies = [
        judge.reply(address("FRANCE"), signon("FRANCE"), *player, *money),
        judge.reply(MASTER, "SIGNON MASTER@alpha masterpw", "STATUS", "SUMMARY alpha",
                    "HISTORY alpha"),
        judge.reply(OBSERVER, "SIGNON O@alpha watchpw", "STATUS", "SUMMARY alpha"),
        judge.reply("stranger@example.org", "SUMMARY alpha", "HISTORY alpha", "LIST"),
    ]
    for body in replies:
        assert FAULT not in body, body



@pytest.mark.parametrize("variant", ["STANDARD", "PAYOLA"])
def test_every_command_in_every_state(full: Callable[..., Judge], variant: str) -> None:
    payola = variant == "PAYOLA"
    judge = full(variant)
    judge.reply(OBSERVER, "OBSERVE alpha watchpw")
    _everything(judge, payola)  # forming, every power joined
    judge.run()
    assert judge.record().phase == "S1901M"
    _everything(judge, payola)
    judge.reply(MASTER, "SIGNON MASTER@alpha masterpw", "PAUSE")
    _everything(judge, payola)
    judge.reply(MASTER, "SIGNON MASTER@alpha masterpw", "RESUME")
    send_orders(judge, {"FRANCE": ("A PAR - PIC", "A MAR H", "F BRE - MAO"),
                    "GERMANY": ("A MUN - BUR", "A BER H", "F KIE H")})
    judge.later(minutes=1)
    assert judge.record().phase == "F1901M"
    send_orders(judge, {"FRANCE": ("A PIC - BUR", "A MAR S A PIC - BUR", "F MAO - POR")})
    judge.later(minutes=1)
    assert judge.record().phase == "F1901R"
    _everything(judge, payola)
    judge.reply(address("GERMANY"), signon("GERMANY"), "A BUR - RUH")
    judge.later(minutes=1)
    assert judge.record().phase == "W1901A"
    _everything(judge, payola)
    judge.reply(MASTER, "SIGNON MASTER@alpha masterpw", "TERMINATE")
    _everything(judge, payola)
