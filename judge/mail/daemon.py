"""The judge daemon: the SMTP listener, the inbox worker and the outbox sender run together."""

from __future__ import annotations

import logging
import multiprocessing
import os
import select
import signal
import threading
from collections.abc import Callable
from multiprocessing.context import SpawnProcess
from types import FrameType
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail.delivery import Delivery
from judge.mail.listener import Listener, WriteGate
from judge.mail.send import run_sender
from judge.mail.worker import BATCH, BounceHandler, MailHandler, run_worker
from judge.storage.session import make_engine, make_sessionmaker

log = logging.getLogger(__name__)

THREAD, PROCESS = "thread", "process"
RESTART_SECONDS = 1.0  # a child that died is started again after this long


class PipeEvent:
    """An event between processes on a pipe: set writes a byte, clear reads them all.
    Unlike multiprocessing's Event (a condition variable), a process killed while
    waiting on it leaves it working (that one's notify waits for every sleeper to wake,
    for ever if one was killed). Any process may set it and see it set; one waits."""

    def __init__(self, context: Any) -> None:
        self._reader, self._writer = context.Pipe(duplex=False)
        os.set_blocking(self._reader.fileno(), False)
        os.set_blocking(self._writer.fileno(), False)

    def set(self) -> None:
        try:
            os.write(self._writer.fileno(), b"x")
        except BlockingIOError:  # the pipe is full of wake-ups already
            pass

    def clear(self) -> None:
        try:
            while os.read(self._reader.fileno(), 4096):
                pass
        except BlockingIOError:
            pass

    def is_set(self) -> bool:
        return self.wait(0)

    def wait(self, timeout: float | None = None) -> bool:
        return bool(select.select([self._reader.fileno()], [], [], timeout)[0])


def serve_options(settings: Settings) -> dict[str, str]:
    """``[serve] worker`` and ``sender``: ``thread`` (the default) runs that part in a
    thread of ``judge serve``'s process, ``process`` in a child process of its own."""
    out = {}
    for part in ("worker", "sender"):
        value = settings.option("serve", part, THREAD).strip().lower() or THREAD
        if value not in (THREAD, PROCESS):
            raise ValueError(f"[serve] {part} must be thread or process, not {value!r}")
        out[part] = value
    return out


class Daemon:
    """``judge serve``: mail stored by the listener wakes the worker; replies it queues
    wake the sender. Each runs in its own thread, or (``[serve]``) the worker and the
    sender each in a child process, on another core; a failure in one mail stops nothing.
    """

    def __init__(
        self,
        settings: Settings,
        factory: sessionmaker[Session],
        handler: MailHandler,
        delivery: Delivery | None = None,
        bounces: BounceHandler | None = None,
    ) -> None:
        self.settings = settings
        self.options = serve_options(settings)
        children = PROCESS in self.options.values()
        if delivery is not None and self.options["sender"] == PROCESS:
            raise ValueError("a sender in a child process makes its own delivery")
        # Events a child process waits on or sets are pipes (they work between threads
        # too); threads alone need no more than threading's.
        context = multiprocessing.get_context("spawn")
        new_event: Callable[[], Any] = (lambda: PipeEvent(context)) if children \
            else threading.Event
        self.stopping = new_event()
        self.inbox_waiting = new_event()
        self.outbox_waiting = new_event()
        self.gate = WriteGate(context if children else None,
                              one_writer=settings.database_url.startswith("sqlite"))
        self.listener = Listener(settings, factory, on_stored=self.inbox_waiting.set,
                                 gate=self.gate)
        worker_args = (settings, handler, self.stopping, self.inbox_waiting,
                       self.outbox_waiting.set, bounces, self.gate)
        sender_args = (settings, self.stopping, self.outbox_waiting, delivery,
                       self.gate.wait_for_writes)
        self.threads: list[threading.Thread] = []
        self.children: dict[str, tuple[Callable[..., None], tuple[Any, ...]]] = {}
        if self.options["worker"] == PROCESS:
            self.children["inbox-worker"] = (
                _worker_child, (settings, handler, bounces, self.stopping,
                                self.inbox_waiting, self.outbox_waiting, self.gate))
        else:
            # In a thread, one mail a write transaction: a batch holds the interpreter
            # lock for long stretches, and the listener's thread waits (measured so: a
            # third of the mail accepted, branch serve2)
            self.threads.append(threading.Thread(
                target=_worker, name="inbox-worker", daemon=True,
                args=(factory, *worker_args), kwargs={"batch": 1}))
        if self.options["sender"] == PROCESS:
            self.children["outbox-sender"] = (
                _sender_child, (settings, self.stopping, self.outbox_waiting, self.gate))
        else:
            self.threads.append(threading.Thread(
                target=run_sender, name="outbox-sender", daemon=True,
                args=(factory, *sender_args)))
        for name, (target, args) in self.children.items():
            self.threads.append(threading.Thread(
                target=self._supervise, name=f"{name}-supervisor", daemon=True,
                args=(context, name, target, args)))
        self.processes: dict[str, SpawnProcess] = {}

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

    def _supervise(self, context: Any, name: str, target: Callable[..., None],
                   args: tuple[Any, ...]) -> None:
        """Run a child process until the daemon stops; start it again if it dies."""
        while not self.stopping.is_set():
            process = context.Process(target=target, name=f"judge {name}",
                                      args=(*args, _log_setup()), daemon=True)
            process.start()
            self.processes[name] = process
            log.info("%s runs in process %s", name, process.pid)
            process.join()
            if self.stopping.is_set():
                break
            log.error("%s (process %s) ended with exit code %s; starting it again",
                      name, process.pid, process.exitcode)
            self.stopping.wait(RESTART_SECONDS)

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


