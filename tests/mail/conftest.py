"""Mail test fixtures: settings on a free loopback port, databases from tests/dbfixtures."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from judge.config import Settings, settings_from_text
from tests.dbfixtures import db_engine, db_url, session, session_factory  # noqa: F401


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def settings(tmp_path: Path, db_url: str) -> Settings:  # noqa: F811
    """Settings for a judge at judge@example.org on a free port, its database the test's."""
    return settings_from_text(
        f"[judge]\naddress = judge@example.org, Games@Example.org\nkeeper = keeper@example.org\n"
        f"[smtp]\nhost = 127.0.0.1\nport = {free_port()}\nmax_message_size = 64K\n"
        f"[database]\nurl = {db_url}\n[outgoing]\nretry_seconds = 10\nmax_attempts = 3\n",
        tmp_path,
    )
