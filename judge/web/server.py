"""The web server beside the mail: uvicorn serving the web application in a thread of
``judge serve`` (``[web]`` in judge.conf: host, port)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.web.app import create_app

log = logging.getLogger(__name__)

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8080


def wanted(settings: Settings) -> bool:
    """Whether judge.conf asks for the web pages: it has a ``[web]`` section."""
    return "web" in settings.options


class WebServer:
    """uvicorn in a thread of its own; ``port`` is the port it listens on (``[web] port
    = 0``: a free one)."""

    def __init__(self, settings: Settings, factory: sessionmaker[Session]) -> None:
        host = settings.option("web", "host", DEFAULT_HOST) or DEFAULT_HOST
        port = int(settings.option("web", "port", str(DEFAULT_PORT)) or DEFAULT_PORT)
        behind_proxy = settings.option("web", "behind_proxy", "no").lower() in ("yes", "true")
        config = uvicorn.Config(create_app(settings, factory), host=host, port=port,
                                log_level="warning", access_log=False, lifespan="off",
                                proxy_headers=behind_proxy, server_header=False,
                                limit_concurrency=200, timeout_keep_alive=5)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="web", daemon=True)

    @property
    def port(self) -> int:
        for server in self.server.servers:
            for sock in server.sockets:
                return int(sock.getsockname()[1])
        raise RuntimeError("the web server is not listening")

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        log.info("web pages on http://%s:%s/", self.server.config.host, self.port)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@contextmanager
def web_thread(settings: Settings, factory: sessionmaker[Session]) -> Iterator[WebServer | None]:
    """The web server while the block runs, when judge.conf asks for it (else None)."""
    if not wanted(settings):
        yield None
        return
    server = WebServer(settings, factory)
    server.start()
    try:
        yield server
    finally:
        server.stop()
