"""``judge demo --game shareholders``: four scripted players through a 1901-Shareholders
year by SMTP against a judge serve of its own; each reader's mail, and nobody's January
orders reach another player."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

HOLDERS = ("ANN", "BEN", "CID", "DOT")


@pytest.mark.slow
def test_the_shareholders_demo_plays_a_year() -> None:
    run = subprocess.run([sys.executable, "-m", "judge.cli", "demo", "--game", "shareholders",
                          "--by-reader"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "ended (end_year)" in run.stderr
    parts = re.split(r"^# (\w+) <[^>]+>: \d+ mails$", run.stdout, flags=re.MULTILINE)
    mail = dict(zip(parts[1::2], parts[2::2], strict=True))
    assert set(mail) == {*HOLDERS, "master"}
    for name in (*HOLDERS, "master"):
        for phase in ("W1900D", "W1900A", "S1901M", "F1901M"):
            assert f"Shareholders {phase} (" in mail[name]
        assert ("The game is over: the end year was reached; the highest net worth wins. "
                "Winner: ANN.") in " ".join(mail[name].split())
    assert "BUY 7 GERMANY" in mail["DOT"]
    assert all("BUY 7 GERMANY" not in mail[n] for n in ("ANN", "BEN", "CID", "master"))
    assert "A PAR - PIC" in mail["CID"] and "A PAR - PIC" not in mail["ANN"]
    # refused at his SIGNON as FRANCE (issue 23)
    assert "BEN does not lead, direct or command FRANCE" in " ".join(mail["BEN"].split())
    assert "FRANCE: the Codirectors did not all order BUILD F BRE" in mail["ANN"]
    assert "did not all order" not in mail["BEN"] + mail["DOT"]
