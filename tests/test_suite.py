"""How the suite itself runs: without a PostgreSQL server, one line (not one per test)
says which store tests were left out and how to run them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PG_ENV

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_without_postgresql_one_line_says_what_was_left_out() -> None:
    env = {k: v for k, v in os.environ.items() if k != PG_ENV}
    env["PYTHONPATH"] = str(ROOT)
    # the suite's own options, through a pytest-xdist worker as the README's command runs
    # it (one is enough: the count comes from the worker to the controller)
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "1",
               "tests/storage/test_mailqueue.py"]
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    mentions = [line for line in run.stdout.splitlines() if PG_ENV in line]
    assert len(mentions) == 1, run.stdout
    assert "store tests on PostgreSQL were not run" in mentions[0]
    assert ".ci/postgres.sh" in mentions[0]
    assert "SKIPPED" not in run.stdout and "skipped" not in run.stdout
    count = int(mentions[0].split()[0])
    assert count > 0
