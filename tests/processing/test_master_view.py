"""The master's view by mail: STATUS signed on as master (and the master's SUMMARY) shows,
per power, who plays it, whether it must act and has sent its orders, its wait flag, draw
vote and lateness, and the deadline; never what the orders say, nor an address."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from tests.processing.conftest import MASTER, Judge, address, signon

MASTER_SIGNON = "SIGNON MASTER@alpha masterpw"


def _row(view: str, power: str) -> list[str]:
    (line,) = [x for x in view.splitlines() if x.strip().startswith(power + " ")]
    return line.split()


def test_the_master_sees_who_has_acted_but_not_what(full: Callable[..., Judge]) -> None:
    judge = full("PAYOLA")
    judge.reply(address("ITALY"), signon("ITALY"), "RESIGN")  # ITALY open again
    judge.reply(MASTER, MASTER_SIGNON, "START")  # ... and in civil disorder
    judge.reply(address("FRANCE"), signon("FRANCE"), "5 : A PAR - BUR", "SET WAIT",
                "SET DRAW")
    judge.reply(address("ENGLAND"), signon("ENGLAND"), "SET DRAW ENGLAND, FRANCE")
    view = judge.reply(MASTER, MASTER_SIGNON, "STATUS")
    assert "Master's view of alpha (active), phase S1901M, deadline " in view
    assert _row(view, "FRANCE") == ["FRANCE", "yes", "yes", "yes", "yes", "all", "survivors",
                                    "no"]
    assert _row(view, "ENGLAND") == ["ENGLAND", "yes", "yes", "no", "no", "EF", "no"]
    assert _row(view, "ITALY") == ["ITALY", "disorder", "-", "-", "no", "-", "no"]
    assert "PAR - BUR" not in view and "5 :" not in view  # what was sent: never
    assert "players.example" not in view  # nor an address
    summary = judge.reply(MASTER, MASTER_SIGNON, "SUMMARY alpha")
    assert "Master's view of alpha" in summary
    # a player's SUMMARY has none of it, and a player's STATUS stays his own
    assert "Master's view" not in judge.reply(address("GERMANY"), "SUMMARY alpha")
    assert "Master's view" not in judge.reply(address("GERMANY"), signon("GERMANY"), "STATUS")
    # past the deadline, before the processor's next run: who sent nothing is late
    judge.now = judge.record().deadline + timedelta(hours=1)
    view = judge.reply(MASTER, MASTER_SIGNON, "STATUS")
    assert _row(view, "GERMANY")[-1] == "LATE" and _row(view, "FRANCE")[-1] == "no"
