"""Mail test fixtures: settings on a free loopback port, databases from tests/dbfixtures."""

from __future__ import annotations

import re
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.config import Settings, settings_from_text
from tests.dbfixtures import db_engine, db_url, session, session_factory  # noqa: F401

SERVING = re.compile(r"judge serving .* on \S+:(\d+)$", re.MULTILINE)


def serving_port(log: Path, process: subprocess.Popen[Any], timeout: float = 30) -> int:
    """The port a ``judge serve`` process configured with port 0 listens on, read from
    the line it logs once it listens."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace") if log.exists() else ""
        if match := SERVING.search(text):
            return int(match.group(1))
        assert process.poll() is None, text
        time.sleep(0.05)
    raise AssertionError("judge serve did not start listening")


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port nobody listens on: bound by the test (so nothing else takes it)
    but not listening, so a connection is refused."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        yield int(s.getsockname()[1])


@pytest.fixture
def settings(tmp_path: Path, db_url: str) -> Settings:  # noqa: F811
    """Settings for a judge at judge@example.org on any free port (0: the listener says which),
    its database the test's."""
    return settings_from_text(
        f"[judge]\naddress = judge@example.org, Games@Example.org\nkeeper = keeper@example.org\n"
        "[smtp]\nhost = 127.0.0.1\nport = 0\nmax_message_size = 64K\n"
        f"[database]\nurl = {db_url}\n[outgoing]\nretry_seconds = 10\nmax_attempts = 3\n",
        tmp_path,
    )
