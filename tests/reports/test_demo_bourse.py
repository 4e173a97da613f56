"""``judge demo --game bourse`` end to end: a standard game with a Bourse beside it, two
outsiders and a host player trading under pseudonyms; the host's mail never names a
pseudonym, and the Bourse's letters go to its members and the master only."""

from __future__ import annotations

import re
import subprocess
import sys

PSEUDONYMS = ("ARGENT", "BULLION", "CROWN")


def test_the_bourse_demo() -> None:
    run = subprocess.run([sys.executable, "-m", "judge.cli", "demo", "--game", "bourse"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "ended (draw)" in run.stderr
    story = run.stdout
    # each mail as printed, without the narration of the next part that may follow it
    mails = [m.split("=" * 78)[0] for m in re.split(r"^--- ", story, flags=re.MULTILINE)[1:]]
    bourse = [m for m in mails if "Bourse S1901M results" in m.splitlines()[0]]
    assert len(bourse) == 1 and "    to FRANCE, master, carol, dave" in bourse[0]
    assert "ARGENT               BUY 400 FRANCS: bought 400, paid 400.00" in bourse[0]
    assert "FRANCS          400        0     1.00     1.04" in bourse[0]
    assert "has a Bourse turn open and NO_EARLY" in story
    assert "pseudonym CROWN is taken" in story
    end = next(m for m in mails if "the Bourse ends" in m.splitlines()[0])
    assert "Winner: ARGENT." in end and "@" not in end.split("\n", 2)[2]
    # CROWN's trades discarded with the open turn: in his copy of the end letter alone
    ends = {m.splitlines()[1].strip(): m for m in mails if "the Bourse ends" in m.splitlines()[0]}
    assert set(ends) == {"to carol", "to FRANCE, dave", "to master"}
    assert "CROWN: SELL 100 MARKS; BUY 100 LIRA" in ends["to carol"]
    assert all("SELL 100 MARKS" not in m for to, m in ends.items() if to != "to carol")
    # S1902M opens after a winter without a turn: a letter to the members who play no power
    opens = [m for m in mails if "Bourse turn S1902M is open" in m.splitlines()[0]]
    assert len(opens) == 1 and opens[0].splitlines()[1].strip() == "to carol, dave"
    for mail in mails:
        head, to = mail.splitlines()[:2]
        if "Bourse" in head or to.strip() in ("to carol", "to dave", "to FRANCE"):
            continue
        for name in PSEUDONYMS:
            assert not re.search(rf"\b{name}\b", mail), (head, to)
