"""The judge daemon: the SMTP listener, the inbox worker and the outbox sender run together."""

from __future__ import annotations

import logging
import signal
import threading
from types import FrameType

from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail.delivery import Delivery
from judge.mail.listener import Listener
from judge.mail.send import run_sender
from judge.mail.worker import BounceHandler, MailHandler, run_worker

log = logging.getLogger(__name__)


class Daemon:
    """``judge serve``: mail stored by the listener wakes the worker; replies it queues
    wake the sender. Each runs in its own thread; a failure in one mail stops nothing."""

    def __init__(
        self,
        settings: Settings,
        factory: sessionmaker[Session],
        handler: MailHandler,
        delivery: Delivery | None = None,
        bounces: BounceHandler | None = None,
    ) -> None:
        self.settings = settings
        self.stopping = threading.Event()
        self.inbox_waiting = threading.Event()
        self.outbox_waiting = threading.Event()
        self.listener = Listener(settings, factory, on_stored=self.inbox_waiting.set)
        self.threads = [
            threading.Thread(
                target=run_worker, name="inbox-worker", daemon=True,
                args=(factory, settings, handler, self.stopping, self.inbox_waiting),
                kwargs={"on_handled": self.outbox_waiting.set, "bounces": bounces,
                        "before_each": self.listener.handler.wait_for_writes},
            ),
            threading.Thread(
                target=run_sender, name="outbox-sender", daemon=True,
                args=(factory, settings, self.stopping, self.outbox_waiting, delivery,
                      self.listener.handler.wait_for_writes),
            ),
        ]

    @property
    def port(self) -> int:
        return self.listener.port

    def start(self) -> None:
        for thread in self.threads:
            thread.start()
        self.listener.start()

    def stop(self) -> None:
        """Refuse new connections first, then let the worker and sender finish their mail."""
        self.listener.stop()
        self.stopping.set()
        self.inbox_waiting.set()
        self.outbox_waiting.set()
        for thread in self.threads:
            thread.join()

    def __enter__(self) -> Daemon:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def serve_forever(self) -> None:
        """Run until SIGINT or SIGTERM."""
        done = threading.Event()

        def _stop(signum: int, frame: FrameType | None) -> None:
            log.info("signal %s: stopping", signum)
            done.set()

        previous = {s: signal.signal(s, _stop) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            with self:
                log.info("judge serving %s on %s:%s", ", ".join(self.settings.addresses),
                         self.settings.smtp_host, self.port)
                done.wait()
        finally:
            for s, handler in previous.items():
                signal.signal(s, handler)
