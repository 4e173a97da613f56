"""Every mail of a game stays within 78 columns, as judges' mail always has: replies,
notices and results alike. Only what the player wrote is quoted as written."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

from judge.storage.mailqueue import OutboundMessage
from tests.processing.conftest import MASTER, POWERS, Judge, address, signon

H = timedelta(hours=1)
GM = ("SIGNON MASTER@alpha masterpw",)
WATCHER = "watcher@elsewhere.example"
ECHO = re.compile(r"^ *\d+> ")  # a command line echoed as the player wrote it


def _too_wide(mails: list[OutboundMessage]) -> list[str]:
    return [f"{m.subject}: {line!r}" for m in mails for line in m.body.splitlines()
            if len(line) > 78 and not ECHO.match(line)]


def test_a_whole_game_of_mail_fits_in_78_columns(full: Callable[..., Judge]) -> None:
    judge = full("STANDARD", "SET ZONE America/Argentina/Buenos_Aires", "SET MOVE 2D")
    mails: list[OutboundMessage] = []
    mails += judge.send(MASTER, "HELP", "LIST")
    mails += judge.send(WATCHER, "OBSERVE alpha watchpw")
    mails += judge.run()[1]
    russia = (address("RUSSIA"), signon("RUSSIA"))
    mails += judge.send(*russia, "A WAR - GAL", "A MOS - UKR", "F SEV - RUM",
                        "F STP/SC - XYZ", "A WAR - BER", "", "Kind regards from the Tsar")
    mails += judge.send(*russia, "STATUS", "SET WAIT", "SET DRAW AEFGIRT",
                        "SET CONCEDE TURKEY", "SET DRAW QX", "SET ABSENCE 1 JAN TO 1 MAR",
                        "SUMMARY alpha", "HISTORY alpha", "SET ZONE Nowhere/Else")
    mails += judge.send("stranger@else.example", signon("RUSSIA"), "STATUS")
    mails += judge.send(address("ITALY"), signon("ITALY"), "PRESS TO AUSTRIA, RUSSIA",
                        "Shall we?", "ENDPRESS", "BROADCAST", "Peace!", "ENDPRESS")
    mails += judge.at(judge.record().deadline - 20 * H)[1]  # reminders
    mails += judge.at(judge.record().deadline + H)[1]  # late notices
    mails += judge.at(judge.record().deadline + 30 * H)[1]  # civil disorder
    mails += judge.send(MASTER, *GM, "PAUSE", "RESUME", "SET DEADLINE 2026-03-20 12:00",
                        "SET TIMING NEXT 1D", "PROCESS F1901M")
    mails += judge.send(MASTER, *GM, "ROLLBACK S1901M")
    mails += judge.send(address("TURKEY"), signon("TURKEY"), "RESIGN")
    mails += judge.send(MASTER, *GM, "EJECT AUSTRIA", "REPLACE TURKEY")
    mails += judge.send(MASTER, *GM, "TERMINATE")
    kinds = {m.subject.replace("alpha", "").split(" S1901M")[0] for m in mails}
    assert len(kinds) >= 15 and {address(p) for p in POWERS} <= {m.recipient for m in mails}
    assert _too_wide(mails) == []
