"""``judge demo --game capitalist`` end to end: judge serve as a process, nine pseudonyms
by SMTP through a year, the Maildir printed as a story; no address of a player in it."""

from __future__ import annotations

import re
import subprocess
import sys

from judge.games.capitalist.demo import PEOPLE


def test_the_capitalist_demo_plays_a_year_under_pseudonyms() -> None:
    run = subprocess.run([sys.executable, "-m", "judge.cli", "demo", "--game", "capitalist"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    out = run.stdout
    for phase in ("S1901C commerce results", "S1901M results", "F1901C commerce results",
                  "F1901M results", "W1901A results"):
        assert re.search(rf"^--- \w+: Capitalist {phase}$", out, re.M), phase
    flat = " ".join(out.split())
    assert "Commanders for S1901M: AUSTRIA PLUTUS ENGLAND MAMMON FRANCE FUGGER GERMANY MIDAS" \
        in flat
    assert "GERMANY CROESUS" in flat and "GERMANY (CROESUS) A RUH - HOL" in flat
    assert "MIDAS does not lead, direct or command GERMANY" in flat  # at his SIGNON
    assert "bought 100 MARK (reduced from 300)" in flat
    assert ("WARNING: your purchases cost 300.00 SFr but you will have 100.00 SFr; they will "
            "be reduced as the rules require") in flat
    assert "Message from PLUTUS to MIDAS" in flat
    assert "Rates for the commerce phase S1902C" in flat
    for person in PEOPLE.values():
        assert f"{person}@" not in out


def test_an_unknown_game_has_no_demo() -> None:
    run = subprocess.run([sys.executable, "-m", "judge.cli", "demo", "--game", "chess"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "invalid choice: 'chess'" in run.stderr