def _worker(factory: sessionmaker[Session], settings: Settings, handler: MailHandler,
            stop: Any, wake: Any, on_handled: Callable[[], None],
            bounces: BounceHandler | None, gate: WriteGate, batch: int = BATCH) -> None:
    run_worker(factory, settings, handler, stop, wake, on_handled=on_handled,
               bounces=bounces, before_each=gate.worker_starts, after_each=gate.worker_ends,
               yield_to=gate.writer_waits, batch=batch)


def _child_setup(settings: Settings, stop: Any, logs: tuple[int, str | None] | None,
                 durable: bool = True) -> sessionmaker[Session]:
    """In a child process: log as the parent does, leave signals to the parent (it stops
    the child by ``stop``), stop when the parent is gone; the child's own engine."""
    if logs is not None:
        logging.basicConfig(level=logs[0], format=logs[1] or logging.BASIC_FORMAT)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        def _orphaned() -> None:
            parent.join()
            stop.set()

        threading.Thread(target=_orphaned, name="parent-watch", daemon=True).start()
    return make_sessionmaker(make_engine(settings.database_url, durable=durable))


def _log_setup() -> tuple[int, str | None] | None:
    """How the parent logs (the root logger's level and its first handler's format), for
    a child started by spawn, which starts with no logging set up."""
    root = logging.getLogger()
    if not root.handlers:
        return None
    formatter = root.handlers[0].formatter
    return root.level, formatter._fmt if formatter is not None else None


def _worker_child(settings: Settings, handler: MailHandler, bounces: BounceHandler | None,
                  stop: Any, wake: Any, outbox_waiting: Any, gate: WriteGate,
                  logs: tuple[int, str | None] | None) -> None:
    # the worker's commits need not wait for the disk (make_engine's ``durable``): in its
    # own process the fsync of every handled mail would be most of its wait on SQLite
    factory = _child_setup(settings, stop, logs, durable=False)
    _worker(factory, settings, handler, stop, wake, outbox_waiting.set, bounces, gate)


def _sender_child(settings: Settings, stop: Any, wake: Any, gate: WriteGate,
                  logs: tuple[int, str | None] | None) -> None:
    factory = _child_setup(settings, stop, logs)
    run_sender(factory, settings, stop, wake, None, gate.wait_for_writes)
