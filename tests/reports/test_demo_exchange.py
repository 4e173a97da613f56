"""``judge demo --game exchange`` end to end: judge serve as a process, four investors
and their leaders by SMTP from the first auction to the draw; each reader's mail printed."""

from __future__ import annotations

import re
import subprocess
import sys


def test_the_exchange_demo_by_reader() -> None:
    run = subprocess.run([sys.executable, "-m", "judge.cli", "demo", "--game", "exchange",
                          "--by-reader"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "ended (completed)" in run.stderr
    parts = re.split(r"^# (\w+) <[^>]+>: \d+ mails$", run.stdout, flags=re.MULTILINE)
    readers = dict(zip(parts[1::2], parts[2::2], strict=True))
    assert set(readers) == {"ALICE", "BOB", "CAROL", "DAVE", "master"}
    assert "Your bid of 150 AgP for FRANCE won" in readers["ALICE"]
    assert "Your bid of 150 AgP" not in readers["BOB"]
    assert "Floated: AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY." in readers["BOB"]
    assert "Your bribes paid: A MUN 3 (3 AgP)." in readers["DAVE"]
    assert "Your bribes paid" not in readers["CAROL"]
    assert "The game is over: a draw of " in " ".join(readers["master"].split())
