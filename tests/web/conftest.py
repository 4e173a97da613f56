"""Web tests: the real web server (uvicorn in its thread, as ``judge serve`` runs it) on a
real database, with games played through ``handle_mail`` and the processor."""

from __future__ import annotations

import http.client
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings, settings_from_text
from judge.web.server import WebServer
from tests.dbfixtures import db_engine, db_url, session, session_factory  # noqa: F401
from tests.markets.conftest import MarketJudge
from tests.service.conftest import POWERS, address


@pytest.fixture
def settings(tmp_path: Path, db_url: str) -> Settings:  # noqa: F811
    return settings_from_text(
        "[judge]\naddress = judge@example.org\nkeeper = keeper@example.org\n"
        f"[database]\nurl = {db_url}\n[security]\nscrypt_n = 1024\n"
        "[web]\nhost = 127.0.0.1\nport = 0\n", tmp_path)


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    cookies: dict[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Browser:
    """A plain HTTP client of the web server: one request a connection, the cookies it
    was given kept."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None, keep: bool = True) -> Answer:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        sent = dict(headers or {})
        if self.cookies and "Cookie" not in sent:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            answer = Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                            response.read())
            for name, value in response.getheaders():
                if name.lower() == "set-cookie" and keep:
                    pair = value.split(";", 1)[0]
                    key, _, val = pair.partition("=")
                    if val and "max-age=0" not in value.lower() and "expires=thu, 01 jan 1970" \
                            not in value.lower():
                        self.cookies[key.strip()] = val.strip().strip('"')
                    else:
                        self.cookies.pop(key.strip(), None)
            return answer
        finally:
            connection.close()

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def post(self, path: str, fields: dict[str, str]) -> Answer:
        from urllib.parse import urlencode

        return self.request("POST", path, urlencode(fields).encode(),
                            {"Content-Type": "application/x-www-form-urlencoded"})


@pytest.fixture
def market(session_factory: sessionmaker[Session],  # noqa: F811
           settings: Settings) -> MarketJudge:
    return MarketJudge(session_factory, settings)


@contextmanager
def serving(settings: Settings, factory: sessionmaker[Session]) -> Iterator[WebServer]:
    """A web server on the test's database, started, and stopped after."""
    server = WebServer(settings, factory)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def web(settings: Settings, session_factory: sessionmaker[Session]  # noqa: F811
        ) -> Iterator[WebServer]:
    with serving(settings, session_factory) as server:
        yield server


@pytest.fixture
def browser(web: WebServer) -> Callable[[], Browser]:
    return lambda: Browser(web.port)


def payola_game(judge: MarketJudge, name: str = "alpha", flags: str = "") -> None:
    """A Payola game of seven, started."""
    judge.reply("gm@example.org", f"CREATE {name} masterpw PAYOLA {flags}".strip())
    for power in POWERS:
        judge.reply(address(power), f"JOIN {name} pw{power.lower()} {power}")
    body = judge.reply("gm@example.org", f"SIGNON MASTER@{name} masterpw", "START")
    assert "started" in body, body
